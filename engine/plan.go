package engine

import "time"

// The visit plan turns a move's time into a root count, so a match at
// "1 s a move" searches as a fixed root count does (Options.CountKept)
// without leaving the time to the machine's speed. The game's first
// search runs planGain times its move's time, and its playout rate sets
// the count of every later search, the subtree kept from earlier
// searches included: the rate times planGain times that move's time. A
// move the search expected then stops early and a surprise takes longer,
// and as the playouts speed up when the board fills and the kept subtree
// grows, the opening gets more time than the endgame. Spent so, the time
// won more games against Pachi than the same time spent evenly, by the
// fixed second or the bank, though by a thin margin (strength.md, "A
// visit plan from the first search"). kisen match --move-time plans so,
// and kisen play and kisen gtp with engine.visit_plan (off by default).
//
// The move's time is Options.MoveTime, or, with MoveTime unset, a running
// clock's target for the move (allocate). Under a clock the plan's cap is
// the clock's hard limit for the move, so it never spends more than the
// clock allows, and what a move saves flows back through allocate to
// later moves. The clock's own window stops early and leaves a third of
// its targets unspent; the plan spends them, leaned to the opening. On
// 9x9 at 90 s a side against Pachi the plan clearly won the first pair of
// runs and the window the second, 47 of 84 against 15 of 36 pooled
// (strength.md, "The visit plan under a clock"), so the clock's window
// stays the default. On 19x19 less of the tree is kept from move to move,
// and the counts spent twice their targets until the clock ran low, so a
// pace shrinks them once they have overspent (pace).

// planGain is the first search's time in move times, and so the root
// count in playouts of one move time at the opening's rate. At 2.2 the
// count on the 2-core machine of strength.md is about the 50,000 of the
// root-count runs there.
const planGain = 2.2

// planCap is the most one move may take under Options.MoveTime, in
// planned first-search times: the root count is a plan, and a slow
// position or a busy machine must not make it a long wait.
const planCap = 2

// planned is the budget of a move under the visit plan: of MoveTime, or
// with clock non-nil of the clock's budget for the move, whose target is
// the move's time and whose limit caps it. The first search runs its fixed
// time, the later ones the plan's root count, at the clock's pace when
// clocked.
func (e *Engine) planned(clock *budget) budget {
	t, hard := e.opt.MoveTime, planCap*time.Duration(planGain*float64(e.opt.MoveTime))
	if clock != nil {
		t, hard = clock.target, clock.max
	}
	spare := e.spare(clock)
	var b budget
	switch {
	case e.planRate == 0:
		b = fixedTime(min(time.Duration(planGain*float64(t))+spare, hard))
	case clock == nil:
		b = budget{playouts: e.planCount(t + spare), countKept: true, max: hard}
	default:
		paced := time.Duration(float64(t) * e.pace())
		b = budget{playouts: e.planCount(paced), countKept: true, max: hard, target: t, paced: true}
	}
	b.planned, b.spare = true, spare
	return b
}

// planSpread spreads what the moves without a search saved over the
// planned searches after them: each takes 1/planSpread of what is left,
// so half of it is spent within six searches.
const planSpread = 8

// spare is the part of the saved time (planSaved) the next planned move at
// a move time spends: under Options.MoveTime a book or forced move takes
// almost none of it, and without this the plan's mean over all the
// engine's moves falls about 6% short of the time asked on 9x9, where
// the book plays two or three of them (strength.md, "The book's saved
// time spent after it"). Spread over the next searches, it goes to the
// opening as the plan's own time does. Under a clock, allocate gives
// saved time back.
func (e *Engine) spare(clock *budget) time.Duration {
	if clock != nil {
		return 0
	}
	return e.planSaved / planSpread
}

// paceSlack is how far the clocked counts may overspend their targets,
// over the game so far, before the pace shrinks them.
const paceSlack = 1.5

// pace scales a clocked root count down by how far the counts searched so
// far overspent paceSlack times their targets (1 while they kept within
// it): a count that spends twice its target moves the clock's time from
// the middle game to the opening, as allocate cannot see it coming, while
// one that spends less leaves time allocate gives to later moves.
func (e *Engine) pace() float64 {
	allowed := time.Duration(paceSlack * float64(e.planAsked))
	if e.planSpent <= allowed {
		return 1
	}
	return float64(allowed) / float64(e.planSpent)
}

// planCount is the root count of a move of time t: planGain times t at
// the first search's rate.
func (e *Engine) planCount(t time.Duration) int {
	return max(1, int(e.planRate*planGain*t.Seconds()))
}

// learnPlan sets the playout rate from the game's first search (the
// rate, not the count it reached, so a search cut short still plans the
// whole time), adds a clocked count's time to the pace, and takes the
// saved time the search spent (spare) from what is left.
func (e *Engine) learnPlan(d Decision, bud budget) {
	e.planSaved -= bud.spare
	if bud.paced {
		e.planAsked += bud.target
		e.planSpent += d.Elapsed
	}
	if e.planRate > 0 || d.Playouts == 0 || d.Elapsed <= 0 {
		return
	}
	e.planRate = float64(d.Playouts) / d.Elapsed.Seconds()
}
