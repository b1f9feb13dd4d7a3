package engine

import (
	"context"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
)

// realVisits sums the root children's visits less their priors: the
// playouts that went through the root.
func realVisits(tr *tree) float32 {
	r := tr.at(0)
	var n float32
	for k := r.child; k < r.child+r.nChild; k++ {
		n += searched(tr.at(k))
	}
	return n
}

func TestTreePerThreadSumsTheRoots(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 2, Playouts: 6000, MaxNodes: 1000000, Seed: 6, TreePerThread: true})
	b := board.MustNew(9)
	d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.more) != 1 || e.more[0] == e.tree {
		t.Fatalf("%d extra trees, want 1 of its own", len(e.more))
	}
	if e.tree.maxNodes != 500000 || e.more[0].maxNodes != 500000 {
		t.Errorf("tree bounds %d and %d, want the 1000000 split in two", e.tree.maxNodes, e.more[0].maxNodes)
	}
	own := e.more[0].rootVisits() - e.more[0].base
	if own != 3000 || d.Playouts != 6000 {
		t.Errorf("%d playouts, %d of them in the second tree; want 6000 split between the two", d.Playouts, own)
	}
	// Every playout passed through one root child: after the sum, the
	// first tree's root children hold them all.
	if got := realVisits(e.tree); int(got) != d.Playouts {
		t.Errorf("root children hold %v playouts after the sum, want %d", got, d.Playouts)
	}
	if !b.Legal(board.Black, d.Move) || d.Move == board.Pass {
		t.Errorf("move %v", d.Move)
	}

	// The next move reuses both trees when the game follows a line both
	// grew (the move chosen from the sum may be one the second tree barely
	// tried; which line that is depends on the seed).
	m, reply := board.Pass, board.Pass
	r := e.tree.at(0)
	for k := r.child; k < r.child+r.nChild && reply == board.Pass; k++ {
		if mv := e.tree.at(k).move; mv != board.Pass {
			m, reply = mv, e.bestReply(mv)
		}
	}
	if reply == board.Pass {
		t.Fatal("no line of two moves was grown in both trees")
	}
	if err := b.Play(board.Move{Color: board.Black, Point: m}); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(board.Move{Color: board.White, Point: reply}); err != nil {
		t.Fatal(err)
	}
	d2, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	// Reuse copies the kept subtree into a new tree, so each tree's base
	// (its root visits when the search began) tells whether it was kept.
	if e.tree.base == 0 || e.more[0].base == 0 || d2.Reused == 0 {
		t.Errorf("trees began with %d and %d root visits, reused %d: want both trees reused", e.tree.base, e.more[0].base, d2.Reused)
	}
}

// bestReply is the most visited answer to m in the first tree whose node
// has children in every tree (so that each can be reused after it).
func (e *Engine) bestReply(m board.Point) board.Point {
	trees := append([]*tree{e.tree}, e.more...)
	grown := func(p board.Point) bool {
		for _, tr := range trees {
			c := tr.child(0, m)
			if c < 0 || tr.child(c, p) < 0 || tr.at(tr.child(c, p)).child < 0 {
				return false
			}
		}
		return true
	}
	tr := e.tree
	nd := tr.at(tr.child(0, m))
	best := int32(-1)
	for k := nd.child; nd.child >= 0 && k < nd.child+nd.nChild; k++ {
		mv := tr.at(k).move
		if mv != board.Pass && grown(mv) && (best < 0 || tr.at(k).visits > tr.at(best).visits) {
			best = k
		}
	}
	if best < 0 {
		return board.Pass
	}
	return tr.at(best).move
}

func TestTreePerThreadBoundAndPonder(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 2, Playouts: 100, MaxNodes: 100000, Seed: 4, Ponder: true, TreePerThread: true})
	playThenPonder(t, e, board.MustNew(9))
	if !waitFor(30*time.Second, func() bool { return !e.pondering() }) {
		t.Fatal("pondering did not stop at the node bound")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, tr := range append([]*tree{e.tree}, e.more...) {
		if tr.used >= 25000 || tr.full.Load() {
			t.Errorf("tree %d grew to %d nodes (full %v) pondering; bound 50000 per tree", i, tr.used, tr.full.Load())
		}
		if tr.rootVisits()-tr.base < 100 {
			t.Errorf("tree %d pondered only %d playouts", i, tr.rootVisits()-tr.base)
		}
	}
}
