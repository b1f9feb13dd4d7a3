package board

import "slices"

// Two-liberty tactics for the heavy playout. Without them a playout lets a
// chain that the last move reduced to two liberties be put in atari and
// captured as often as it is saved, and never follows a ladder: large
// groups then live or die at random in the playouts (strength.md, run 10).

// twoLibs returns the liberties of the chain with head h if it has exactly
// two. It stops walking the chain at the third liberty.
func (b *Board) twoLibs(h Point) (Point, Point, bool) {
	// Each liberty is counted once per stone touching it, four at most, so
	// more than eight counts mean a third liberty; equal counts mean atari.
	if b.libs[h] > 2*4 || b.inAtari(h) {
		return Pass, Pass, false
	}
	var l [2]Point
	n := 0
	for s := h; ; {
		for _, q := range b.neighbours(s) {
			if b.color[q] != Empty || (n > 0 && l[0] == q) || (n > 1 && l[1] == q) {
				continue
			}
			if n == 2 {
				return Pass, Pass, false
			}
			l[n] = q
			n++
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	return l[0], l[1], n == 2
}

// libsAfter counts, up to limit (at most 4), the liberties the chain at p
// would have after c plays there, not counting the point skip (a point
// the other side is assumed to have filled first; Pass for none). An
// opponent chain in atari next to p counts as captured: it frees a
// liberty.
func (b *Board) libsAfter(c Color, p, skip Point, limit int) int {
	var found [4]Point
	n := 0
	add := func(q Point) bool { // true when limit is reached
		if q == p || q == skip {
			return false
		}
		for i := 0; i < n; i++ {
			if found[i] == q {
				return false
			}
		}
		found[n] = q
		n++
		return n >= limit
	}
	var seen [4]Point
	ns := 0
	for _, nb := range b.neighbours(p) {
		switch k := b.color[nb]; k {
		case Empty:
			if add(nb) {
				return n
			}
		case border:
		case c:
			h := b.head[nb]
			dup := false
			for i := 0; i < ns; i++ {
				dup = dup || seen[i] == h
			}
			if dup {
				continue
			}
			seen[ns] = h
			ns++
			for s := h; ; {
				for _, q := range b.neighbours(s) {
					if b.color[q] == Empty && add(q) {
						return n
					}
				}
				s = b.next[s]
				if s == h {
					break
				}
			}
		default:
			if b.inAtari(b.head[nb]) && add(nb) {
				return n
			}
		}
	}
	return n
}

// twoLibMove answers a last move that left a chain with two liberties: for
// its own chain of two or more stones c plays the race move (raceMove),
// else extends it to a point that gives it three liberties or more; or it
// ataris the last move's chain on a side from which its escape gets one
// liberty (a single stone) or at most two (a larger chain: the next atari
// follows, so ladders are read). Pass when neither applies. (Extending
// single stones, or chasing them, plays worse: strength.md's A/B table.)
func (b *Board) twoLibMove(c Color, last Point) Point {
	// Defend: our chains next to the last move.
	for _, n := range b.neighbours(last) {
		if b.color[n] != c || b.stones[b.head[n]] < 2 {
			continue
		}
		h := b.head[n]
		l1, l2, ok := b.twoLibs(h)
		if !ok {
			continue
		}
		if p := b.raceMove(c, h, l1, l2); p != Pass {
			return p
		}
		for _, l := range [2]Point{l1, l2} {
			if b.Legal(c, l) && b.libsAfter(c, l, Pass, 3) >= 3 {
				return l
			}
		}
	}
	// Attack: the last move's chain.
	l1, l2, ok := b.twoLibs(b.head[last])
	if !ok {
		return Pass
	}
	escapeLimit := 1
	if b.stones[b.head[last]] >= 2 {
		escapeLimit = 2
	}
	return b.chaseAtari(c, l1, l2, escapeLimit, Pass, Pass)
}

// chaseAtari is the liberty, of an opponent chain with the two liberties
// l1 and l2, at which c's atari keeps c two liberties or more while the
// chain's escape at the other gets at most escapeLimit; neither skip1 nor
// skip2. Pass when neither liberty does.
func (b *Board) chaseAtari(c Color, l1, l2 Point, escapeLimit int, skip1, skip2 Point) Point {
	o := c.Opponent()
	for _, a := range [2][2]Point{{l1, l2}, {l2, l1}} {
		at, esc := a[0], a[1]
		if at == skip1 || at == skip2 {
			continue
		}
		if b.Legal(c, at) && b.libsAfter(c, at, Pass, 2) >= 2 && b.libsAfter(o, esc, at, 3) <= escapeLimit {
			return at
		}
	}
	return Pass
}

// raceMove is the race answer for c's chain h with two liberties l1, l2:
// capture an opponent chain touching it that is in atari, or atari one
// with two liberties from outside (not on l1 or l2) when its escape gets
// one liberty at most. Extending first loses races the chain could win:
// the opponent's next move takes one of its two liberties. Pass when
// neither applies.
func (b *Board) raceMove(c Color, h, l1, l2 Point) Point {
	// From outside: not on the chain's own liberties.
	return b.raceAnswer(c, h, 1, l1, l2, false)
}

// raceAnswer walks the opponent chains touching c's chain h (eight at
// most): it takes the first one in atari (not into a snapback when
// safeTake), or ataris one with two liberties where the escape gets at
// most escapeLimit liberties, on neither skip1 nor skip2 (chaseAtari).
// Pass when none.
func (b *Board) raceAnswer(c Color, h Point, escapeLimit int, skip1, skip2 Point, safeTake bool) Point {
	o := c.Opponent()
	var seen [8]Point
	ns := 0
	for s := h; ; {
		for _, q := range b.neighbours(s) {
			if b.color[q] != o {
				continue
			}
			g := b.head[q]
			if slices.Contains(seen[:ns], g) || ns == len(seen) {
				continue
			}
			seen[ns] = g
			ns++
			if b.inAtari(g) {
				if l := b.soleLib(g); b.Legal(c, l) && !(safeTake && b.snapback(c, l)) {
					return l
				}
				continue
			}
			if a1, a2, ok := b.twoLibs(g); ok {
				if at := b.chaseAtari(c, a1, a2, escapeLimit, skip1, skip2); at != Pass {
					return at
				}
			}
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	return Pass
}

// longRaceMove is the race answer of c's longer chains: an own chain of
// two or more stones next to the last move, left with three to maxLibs
// liberties, takes a touching opponent chain in atari, or ataris one with
// two liberties where the escape gets two liberties at most. raceMove
// answers only once the chain is down to two, when the race may already
// be lost (Pachi's nlib check asks the same question for three and four
// liberties). Pass when no such chain or move.
func (b *Board) longRaceMove(c Color, last Point, maxLibs int) Point {
	for _, n := range b.neighbours(last) {
		if b.color[n] != c || b.stones[b.head[n]] < 2 {
			continue
		}
		h := b.head[n]
		if libs := b.libsUpTo(h, maxLibs+1); libs < 3 || libs > maxLibs {
			continue
		}
		if p := b.raceAnswer(c, h, 2, Pass, Pass, true); p != Pass {
			return p
		}
	}
	return Pass
}

// libsUpTo counts the liberties of the chain with head h, stopping at
// limit (eight at most).
func (b *Board) libsUpTo(h Point, limit int) int {
	var found [8]Point
	limit = min(limit, len(found))
	n := 0
	for s := h; ; {
		for _, q := range b.neighbours(s) {
			if b.color[q] != Empty || slices.Contains(found[:n], q) {
				continue
			}
			found[n] = q
			n++
			if n >= limit {
				return n
			}
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	return n
}

// nakadeMove answers a last move next to an empty region of three to
// maxSize points bordered by one colour only: whoever is to move plays
// its vital point, for the owner the second eye and for the attacker the
// kill (vitalPoint). Pass when there is none.
func (b *Board) nakadeMove(c Color, last Point, maxSize int) Point {
	for _, q := range b.neighbours(last) {
		if b.color[q] != Empty {
			continue
		}
		region, n := b.eyeSpace(q, maxSize)
		if n < 3 {
			continue
		}
		if p := b.vitalPoint(region[:n]); p != Pass && b.Legal(c, p) {
			return p
		}
	}
	return Pass
}

// vitalPoint is the one point of an eye space that touches more of the
// others than any other point does: the middle of a three-point space,
// or in four to six points the one touching three or more (pyramid four,
// bulky and crossed five, rabbity six). Spaces without a single such point
// (square four, lines and bends) have none: Pass.
func (b *Board) vitalPoint(region []Point) Point {
	best, most, ties := Pass, 0, 0
	for _, p := range region {
		t := 0
		for _, s := range b.neighbours(p) {
			for _, r := range region {
				if r == s {
					t++
				}
			}
		}
		switch {
		case t > most:
			best, most, ties = p, t, 1
		case t == most:
			ties++
		}
	}
	if ties != 1 || (len(region) > 3 && most < 3) {
		return Pass
	}
	return best
}

// eyeSpace returns the empty region containing q and its size when it has
// at most maxSize (up to KillingMax) points and stones of one colour only
// around it; the size is 0 otherwise.
func (b *Board) eyeSpace(q Point, maxSize int) (region [KillingMax]Point, n int) {
	region[0] = q
	n = 1
	owner := Empty
	for i := 0; i < n; i++ {
		// Quick reject from the neighbour counts, before any walking: no
		// point of an eye space touches both colours, and none of a
		// three-point space has three empty neighbours (most candidates
		// in open play fail here).
		p := region[i]
		if (b.nbrCount(p, Black) > 0 && b.nbrCount(p, White) > 0) || (maxSize == 3 && b.nbrCount(p, Empty) > 2) {
			return region, 0
		}
		for _, s := range b.neighbours(p) {
			switch k := b.color[s]; k {
			case border:
			case Empty:
				if slices.Contains(region[:n], s) {
					continue
				}
				if n == maxSize || n == len(region) {
					return region, 0
				}
				region[n] = s
				n++
			default:
				if owner != Empty && owner != k {
					return region, 0
				}
				owner = k
			}
		}
	}
	if owner == Empty {
		return region, 0
	}
	return region, n
}

// FightReply is the heavy playout's answer to the last move in a
// two-liberty fight or next to a three-point eye space (twoLibMove, then
// nakadeMove) for c, or Pass. The search's priors favour it, so the tree
// reads first the moves its playouts would play.
func (b *Board) FightReply(c Color) Point {
	last := b.last.Point
	if last == Pass || b.color[last] == Empty {
		return Pass
	}
	if p := b.twoLibMove(c, last); p != Pass {
		return p
	}
	return b.nakadeMove(c, last, 3)
}

// LibertiesAfter counts, up to limit (at most 4), the liberties c's chain
// at the empty point p would have after c plays there (an opponent chain in
// atari next to p counts as captured).
func (b *Board) LibertiesAfter(c Color, p Point, limit int) int {
	return b.libsAfter(c, p, Pass, min(limit, 4))
}
