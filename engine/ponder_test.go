package engine

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
)

// waitFor polls cond every 10ms until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// playThenPonder searches Black's move on b and starts pondering after it
// (b is not changed); the test fails if pondering does not start.
func playThenPonder(t *testing.T, e *Engine, b *board.Board) board.Move {
	t.Helper()
	d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	mv := board.Move{Color: board.Black, Point: d.Move}
	if !e.PonderAfter(b, mv) {
		t.Fatal("pondering did not start")
	}
	return mv
}

// testRootVisits reads the current tree's root visits under the lock.
func (e *Engine) testRootVisits() (int, uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tree == nil {
		return 0, 0
	}
	return e.tree.rootVisits(), e.tree.hash
}

// testExpectedReply is the most visited root child of the current tree.
func (e *Engine) testExpectedReply() board.Point {
	e.mu.Lock()
	defer e.mu.Unlock()
	// Pondering may still run: read as the search threads do.
	r := e.tree.at(0)
	best := int32(-1)
	c0 := atomic.LoadInt32(&r.child)
	for k := c0; c0 >= 0 && k < c0+r.nChild; k++ {
		if best < 0 || loadF(&e.tree.at(k).visits) > loadF(&e.tree.at(best).visits) {
			best = k
		}
	}
	return e.tree.at(best).move
}

// TestPonderAddsVisitsToReusedSubtree: after Black's move the engine
// ponders White's reply; when White plays the reply pondering liked most,
// Black's next search starts from a subtree far bigger than the one the
// first search left, and pondering stopped at GenMove.
func TestPonderAddsVisitsToReusedSubtree(t *testing.T) {
	// reusedAfter plays Black's search, then White's reply (the one
	// pondering liked most when reply is Pass), then Black's second
	// search, and returns the second search's reused root visits.
	reusedAfter := func(ponder bool, reply board.Point) (int, board.Point) {
		e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, Playouts: 800, Seed: 21, Ponder: ponder})
		b := board.MustNew(9)
		d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
		if err != nil {
			t.Fatal(err)
		}
		mv := board.Move{Color: board.Black, Point: d.Move}
		if started := e.PonderAfter(b, mv); started != ponder {
			t.Fatalf("Ponder option %v, PonderAfter started %v", ponder, started)
		}
		if err := b.Play(mv); err != nil {
			t.Fatal(err)
		}
		if ponder {
			if v, h := e.testRootVisits(); h != b.PositionHash() {
				t.Fatalf("pondering on the wrong position (root visits %d)", v)
			}
			if !waitFor(60*time.Second, func() bool { v, _ := e.testRootVisits(); return v >= 4000 }) {
				v, _ := e.testRootVisits()
				t.Fatalf("pondering reached only %d root visits", v)
			}
			reply = e.testExpectedReply()
		}
		if err := b.Play(board.Move{Color: board.White, Point: reply}); err != nil {
			t.Fatal(err)
		}
		d2, err := e.GenMove(context.Background(), b, board.Black, Clock{})
		if err != nil {
			t.Fatal(err)
		}
		if e.pondering() {
			t.Error("still pondering after GenMove")
		}
		if d2.Playouts < 800 || d2.Playouts > 810 {
			t.Errorf("second search ran %d playouts, want 800 on top of the reused tree", d2.Playouts)
		}
		return d2.Reused, reply
	}
	with, reply := reusedAfter(true, board.Pass)
	without, _ := reusedAfter(false, reply)
	t.Logf("reply %s: reused root visits %d without pondering, %d with", board.GTP(9, reply), without, with)
	if with < without+500 {
		t.Errorf("pondering added too little to the reused subtree: %d with, %d without", with, without)
	}
}

// TestPonderStopsOnClose: Close ends the pondering goroutines and later
// Ponder calls start nothing.
func TestPonderStopsOnClose(t *testing.T) {
	before := runtime.NumGoroutine()
	e, err := New(Options{Size: 9, Komi: 6.5, Threads: 2, Playouts: 200, Seed: 3, Ponder: true})
	if err != nil {
		t.Fatal(err)
	}
	b := board.MustNew(9)
	mv := playThenPonder(t, e, b)
	if !e.pondering() || runtime.NumGoroutine() < before+2 {
		t.Fatalf("no pondering goroutines (%d, %d before)", runtime.NumGoroutine(), before)
	}
	run := e.pond
	start := time.Now()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-run.done:
	default:
		t.Fatal("Close returned with pondering workers still running")
	}
	if el := time.Since(start); el > 200*time.Millisecond {
		t.Errorf("Close took %v", el)
	}
	if !waitFor(2*time.Second, func() bool { return runtime.NumGoroutine() <= before }) {
		t.Errorf("%d goroutines after Close, %d before", runtime.NumGoroutine(), before)
	}
	if e.PonderAfter(b, mv) || e.pondering() {
		t.Error("pondering started after Close")
	}
	if err := e.Close(); err != nil {
		t.Error("second Close:", err)
	}
}

