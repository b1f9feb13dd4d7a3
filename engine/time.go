package engine

import (
	"time"

	"github.com/kisen-go/kisen/board"
)

// budget is the effort for one move: a fixed playout count, or a time
// window [min, max] with a target in between (see engine.md §4). A
// pondering search has neither: it runs until stopped or until the tree
// holds nodeCap nodes.
type budget struct {
	playouts int
	min      time.Duration // never stop before this (unless the search is settled)
	target   time.Duration // normal stop
	max      time.Duration // hard cap (with playouts: 0 = none)
	ponder   bool
	nodeCap  int
	alone    bool // playouts count per thread (a tree each): a thread that has its share stops alone
	// countKept counts the root's visits against playouts, the subtree
	// kept from earlier searches included, so a move the search expected
	// takes less time and a surprise more (Options.CountKept).
	countKept bool
	// credit counts the subtree kept from earlier searches as time
	// already spent, at the search's own rate (Options.BankTime).
	credit bool
	// planned marks the visit plan's budgets, whose searches set or
	// pace the plan (plan.go, learnPlan); paced marks a root count the
	// plan set from a running clock's target (in target).
	planned, paced bool
	// spare is the part of the time moves without a search saved that a
	// planned move at a move time spends (plan.go, spare).
	spare time.Duration
}

// Time plan constants.
const (
	reserveMin    = 5 * time.Second
	panicTime     = 60 * time.Second // below this, tiny fixed budgets
	desperation   = 10 * time.Second // below this, almost no search
	unlimitedMove = 10 * time.Second
	byoReserveMin = 300 * time.Millisecond // kept back in a byo-yomi period
)

// budget returns the effort for the move. Options.Playouts and
// Options.MoveTime fix it, but a running clock still caps it at the clock's
// hard limit, so a fixed effort never loses on time; with clk.Governs a
// running clock decides alone.
func (e *Engine) budget(b *board.Board, clk Clock) budget {
	timed := clk.running()
	if !timed {
		switch {
		case e.opt.Playouts > 0:
			return budget{playouts: e.opt.Playouts, countKept: e.opt.CountKept}
		case e.banking(clk):
			return e.banked()
		case e.opt.VisitPlan && e.opt.MoveTime > 0:
			// No clock runs, so the move time is the plan's (a running
			// clock's target is, below).
			return e.planned(nil)
		case e.opt.MoveTime > 0:
			return fixedTime(e.opt.MoveTime)
		}
	}
	clock := allocate(clk, b.Size(), b.MoveNumber(), b.EmptyCount())
	switch {
	case !timed:
		return clock
	case clk.Governs:
	case e.opt.Playouts > 0:
		return budget{playouts: e.opt.Playouts, max: max(clock.max, time.Nanosecond), countKept: e.opt.CountKept}
	case e.opt.MoveTime > 0:
		return fixedTime(min(e.opt.MoveTime, clock.max))
	}
	// The clock plans the move alone; the visit plan may spend its time.
	if e.opt.VisitPlan {
		return e.planned(&clock)
	}
	return clock
}

// byMoveTime reports whether Options.MoveTime decides the move's effort:
// no playout count fixes it and no clock runs. The bank and the visit
// plan are ways of spending it.
func (e *Engine) byMoveTime(clk Clock) bool {
	return e.opt.MoveTime > 0 && e.opt.Playouts == 0 && !clk.running()
}

// running reports whether a clock runs (else the options fix the effort).
func (clk Clock) running() bool {
	return clk.Main > 0 || clk.OurLeft > 0 || clk.Stones > 0
}

// fixedTime is the budget of a fixed time per move: all of it. The early
// stop (the best move can no longer be overtaken) saves time for later
// moves under a clock, but a fixed time per move cannot be saved, and
// stopping early only searches less (strength.md, run 15).
func fixedTime(d time.Duration) budget {
	return budget{min: d, target: d, max: d}
}

// allocate splits the remaining sudden-death time: own moves left are
// estimated from the empty points and bounded by the move cap; a reserve is
// kept; the middle game gets more; one move never takes more than 3× the
// base or 15% of what is left.
func allocate(clk Clock, size, moveNum, empty int) budget {
	if clk.Stones > 0 {
		// Canadian byo-yomi: share the period among its moves, keeping a
		// tenth (at least byoReserveMin) for the link and the controller.
		avail := clk.OurLeft - max(clk.OurLeft/10, byoReserveMin)
		if avail <= 0 {
			avail = clk.OurLeft / 4
		}
		d := avail / time.Duration(clk.Stones)
		return budget{min: d / 2, target: d, max: d}
	}
	if clk.Main == 0 && clk.OurLeft == 0 {
		return budget{min: unlimitedMove / 2, target: unlimitedMove, max: unlimitedMove}
	}
	left := clk.OurLeft
	switch {
	case left <= desperation:
		d := left / 100
		return budget{min: d / 2, target: d, max: d}
	case left <= panicTime:
		d := left / 40
		return budget{min: d / 2, target: d, max: d}
	}
	n2 := size * size
	ownLeft := max(30, (empty-n2/5)/2)
	if clk.MoveCap > 0 {
		capLeft := (clk.MoveCap - moveNum + 1) / 2
		ownLeft = min(ownLeft, max(capLeft, 1))
	}
	reserve := max(reserveMin, clk.Main/50)
	avail := left - reserve
	if avail <= 0 {
		d := left / 50
		return budget{min: d / 2, target: d, max: d}
	}
	base := avail / time.Duration(max(ownLeft, 20))
	if clk.MoveCap > 0 && ownLeft < 20 {
		base = avail / time.Duration(max(ownLeft, 1)) / 2
	}
	phase := 1.0
	filled := 1 - float64(empty)/float64(n2)
	switch {
	case filled < 0.1:
		phase = 1.0
	case filled < 0.5:
		phase = 1.4
	default:
		phase = 0.7
	}
	target := time.Duration(float64(base) * phase)
	hard := min(3*base, left*15/100)
	target = min(target, hard)
	return budget{min: target / 3, target: target, max: hard}
}
