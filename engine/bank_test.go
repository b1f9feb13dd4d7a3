package engine

import (
	"context"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
)

// TestCreditStop: the kept visits count as the time they would take at
// the search's rate, and nothing is credited before the rate is measured.
func TestCreditStop(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		el, target  time.Duration
		done, kept  int
		want        bool
		explanation string
	}{
		{600 * ms, time.Second, 6000, 4000, true, "kept 4000 at 10,000/s is 0.4 s: 0.6 + 0.4 reaches 1 s"},
		{500 * ms, time.Second, 5000, 4000, false, "0.5 + 0.4 s is short of 1 s"},
		{500 * ms, time.Second, 5000, 0, false, "nothing kept: the search runs its second"},
		{50 * ms, time.Second, 500, 100000, false, "before a sixteenth of the time the rate is not yet measured"},
		{70 * ms, time.Second, 700, 100000, true, "a root far fuller than the target stops once the rate is measured"},
		{200 * ms, time.Second, 0, 100000, false, "no new playouts: no rate to credit at"},
	} {
		if got := creditStop(c.el, c.target, c.done, c.kept); got != c.want {
			t.Errorf("creditStop(%v, %v, %d done, %d kept) = %v: %s", c.el, c.target, c.done, c.kept, got, c.explanation)
		}
	}
}

// TestBankedBudget: a move may take MoveTime and a fourth of the bank; an
// overdrawn bank shortens it, never below a fourth of MoveTime; a running
// clock and a fixed playout count have no bank.
func TestBankedBudget(t *testing.T) {
	b := board.MustNew(9)
	e := newTestEngine(t, Options{Size: 9, MoveTime: time.Second, BankTime: true})
	for _, c := range []struct{ bank, want time.Duration }{
		{0, time.Second},
		{4 * time.Second, 2 * time.Second},
		{-2 * time.Second, 500 * time.Millisecond},
		{-20 * time.Second, 250 * time.Millisecond},
	} {
		e.bank = c.bank
		if bud := e.budget(b, Clock{}); bud.target != c.want || bud.max != c.want || !bud.credit {
			t.Errorf("bank %v: budget %+v, want %v with the kept subtree credited", c.bank, bud, c.want)
		}
	}
	clk := Clock{Main: 40 * time.Minute, OurLeft: 40 * time.Minute, MoveCap: 400}
	if bud := e.budget(b, clk); bud.credit || bud.target != time.Second {
		t.Errorf("under a running clock: %+v, want the fixed second, nothing banked", bud)
	}
	p := newTestEngine(t, Options{Size: 9, MoveTime: time.Second, Playouts: 500, BankTime: true})
	if bud := p.budget(b, Clock{}); bud.credit || bud.playouts != 500 {
		t.Errorf("with Playouts: %+v, want the playout count", bud)
	}
}

// TestBankKeepsWhatMovesSave: every move, searched or not, puts back
// what it did not take.
func TestBankKeepsWhatMovesSave(t *testing.T) {
	const moveTime = 300 * time.Millisecond
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, MoveTime: moveTime, BankTime: true, Seed: 13})
	b := board.MustNew(9)
	// The opening book answers the empty board without a search.
	e.opt.NoBook = false
	d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Playouts != 0 || e.bank != moveTime-d.Elapsed {
		t.Fatalf("book move: %d playouts in %v, bank %v, want %v", d.Playouts, d.Elapsed, e.bank, moveTime-d.Elapsed)
	}
	e.opt.NoBook = true
	before := e.bank
	d, err = e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Playouts == 0 || e.bank != before+moveTime-d.Elapsed {
		t.Errorf("search of %d playouts in %v: bank %v, was %v; want what the move saved added", d.Playouts, d.Elapsed, e.bank, before)
	}
}

// TestBankedSearchCreditsKeptTree: a banked search on a kept subtree
// stops when the time spent and the kept visits' time reach its target;
// without the credit it runs on. The search's start is set back so the
// test reads no clock but the one the rule reads.
func TestBankedSearchCreditsKeptTree(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, Playouts: 4000, Seed: 13})
	b := board.MustNew(9)
	searchAndPlayPV(t, e, b)
	root := b.Clone()
	root.SetToMove(board.Black)
	tr := e.searchTrees(root, b.Moves(), board.Black)[0]
	if tr.base < 200 {
		t.Fatalf("%d root visits kept after the expected reply, want 200 or more", tr.base)
	}
	for _, credit := range []bool{true, false} {
		th := newSearchThread(Options{Size: 9}, 7, nil)
		th.tree, th.root = tr, root
		th.bud = budget{min: 10 * time.Second, target: 10 * time.Second, max: 10 * time.Second, credit: credit}
		th.start = time.Now().Add(-6 * time.Second)
		tr.base = tr.rootVisits() // the 64 playouts below are the search's only new ones
		for range 64 {
			th.playout()
		}
		// 6 s for 64 playouts values 200 kept visits at more than 18 s.
		want := map[bool]verdict{true: stopSearch, false: goOn}[credit]
		if got := th.next(63); got != want {
			t.Errorf("credit %v: after 6 s of a 10 s target with %d visits kept, verdict %v, want %v", credit, tr.base, got, want)
		}
	}
}
