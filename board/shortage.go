package board

import "slices"

// A shortage of liberties: once the dame are filled, a living chain with
// two liberties in its own territory may still fall to a stone played
// inside (a throw-in that leaves it in atari where capturing the stone
// would only put it in atari again). Its owner must then add a stone
// before the end, and under Japanese rules that point counts for nobody.
// Finding such points takes reading, which the count does here on a copy
// of the colours: a few moves on the small regions of territory the
// chain's liberties lie in, with the opponent moving first.

// shortageMaxLibs is the most liberties a chain may have for the count to
// read it: with three, a throw-in leaves two and the owner has time.
const shortageMaxLibs = 2

// shortageMaxMoves bounds the points the reading plays on: the regions
// read are small eyes and corners of territory, where a shortage is a
// fight of a few points next to the chain.
const shortageMaxMoves = 6

// shortageDepth is the reading's length in moves, the opponent's first:
// a throw-in, an answer, a second throw-in and the capture of both, and
// one more throw-in into the eye that capture left (the corner of the
// make demo of f748a70, engine/testdata/endgame, where the seventh move
// takes a stone).
const shortageDepth = 7

// shortageBudget bounds the positions one reading visits. A reading that
// runs out finds a threat only where it proved one, and proves no fill
// safe, so the count stays as it was.
const shortageBudget = 20000

// shortageTotal bounds the positions all readings of one count visit,
// so that a board of many small regions (an untrusted record) cannot
// hold up the count; readings past it are not made.
const shortageTotal = 200000

// endPos is the final position as the count sees it: colours only, dame
// taken by stones of nobody, dead stones off. Chains are found by flood
// fill; the reading is a few thousand positions at most, once a count.
type endPos struct {
	b   *Board // for neighbours only
	col [maxPoints]Color
	ko  Point // the point the side to move may not take back; Pass = none
}

// chain returns the stones of the chain at p, its number of liberties
// and one of them, using mark (cleared here) as scratch.
func (e *endPos) chain(p Point, mark *[maxPoints]bool, stones []Point) ([]Point, int, Point) {
	clear(mark[:])
	c := e.col[p]
	stones = append(stones[:0], p)
	mark[p] = true
	libs, lib := 0, Pass
	for i := 0; i < len(stones); i++ {
		for _, n := range e.b.neighbours(stones[i]) {
			if mark[n] {
				continue
			}
			switch e.col[n] {
			case c:
				mark[n] = true
				stones = append(stones, n)
			case Empty:
				mark[n] = true
				libs, lib = libs+1, n
			}
		}
	}
	return stones, libs, lib
}

// chains calls f for each living chain of the position once, skipping
// chains listed as seki, until f returns true.
func (e *endPos) chains(isSeki []bool, f func(stones []Point, libs int, lib Point) bool) {
	var seen, mark [maxPoints]bool
	var stones []Point
	for _, p := range AllPoints(e.b.size) {
		c := e.col[p]
		if (c != Black && c != White) || seen[p] || isSeki[p] {
			continue
		}
		var libs int
		var lib Point
		stones, libs, lib = e.chain(p, &mark, stones)
		for _, q := range stones {
			seen[q] = true
		}
		if f(stones, libs, lib) {
			return
		}
	}
}

// atariFill finds a living chain left with a single liberty, in its
// owner's territory: a point its owner must fill (fillAfterDame).
func (e *endPos) atariFill(owner []Color, isSeki []bool) (fill Point, found bool) {
	e.chains(isSeki, func(stones []Point, libs int, lib Point) bool {
		found = libs == 1 && owner[Index(e.b.size, lib)] == e.col[stones[0]]
		fill = lib
		return found
	})
	return fill, found
}

// play puts a c stone on p, takes the opponent's chains left without a
// liberty and reports whether the move was legal and how many stones it
// took.
func (e *endPos) play(c Color, p Point) (ok bool, took int) {
	if e.col[p] != Empty || p == e.ko {
		return false, 0
	}
	e.col[p] = c
	var mark [maxPoints]bool
	var stones []Point
	var last Point
	for _, n := range e.b.neighbours(p) {
		if e.col[n] != c.Opponent() {
			continue
		}
		var libs int
		stones, libs, _ = e.chain(n, &mark, stones)
		if libs > 0 {
			continue
		}
		for _, q := range stones {
			e.col[q] = Empty
		}
		took += len(stones)
		last = stones[0]
	}
	stones, libs, _ := e.chain(p, &mark, stones)
	if libs == 0 {
		e.col[p] = Empty
		return false, 0
	}
	e.ko = Pass
	if took == 1 && len(stones) == 1 && libs == 1 {
		e.ko = last
	}
	return true, took
}

