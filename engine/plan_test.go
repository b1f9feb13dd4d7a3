package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
)

// TestPlannedBudget: the first search runs planGain move times; once the
// count is set, a move searches to it, the kept subtree included, within
// planCap first-search times; a running clock or a fixed playout count
// plans its own effort.
func TestPlannedBudget(t *testing.T) {
	b := board.MustNew(9)
	e := newTestEngine(t, Options{Size: 9, MoveTime: time.Second, VisitPlan: true})
	first := 2200 * time.Millisecond
	if bud := e.budget(b, Clock{}); bud.playouts != 0 || bud.min != first || bud.target != first || bud.max != first {
		t.Errorf("first search: %+v, want a fixed %v", bud, first)
	}
	e.planVisits = 48000
	if bud := e.budget(b, Clock{}); bud.playouts != 48000 || !bud.countKept || bud.max != 2*first {
		t.Errorf("planned: %+v, want 48000 root visits, kept ones counted, within %v", bud, 2*first)
	}
	clk := Clock{Main: 40 * time.Minute, OurLeft: 40 * time.Minute, MoveCap: 400}
	if bud := e.budget(b, clk); bud.playouts != 0 || bud.target != time.Second {
		t.Errorf("under a running clock: %+v, want the fixed second", bud)
	}
	p := newTestEngine(t, Options{Size: 9, MoveTime: time.Second, Playouts: 500, VisitPlan: true})
	if bud := p.budget(b, Clock{}); bud.playouts != 500 || bud.countKept {
		t.Errorf("with Playouts: %+v, want the 500 new playouts", bud)
	}
}

// TestLearnPlan: the count is the first search's rate over the planned
// first-search time, set once; a move without a search sets nothing.
func TestLearnPlan(t *testing.T) {
	e := newTestEngine(t, Options{Size: 9, MoveTime: time.Second, VisitPlan: true})
	e.learnPlan(Decision{Playouts: 0, Elapsed: time.Millisecond})
	if e.planVisits != 0 {
		t.Fatalf("a book move set the count to %d", e.planVisits)
	}
	// Cut short at 0.5 s, 11,000 playouts still plan 22,000/s × 2.2 s.
	e.learnPlan(Decision{Playouts: 11000, Elapsed: 500 * time.Millisecond})
	if e.planVisits != 48400 {
		t.Fatalf("count %d, want 48400", e.planVisits)
	}
	e.learnPlan(Decision{Playouts: 30000, Elapsed: 500 * time.Millisecond})
	if e.planVisits != 48400 {
		t.Errorf("a later search changed the count to %d", e.planVisits)
	}
}

// TestPlanSearchesToItsCount: through GenMove, the first search sets the
// count and the next one searches until the root holds it, kept visits
// included, or until its cap.
func TestPlanSearchesToItsCount(t *testing.T) {
	const moveTime = 50 * time.Millisecond
	e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, MoveTime: moveTime, VisitPlan: true, Seed: 5})
	b := board.MustNew(9)
	d := searchAndPlayPV(t, e, b)
	want := int(float64(d.Playouts) / d.Elapsed.Seconds() * planGain * moveTime.Seconds())
	if e.planVisits != want || want == 0 {
		t.Fatalf("first search: %d playouts in %v set the count to %d, want %d", d.Playouts, d.Elapsed, e.planVisits, want)
	}
	d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	// One thread stops at the playout that fills the root to the count.
	capped := d.Elapsed >= planCap*moveTime*22/10
	if d.Reused == 0 || (d.Playouts+d.Reused != want && !capped) {
		t.Errorf("second search: %d new and %d kept visits in %v, want %d in all", d.Playouts, d.Reused, d.Elapsed, want)
	}
}

func TestNewRefusesTwoTimePlans(t *testing.T) {
	if _, err := New(Options{Size: 9, MoveTime: time.Second, BankTime: true, VisitPlan: true}); !errors.Is(err, ErrBadOptions) {
		t.Errorf("BankTime with VisitPlan: err %v, want ErrBadOptions", err)
	}
}
