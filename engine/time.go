package engine

import (
	"time"

	"github.com/kisen-go/kisen/board"
)

// budget is the effort for one move: a fixed playout count, or a time
// window [min, max] with a target in between (see engine.md §4).
type budget struct {
	playouts int
	min      time.Duration // never stop before this (unless the search is settled)
	target   time.Duration // normal stop
	max      time.Duration // hard cap
}

// Time plan constants.
const (
	reserveMin    = 5 * time.Second
	panicTime     = 60 * time.Second // below this, tiny fixed budgets
	desperation   = 10 * time.Second // below this, almost no search
	unlimitedMove = 10 * time.Second
)

// budget returns the effort for the move: Options.Playouts and
// Options.MoveTime win over the clock.
func (e *Engine) budget(b *board.Board, clk Clock) budget {
	if e.opt.Playouts > 0 {
		return budget{playouts: e.opt.Playouts}
	}
	if e.opt.MoveTime > 0 {
		return budget{min: e.opt.MoveTime / 2, target: e.opt.MoveTime, max: e.opt.MoveTime}
	}
	return allocate(clk, b.Size(), b.MoveNumber(), b.EmptyCount())
}

// allocate splits the remaining sudden-death time: own moves left are
// estimated from the empty points and bounded by the move cap; a reserve is
// kept; the middle game gets more; one move never takes more than 3× the
// base or 15% of what is left.
func allocate(clk Clock, size, moveNum, empty int) budget {
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