// threatened reads whether the opponent of c, moving first on moves,
// takes a c stone, and whether the reading went to its end within its
// shortageBudget and the count's left (which it uses up). A reading cut
// short finds a threat only where one is proved, and proves no safety.
func (e endPos) threatened(c Color, moves []Point, left *int) (wins, complete bool) {
	start := min(shortageBudget, *left)
	budget := start
	wins = e.attackerWins(c.Opponent(), moves, shortageDepth, &budget)
	*left -= start - budget
	return wins, budget > 0
}

// attackerWins reports whether att, to move, takes a stone of the other
// colour by playing only on moves within depth moves, whatever the other
// side answers there (or passes). budget counts the positions left.
func (e endPos) attackerWins(att Color, moves []Point, depth int, budget *int) bool {
	if depth <= 0 || *budget <= 0 {
		return false
	}
	for _, p := range moves {
		*budget--
		next := e
		ok, took := next.play(att, p)
		if !ok {
			continue
		}
		if took > 0 {
			return true
		}
		if next.defends(att, moves, depth-1, budget) {
			continue
		}
		return true
	}
	return false
}

// defends reports whether the side other than att, to move, has an
// answer (a move in moves, or a pass) after which att does not win.
func (e endPos) defends(att Color, moves []Point, depth int, budget *int) bool {
	if depth <= 0 || *budget <= 0 {
		return true
	}
	pass := e
	pass.ko = Pass
	if !pass.attackerWins(att, moves, depth-1, budget) {
		return true
	}
	for _, p := range moves {
		*budget--
		next := e
		if ok, _ := next.play(att.Opponent(), p); !ok {
			continue
		}
		if !next.attackerWins(att, moves, depth-1, budget) {
			return true
		}
	}
	return false
}

// shortageFill finds one point of a side's territory it must fill against
// a shortage of liberties (dame taken, dead stones off, the atari fills
// made), or reports none. owner is the count's Owner; left counts the
// positions the count may still read (shortageTotal).
func (e *endPos) shortageFill(owner []Color, isSeki []bool, left *int) (fill Point, found bool) {
	e.chains(isSeki, func(stones []Point, libs int, _ Point) bool {
		if libs > shortageMaxLibs {
			return false
		}
		c := e.col[stones[0]]
		moves, ok := e.shortageMoves(owner, c, stones)
		if !ok {
			return false
		}
		if wins, _ := e.threatened(c, moves, left); !wins {
			return false
		}
		// The owner must add a stone: the first point (bottom row first)
		// after which the reading finds no threat is the one named.
		for _, f := range moves {
			next := *e
			if ok, _ := next.play(c, f); !ok {
				continue
			}
			wins, complete := next.threatened(c, moves, left)
			if !complete {
				return false // not read to the end: name nothing
			}
			if !wins {
				fill, found = f, true
				return true
			}
		}
		return false
	})
	return fill, found
}

// shortageMoves lists the points the reading plays on for the c chain
// stones: every empty point of the regions its liberties lie in. It
// reports false when one of them is not c's territory (the chain touches
// a seki or unsettled ground, which the count leaves alone) or when there
// are more than shortageMaxMoves. Whole regions, and small ones, keep the
// reading sound: a stone played inside has no liberty outside the points
// read, so the owner's best answer is among them or a pass. In a large
// territory the owner's answer may be far off, and a shortage there is a
// matter of play, not of the count.
func (e *endPos) shortageMoves(owner []Color, c Color, stones []Point) ([]Point, bool) {
	b, col, size := e.b, &e.col, e.b.size
	var in [maxPoints]bool
	var moves []Point
	add := func(p Point) {
		if col[p] == Empty && !in[p] {
			in[p] = true
			moves = append(moves, p)
		}
	}
	for _, s := range stones {
		for _, n := range b.neighbours(s) {
			add(n) // the liberties first, then their regions
		}
	}
	for i := 0; i < len(moves) && len(moves) <= shortageMaxMoves; i++ {
		for _, q := range b.neighbours(moves[i]) {
			add(q)
		}
	}
	if len(moves) > shortageMaxMoves {
		return nil, false
	}
	for _, m := range moves {
		if owner[Index(size, m)] != c {
			return nil, false
		}
	}
	slices.SortFunc(moves, func(x, y Point) int { return Index(size, x) - Index(size, y) })
	return moves, true
}
