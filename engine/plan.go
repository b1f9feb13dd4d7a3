package engine

import "time"

// The visit plan turns Options.MoveTime into a root count, so a match at
// "1 s a move" searches as a fixed root count does (Options.CountKept)
// without leaving the time to the machine's speed. The game's first
// search runs planGain move times, and the playouts its rate gives in that
// time become the count every later search reaches, the subtree kept from
// earlier searches included. A move the search expected then stops early
// and a surprise takes longer, and as the playouts speed up when the board
// fills and the kept subtree grows, the opening gets more time than the
// endgame. Spent so, the time won more games against Pachi than the same
// time spent evenly, by the fixed second or the bank, though by a thin
// margin (strength.md, "A visit plan from the first search"); `kisen
// match --move-time` plans so. A running clock plans its own time
// (allocate).

// planGain is the first search's time in move times, and so the root
// count in playouts of one move time at the opening's rate. At 2.2 the
// count on the 2-core machine of strength.md is about the 50,000 of the
// root-count runs there.
const planGain = 2.2

// planCap is the most one move may take, in planned first-search times:
// the root count is a plan, and a slow position or a busy machine must
// not make it a long wait.
const planCap = 2

// planning reports whether the move's effort comes from the visit plan.
func (e *Engine) planning(clk Clock) bool {
	return e.opt.VisitPlan && e.byMoveTime(clk)
}

// planned is the budget of a move under the visit plan: the first search
// runs its fixed time, the later ones the plan's root count.
func (e *Engine) planned() budget {
	first := time.Duration(planGain * float64(e.opt.MoveTime))
	if e.planVisits == 0 {
		return fixedTime(first)
	}
	return budget{playouts: e.planVisits, countKept: true, max: planCap * first}
}

// learnPlan sets the root count from the game's first search: its
// playout rate over the first search's planned time. (The rate, not the
// count it reached, so a search cut short still plans the whole time.)
func (e *Engine) learnPlan(d Decision) {
	if e.planVisits > 0 || d.Playouts == 0 || d.Elapsed <= 0 {
		return
	}
	rate := float64(d.Playouts) / d.Elapsed.Seconds()
	e.planVisits = max(1, int(rate*planGain*e.opt.MoveTime.Seconds()))
}
