package engine

import (
	"testing"

	"github.com/kisen-go/kisen/board"
)

// repetitionBoard plays seeded random moves on a 4x4 board until one
// recreates an earlier whole-board position, takes it back and returns the
// board (with its history) and that move.
func repetitionBoard(t *testing.T) (*board.Board, board.Move) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		b := board.MustNew(4)
		r := board.NewRand(seed)
		for i := 0; i < 200; i++ {
			c := b.ToMove()
			m := board.Move{Color: c, Point: b.RandomMove(c, r)}
			if m.Point == board.Pass {
				break
			}
			if err := b.Play(m); err != nil {
				t.Fatal(err)
			}
			if b.Repeated() {
				if err := b.Undo(1); err != nil {
					t.Fatal(err)
				}
				return b, m
			}
		}
	}
	t.Fatal("no repetition in 200 random 4x4 games")
	return nil, board.Move{}
}

func TestRepeatsAndFirstFresh(t *testing.T) {
	b, m := repetitionBoard(t)
	if !b.WouldRepeat(m) {
		t.Fatalf("%s %s recreates a position, WouldRepeat says no", m.Color, board.GTP(4, m.Point))
	}
	if b.Clone().WouldRepeat(m) {
		t.Error("a board without history reported a repetition")
	}
	var other board.Point = board.Pass
	for i := 0; i < b.EmptyCount(); i++ {
		if p := b.EmptyAt(i); p != m.Point && b.Legal(m.Color, p) && !b.WouldRepeat(board.Move{Color: m.Color, Point: p}) {
			other = p
			break
		}
	}
	got := firstFresh(b, m.Color, []board.Point{m.Point, other})
	if got != other {
		t.Errorf("firstFresh chose %s, want %s after the repeating %s", board.GTP(4, got), board.GTP(4, other), board.GTP(4, m.Point))
	}
	if got := firstFresh(b, m.Color, []board.Point{m.Point}); got != board.Pass {
		t.Errorf("only a repeating move: got %s, want pass", board.GTP(4, got))
	}
}

// The decision never keeps a move that recreates an earlier position while
// the root has another: here the repeating move is the most visited.
func TestFreshReplacesARepeatingMove(t *testing.T) {
	b, m := repetitionBoard(t)
	root := b.Clone()
	root.SetToMove(m.Color)
	tr := newTree(4, 10000)
	tr.setRoot(root)
	tr.expand(0, root)
	r := tr.at(0)
	var second board.Point = board.Pass
	for k := r.child; k < r.child+r.nChild; k++ {
		nd := tr.at(k)
		switch {
		case nd.move == m.Point:
			nd.visits += 1000
		case nd.move == board.Pass:
			// More visits in all than second, but most of them the
			// prior's: the search's own count (100) ranks it below.
			nd.visits += 700
			nd.prior += 600
		case second == board.Pass:
			nd.visits += 500
			second = nd.move
		}
	}
	d := tr.fresh(Decision{Move: m.Point}, b, m.Color)
	if d.Move != second {
		t.Errorf("chose %s, want %s, the move the search visited most that repeats nothing (not the pass, whose prior is most of its visits)",
			board.GTP(4, d.Move), board.GTP(4, second))
	}
	// A history-less board (pondering, tests) changes nothing.
	if d := tr.fresh(Decision{Move: m.Point}, root, m.Color); d.Move != m.Point {
		t.Errorf("without history: %s", board.GTP(4, d.Move))
	}
}
