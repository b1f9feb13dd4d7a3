package board

// Two-liberty tactics for the heavy playout. Without them a playout lets a
// chain that the last move reduced to two liberties be put in atari and
// captured as often as it is saved, and never follows a ladder: large
// groups then live or die at random in the playouts (strength.md, run 10).

// twoLibs returns the liberties of the chain with head h if it has exactly
// two. It stops walking the chain at the third liberty.
func (b *Board) twoLibs(h Point) (Point, Point, bool) {
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

// twoLibMove answers a last move that left a chain with two liberties: c
// extends its own chain of two or more stones to a point that gives it
// three liberties or more, or ataris the last move's chain on a side from
// which its escape gets one liberty (a single stone) or at most two (a
// larger chain: the next atari follows, so ladders are read). Pass when
// neither applies. (Extending single stones, or chasing them, plays worse:
// strength.md's A/B table.)
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
		for _, l := range [2]Point{l1, l2} {
			if b.Legal(c, l) && b.libsAfter(c, l, Pass, 3) >= 3 {
				return l
			}
		}
	}
	// Attack: the last move's chain.
	o := c.Opponent()
	l1, l2, ok := b.twoLibs(b.head[last])
	if !ok {
		return Pass
	}
	escapeLimit := 1
	if b.stones[b.head[last]] >= 2 {
		escapeLimit = 2
	}
	for _, a := range [2][2]Point{{l1, l2}, {l2, l1}} {
		at, esc := a[0], a[1]
		if b.Legal(c, at) && b.libsAfter(c, at, Pass, 2) >= 2 && b.libsAfter(o, esc, at, 3) <= escapeLimit {
			return at
		}
	}
	return Pass
}

// nakadeMove answers a last move next to an empty region of exactly three
// points bordered by one colour only: whoever is to move plays its middle
// point (the one touching the other two), the vital point for both the
// owner (two eyes) and the attacker (one). Pass when there is none.
func (b *Board) nakadeMove(c Color, last Point) Point {
	for _, q := range b.neighbours(last) {
		if b.color[q] != Empty {
			continue
		}
		region, ok := b.eyeSpace3(q)
		if !ok {
			continue
		}
		for i, p := range region {
			touches := 0
			for _, s := range b.neighbours(p) {
				if s == region[(i+1)%3] || s == region[(i+2)%3] {
					touches++
				}
			}
			if touches == 2 && b.Legal(c, p) {
				return p
			}
		}
	}
	return Pass
}

// eyeSpace3 returns the empty region containing q when it has exactly three
// points and stones of one colour only around it.
func (b *Board) eyeSpace3(q Point) ([3]Point, bool) {
	var region [4]Point // one spare slot: a fourth point means too big
	region[0] = q
	n := 1
	owner := Empty
	for i := 0; i < n; i++ {
		// Quick reject from the neighbour counts, before any walking: a
		// point of a three-point space has at most two empty neighbours and
		// stones of one colour only (most candidates in open play fail here).
		if p := region[i]; b.nbrCount(p, Empty) > 2 || (b.nbrCount(p, Black) > 0 && b.nbrCount(p, White) > 0) {
			return [3]Point{}, false
		}
		for _, s := range b.neighbours(region[i]) {
			switch k := b.color[s]; k {
			case border:
			case Empty:
				dup := false
				for j := 0; j < n; j++ {
					dup = dup || region[j] == s
				}
				if dup {
					continue
				}
				if n == len(region) {
					return [3]Point{}, false
				}
				region[n] = s
				n++
			default:
				if owner != Empty && owner != k {
					return [3]Point{}, false
				}
				owner = k
			}
		}
	}
	if n != 3 || owner == Empty {
		return [3]Point{}, false
	}
	return [3]Point{region[0], region[1], region[2]}, true
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
	return b.nakadeMove(c, last)
}

// LibertiesAfter counts, up to limit (at most 4), the liberties c's chain
// at the empty point p would have after c plays there (an opponent chain in
// atari next to p counts as captured).
func (b *Board) LibertiesAfter(c Color, p Point, limit int) int {
	return b.libsAfter(c, p, Pass, min(limit, 4))
}
