package engine

import "time"

// The bank makes Options.MoveTime a mean instead of a fixed time per
// move, so a match at "1 s a move" can let the search spend its time where
// it is needed, as a fixed root count does (Options.CountKept) but without
// leaving the mean to the machine's speed. Each move may take MoveTime
// plus a share of the bank; the subtree kept from earlier searches counts
// as time already spent, at the rate the search runs; and the time the
// move did not take, book and forced moves included, goes back into the
// bank. A move the search expected thus stops early and a surprise gets
// more. A running clock plans its own time (allocate) and has no bank.
// Against Pachi the bank won fewer games than the fixed second
// (strength.md, "A bank of time behind the second"): its time stays flat
// over the game, so it is an A/B arm, off by default.

// bankShare is the bank's part one move may draw on: a fourth, so time a
// move saves is mostly spent within the next few searches.
const bankShare = 4

// creditAfter: the kept subtree is credited once 1/creditAfter of the
// move's time has run, as the rate it is credited at needs that many
// playouts to be measured.
const creditAfter = 16

// banking reports whether the move's time comes from the bank.
func (e *Engine) banking(clk Clock) bool {
	return e.opt.BankTime && e.byMoveTime(clk)
}

// banked is the budget of a move under the bank: MoveTime and a share of
// the bank (which a move that overran can make less than MoveTime).
func (e *Engine) banked() budget {
	avail := max(e.opt.MoveTime+e.bank/bankShare, e.opt.MoveTime/4)
	return budget{min: avail, target: avail, max: avail, credit: true}
}

// creditStop reports whether a search that has run for el with done new
// playouts, on a root that held kept visits when it began, has spent the
// target: the kept visits count as the time they would take at the rate
// the search runs.
func creditStop(el, target time.Duration, done, kept int) bool {
	if el < target/creditAfter || done <= 0 {
		return false
	}
	keptTime := time.Duration(float64(kept) / float64(done) * float64(el))
	return el+keptTime >= target
}