// TestPonderStopsAtGenMove: a GenMove during pondering answers within its
// own budget, and pondering stops when the next move is asked.
func TestPonderStopsAtGenMove(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 2, MoveTime: 100 * time.Millisecond, Seed: 5, Ponder: true})
	b := board.MustNew(9)
	for i := 0; i < 4; i++ {
		c := b.ToMove()
		start := time.Now()
		d, err := e.GenMove(context.Background(), b, c, Clock{})
		if err != nil {
			t.Fatal(err)
		}
		// 100 ms of search; the bound leaves room for -race on a busy
		// machine (800 ms was seen at nice 19 beside a match).
		if el := time.Since(start); el > 1500*time.Millisecond {
			t.Errorf("move %d took %v with pondering", i, el)
		}
		m := board.Move{Color: c, Point: d.Move}
		if !e.PonderAfter(b, m) {
			t.Fatalf("move %d: pondering did not start", i)
		}
		if err := b.Play(m); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // the opponent thinks
	}
	e.StopPonder()
	if e.pondering() {
		t.Error("pondering after StopPonder")
	}
}

// TestPonderBoundedByNodes: pondering ends by itself before the tree
// passes half the node bound, so the next move still reuses it.
// The move before it searches only 100 playouts: its tree (up to ~80 nodes
// an expansion, one expansion every two playouts) must stay well below
// the pondering cap of about 9,800 nodes, or pondering never starts.
func TestPonderBoundedByNodes(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 2, Playouts: 100, MaxNodes: 20000, Seed: 8, Ponder: true})
	b := board.MustNew(9)
	mv := playThenPonder(t, e, b)
	if !waitFor(30*time.Second, func() bool { return !e.pondering() }) {
		t.Fatal("pondering did not stop at the node bound")
	}
	e.mu.Lock()
	used, full := e.tree.used, e.tree.full.Load()
	e.mu.Unlock()
	t.Logf("pondering stopped at %d nodes", used)
	if used >= 10000 || full {
		t.Errorf("pondering grew the tree to %d nodes (full %v), bound 20000", used, full)
	}
	if err := b.Play(mv); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(board.Move{Color: board.White, Point: e.testExpectedReply()}); err != nil {
		t.Fatal(err)
	}
	d2, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	if d2.Reused == 0 {
		e.mu.Lock()
		t.Errorf("reused %d root visits after pondering (tree %d nodes, move %d)", d2.Reused, e.tree.used, e.tree.moveNum)
		e.mu.Unlock()
	}
}

// TestPonderOff: without Options.Ponder nothing starts.
func TestPonderOff(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, Playouts: 100, Seed: 1})
	b := board.MustNew(9)
	if e.Ponder(b, board.White) || e.pondering() {
		t.Error("pondering with the option off")
	}
	if e.StopPonder() != 0 {
		t.Error("StopPonder reported playouts with nothing running")
	}
}

// TestPonderEnginesIndependent: two engines ponder at once without
// sharing anything (run with -race).
func TestPonderEnginesIndependent(t *testing.T) {
	var es [2]*Engine
	b := board.MustNew(9)
	for i := range es {
		es[i] = newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, Playouts: 200, Seed: uint64(i + 1), Ponder: true})
		playThenPonder(t, es[i], b)
	}
	time.Sleep(100 * time.Millisecond)
	es[0].Close()
	if !es[1].pondering() {
		t.Error("closing one engine stopped the other's pondering")
	}
}

// pondering reports whether a pondering search is still running.
func (e *Engine) pondering() bool {
	e.pmu.Lock()
	run := e.pond
	e.pmu.Unlock()
	if run == nil {
		return false
	}
	select {
	case <-run.done:
		return false
	default:
		return true
	}
}
