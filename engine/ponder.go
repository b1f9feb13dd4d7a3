package engine

import (
	"context"
	"time"

	"github.com/kisen-go/kisen/board"
)

// ponderRun is one pondering search: its workers end when stop is called
// or the tree reaches its node cap; done closes when they all have.
type ponderRun struct {
	stop  context.CancelFunc
	done  chan struct{}
	trees []*tree
}

// Ponder starts searching b with c to move (the position after our move,
// the opponent to play) in the background, on the tree that reuse will keep
// for our next move. It does nothing and returns false when
// Options.Ponder is off, the engine is closed, the game is over or the tree
// has no room to grow. The next GenMove, StopPonder or Close stops it.
// b is copied; the caller may change it at once.
func (e *Engine) Ponder(b *board.Board, c board.Color) bool {
	if !e.opt.Ponder || b == nil || b.Size() != e.opt.Size || (c != board.Black && c != board.White) {
		return false
	}
	e.StopPonder()
	e.pmu.Lock()
	defer e.pmu.Unlock()
	if e.closed || b.Passes() >= 2 {
		return false
	}
	root := b.Clone()
	root.SetToMove(c)
	if len(candidates(root, c)) == 0 {
		return false
	}

	// Reuse keeps the old tree while it is below half the node bound, so
	// pondering stops before the tree reaches that (each playout may add
	// one node's children per thread).
	// With a tree per thread the bound is per tree, as is the check.
	nodeCap := e.treeNodes()/2 - e.threads*(e.opt.Size*e.opt.Size+1) - 1
	e.mu.Lock()
	ts := e.searchTrees(root, b.Moves(), c.Opponent())
	used := 0
	for _, u := range ts {
		used = max(used, u.used)
	}
	e.mu.Unlock()
	if used >= nodeCap {
		return false
	}

	ctx, cancel := context.WithCancel(context.Background())
	run := &ponderRun{stop: cancel, done: make(chan struct{}), trees: ts}
	wg := e.startWorkers(ctx, ts, root, budget{ponder: true, nodeCap: nodeCap}, time.Now())
	go func() {
		wg.Wait()
		close(run.done)
	}()
	e.pond = run
	return true
}

// PonderAfter starts pondering on the position after m is played on b (b
// itself is not changed): m is our move, the opponent is to play. See
// Ponder.
func (e *Engine) PonderAfter(b *board.Board, m board.Move) bool {
	if !e.opt.Ponder || b == nil || m.Color != board.Black && m.Color != board.White {
		return false
	}
	after := b.Clone()
	if after.Play(m) != nil {
		return false
	}
	return e.Ponder(after, m.Color.Opponent())
}

// StopPonder stops a pondering search and waits for its workers; it
// returns the playouts the pondering added (0 when none ran).
func (e *Engine) StopPonder() int {
	e.pmu.Lock()
	run := e.pond
	e.pond = nil
	e.pmu.Unlock()
	if run == nil {
		return 0
	}
	run.stop()
	<-run.done
	e.mu.Lock()
	n, nodes := 0, 0
	for _, t := range run.trees {
		n += t.rootVisits() - t.base
		nodes += t.used
	}
	e.mu.Unlock()
	e.opt.Log.Debug().Int("playouts", n).Int("nodes", nodes).Msg("ponder stopped")
	return n
}
