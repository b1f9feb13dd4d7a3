package board

import "slices"

// Sharp moves for the search's priors. A move model fitted on strong
// games rates a double atari or a snapback low, because strong players
// seldom leave one on the board; a search that meets one must still try
// it first. Pachi gives such moves set strengths of 20 to 200 on top of
// its fitted patterns, and without them its prior in kisen's search won
// 1 of 7 19x19 games where with them it won 4 (strength.md, sixty-ninth
// session). On kisen's own model they lose games instead, or, with the
// model fitted around them, neither lose nor win any (strength.md,
// seventieth, seventy-fourth and seventy-fifth sessions), so the engine
// reads them only in an A/B arm.

// Sharp is a set of tactical reasons to play a move. Of the atari kinds
// (SharpSnapback to SharpDoubleAtari) a move has at most one, the first
// that applies in that order; SharpCut and SharpEdgePunish add to it.
type Sharp uint8

const (
	// SharpSnapback throws in one stone whose capture is answered by a
	// snapback of two or more, next to a chain one of the last two moves
	// touched.
	SharpSnapback Sharp = 1 << iota
	// SharpLadderBig ataris an opponent chain of three stones or more,
	// touched by one of the last two moves, that a ladder then captures.
	SharpLadderBig
	// SharpLadderLast ataris the last move's chain, and a ladder
	// captures it.
	SharpLadderLast
	// SharpAtariWins ataris cutting stones that escape, and every
	// defence leaves a nearby cutting chain of the opponent (or the
	// ataried one) capturable.
	SharpAtariWins
	// SharpDoubleAtari ataris two opponent chains, one of them touched by
	// one of the last two moves, that no single move saves.
	SharpDoubleAtari
	// SharpCut separates two opponent chains of two stones or more,
	// each left with two liberties, with a cutting stone that cannot
	// be captured.
	SharpCut
	// SharpEdgePunish answers a first-line push that left its chain
	// three liberties, one on each of the first three lines, so that
	// the chain is caught.
	SharpEdgePunish
)

// Sharp reads the tactical reasons for c to play the empty, legal point
// p; selfAtari is b.SelfAtari(c, p). It plays the move and the
// opponent's answers on l's scratch boards and leaves b as it was.
func (l *Ladders) Sharp(b *Board, c Color, p Point, selfAtari int) Sharp {
	if selfAtari == 1 && l.snapback(b, c, p) {
		return SharpSnapback
	}
	if selfAtari > 0 {
		return 0 // the stone is lost: none of the rest holds
	}
	var s Sharp
	o := c.Opponent()
	var two, more [4]Point // heads of the opponent's neighbour chains: two liberties, three or more
	nTwo, nMore := 0, 0
	for _, q := range b.neighbours(p) {
		if b.color[q] != o {
			continue
		}
		h := b.head[q]
		if _, _, ok := b.twoLibs(h); ok {
			nTwo = addHead(&two, nTwo, h)
		} else if !b.inAtari(h) {
			nMore = addHead(&more, nMore, h)
		}
	}
	var nb *Board // the position after p
	if nTwo > 0 || nMore >= 2 {
		nb = l.at(0, b)
		nb.play(c, p)
	}
	if nTwo > 0 {
		s |= l.atariKind(b, nb, c, p, two[:nTwo])
	}
	if nMore >= 2 && l.cuts(b, nb, c, p, more[:nMore]) {
		s |= SharpCut
	}
	// Last: it plays on ply 0's board again, which nb was.
	if l.edgePunish(b, c, p) {
		s |= SharpEdgePunish
	}
	return s
}

// addHead adds the chain head h to the first n of hs unless it is there,
// and returns the new count.
func addHead(hs *[4]Point, n int, h Point) int {
	if slices.Contains(hs[:n], h) {
		return n
	}
	hs[n] = h
	return n + 1
}

// capturable reports whether the side not owning the chain at q, to move
// on b, captures it: it is in atari and its liberty can be taken, or it
// has two liberties and a ladder catches it. The reading is made on the
// scratch boards of plies d on, never on b: the search's threads share
// the board they expand.
func (l *Ladders) capturable(b *Board, q Point, d int) bool {
	h := b.head[q]
	if b.inAtari(h) {
		return b.Legal(b.color[q].Opponent(), b.soleLib(h))
	}
	if _, _, two := b.twoLibs(h); !two {
		return false
	}
	l.plays = 0
	return l.attack(l.at(d, b), q, d+1)
}

// snapback reports whether c's stone at p, a self-atari of one stone, is
// a throw-in: the opponent's capture leaves its capturing chain of two
// stones or more in atari at p, with no chain of c's in atari beside it
// to take instead.
func (l *Ladders) snapback(b *Board, c Color, p Point) bool {
	o := c.Opponent()
	fresh := false
	for _, q := range b.neighbours(p) {
		fresh = fresh || (b.color[q] == o && b.fresh(b.head[q]))
	}
	if !fresh {
		return false
	}
	nb := l.at(0, b)
	nb.play(c, p)
	if nb.color[p] != c || !nb.inAtari(nb.head[p]) {
		return false
	}
	take := nb.soleLib(nb.head[p])
	if !nb.Legal(o, take) {
		return false
	}
	rb := l.at(1, nb)
	rb.play(o, take)
	h := rb.head[take]
	if rb.color[p] != Empty || !rb.inAtari(h) || rb.stones[h] < 2 || rb.soleLib(h) != p || !rb.Legal(c, p) {
		return false
	}
	return !rb.touchesAtari(h)
}

// touchesAtari reports whether a chain of the other colour in atari
// touches the chain with head h, which is in atari: its owner could
// capture instead of running, even where the capture is on h's own
// liberty.
func (b *Board) touchesAtari(h Point) bool {
	for range b.ataried(h) {
		return true
	}
	return false
}

// atariKind is the atari kind of c's move p on b (nb: the position
// after it), which ataris the opponent chains with heads two.
func (l *Ladders) atariKind(b, nb *Board, c Color, p Point, two []Point) Sharp {
	last := Pass
	if m := b.last; m.Color != Empty && m.Point != Pass && b.color[m.Point] != Empty {
		last = b.head[m.Point]
	}
	var kind Sharp
	escapes := Pass // an ataried chain that the ladder does not catch
	var ataried, libs [4]Point
	n := 0
	for _, h := range two {
		if nb.color[h] != c.Opponent() || !nb.inAtari(nb.head[h]) {
			continue
		}
		ataried[n], libs[n] = h, nb.soleLib(nb.head[h])
		n++
		l.plays = 0
		if !l.defend(nb, h, 1) {
			escapes = h
			continue
		}
		switch {
		case b.stones[h] >= 3 && b.fresh(h):
			kind = SharpLadderBig
		case h == last && kind == 0:
			kind = SharpLadderLast
		}
	}
	if kind != 0 {
		return kind
	}
	if escapes != Pass && b.crosscut(escapes) && l.atariWins(b, nb, p, escapes) {
		return SharpAtariWins
	}
	if n >= 2 && libs[0] != libs[1] && (b.fresh(ataried[0]) || b.fresh(ataried[1])) &&
		!nb.touchesAtari(nb.head[ataried[0]]) && !nb.touchesAtari(nb.head[ataried[1]]) {
		return SharpDoubleAtari
	}
	return 0
}

// fresh reports whether one of the last two moves was played on or next
// to the chain with head h. A chain the last moves did not touch is most
// often a dead one inside the mover's area, where a ladder or a double
// atari gains nothing. Pachi asks instead whether its playouts already
// give the chain to the side that ataris it; that gate, from 500
// playouts at the root, picks about as many moves, played about as often
// (strength.md, "Sharp moves at set strengths" and "The ownership map as
// the gate of the sharp moves"), and costs the playouts.
func (b *Board) fresh(h Point) bool {
	for _, m := range [2]Move{b.last, b.prev} {
		if m.Color == Empty || m.Point == Pass {
			continue
		}
		if b.head[m.Point] == h && b.color[m.Point] != Empty {
			return true
		}
		for _, x := range b.neighbours(m.Point) {
			if b.color[x] != Empty && b.color[x] != border && b.head[x] == h {
				return true
			}
		}
	}
	return false
}

// crosscut reports whether the chain with head h is in a crosscut: one
// of its stones and a diagonal stone of another chain of its colour
// share two neighbours of the other colour.
func (b *Board) crosscut(h Point) bool {
	k := b.color[h]
	o := k.Opponent()
	st := Point(b.stride)
	for s := h; ; {
		if b.nbrCount(s, o) >= 2 {
			for _, dy := range [2]Point{-st, st} {
				for _, dx := range [2]Point{-1, 1} {
					d := s + dy + dx
					if b.color[d] == k && b.head[d] != h && b.color[s+dy] == o && b.color[s+dx] == o {
						return true
					}
				}
			}
		}
		s = b.next[s]
		if s == h {
			return false
		}
	}
}

// atariWins reports whether c's atari at p on the escaping cutting chain
// g wins something whatever the opponent answers: after each defence
// (extending at the liberty, or capturing a chain of c's beside g in
// atari) the same cutting chain of the opponent within two lines of p,
// or g itself, is capturable. A chain already capturable before the
// atari does not count. nb is the position after p.
func (l *Ladders) atariWins(b, nb *Board, p, g Point) bool {
	o := nb.color[p].Opponent()
	defences, nd := nb.defences(nb.head[g])
	var targets [24]Point
	nt := 0
	col, row := ColRow(b.size, p)
	for y := max(row-2, 0); y <= min(row+2, b.size-1); y++ {
		for x := max(col-2, 0); x <= min(col+2, b.size-1); x++ {
			q := At(b.size, x, y)
			if b.color[q] != o || nb.color[q] != o {
				continue
			}
			h := b.head[q]
			if h == b.head[g] || nt == len(targets) || slices.Contains(targets[:nt], h) {
				continue
			}
			if n := b.libsUpTo(h, 4); n < 2 || n > 3 || !b.crosscut(h) || l.capturable(b, h, 1) {
				continue
			}
			targets[nt] = h
			nt++
		}
	}
	for _, t := range targets[:nt] {
		wins := true
		for _, d := range defences[:nd] {
			if !nb.Legal(o, d) {
				continue
			}
			rb := l.at(1, nb)
			rb.play(o, d)
			if !(rb.color[t] == o && l.capturable(rb, t, 2)) && !(rb.color[g] == o && l.capturable(rb, g, 2)) {
				wins = false
				break
			}
		}
		if wins {
			return true
		}
	}
	return false
}

// cuts reports whether c's move p cuts: it touches two or more opponent
// chains of two stones or more (heads more, each with three liberties or
// more), two of them with three liberties exactly, a diagonal chain of
// c's that is not capturable touches two of them, and the cutting stone
// is not capturable either. nb is the position after p.
func (l *Ladders) cuts(b, nb *Board, c Color, p Point, more []Point) bool {
	short := 0
	var big [4]Point
	nBig := 0
	for _, h := range more {
		if b.stones[h] < 2 {
			continue
		}
		big[nBig] = h
		nBig++
		if b.libsUpTo(h, 4) == 3 {
			short++
		}
	}
	if short < 2 || nb.color[p] != c || l.capturable(nb, p, 1) {
		return false
	}
	st := Point(b.stride)
	for _, d := range [4]Point{p - st - 1, p - st + 1, p + st - 1, p + st + 1} {
		if b.color[d] != c || l.capturable(b, d, 1) {
			continue
		}
		reach := 0
		var seen [4]Point
		ns := 0
		for _, x := range b.neighbours(d) {
			if b.color[x] == c.Opponent() && slices.Contains(big[:nBig], b.head[x]) && !slices.Contains(seen[:ns], b.head[x]) {
				seen[ns] = b.head[x]
				ns++
				reach++
			}
		}
		if reach >= 2 {
			return true
		}
	}
	return false
}

// edgeLine is p's distance to the nearest edge: 0 on the first line.
func (b *Board) edgeLine(p Point) int {
	col, row := ColRow(b.size, p)
	return min(col, row, b.size-1-col, b.size-1-row)
}

// edgePunish reports whether c's move p catches the chain of the
// opponent's last move, a first-line stone whose chain has three
// liberties, one on each of the first three lines. On the third-line
// liberty: when the opponent then pushes along the second line, the chain
// is caught with two liberties. On the second-line liberty (a stone with
// three liberties of its own): the chain is caught now, and also after it
// extends to the third line.
func (l *Ladders) edgePunish(b *Board, c Color, p Point) bool {
	m := b.last
	if m.Color != c.Opponent() || m.Point == Pass || b.color[m.Point] != m.Color || b.edgeLine(m.Point) != 0 {
		return false
	}
	g := b.head[m.Point]
	if b.libsUpTo(g, 4) != 3 {
		return false
	}
	var byLine [3]Point
	for s := g; ; {
		for _, x := range b.neighbours(s) {
			if b.color[x] == Empty {
				if k := b.edgeLine(x); k < 3 {
					byLine[k] = x
				}
			}
		}
		s = b.next[s]
		if s == g {
			break
		}
	}
	if byLine[0] == 0 || byLine[1] == 0 || byLine[2] == 0 || (p != byLine[1] && p != byLine[2]) {
		return false
	}
	o := m.Color
	nb := l.at(0, b)
	nb.play(c, p)
	if nb.color[m.Point] != o {
		return false
	}
	if p == byLine[2] {
		if nb.color[p] != c || nb.libsUpTo(nb.head[p], 3) < 3 {
			return false
		}
		below := Pass
		for _, x := range nb.neighbours(p) {
			if nb.color[x] != border && nb.edgeLine(x) == 1 {
				below = x
				break
			}
		}
		if below == Pass || nb.color[below] != Empty || !nb.Legal(o, below) {
			return false
		}
		rb := l.at(1, nb)
		rb.play(o, below)
		_, _, two := rb.twoLibs(rb.head[m.Point])
		return rb.color[m.Point] == o && two && l.capturable(rb, m.Point, 2)
	}
	if nb.nbrCount(p, Empty) != 3 {
		return false
	}
	if _, _, two := nb.twoLibs(nb.head[m.Point]); !two || !l.capturable(nb, m.Point, 1) {
		return false
	}
	if !nb.Legal(o, byLine[2]) {
		return true
	}
	rb := l.at(1, nb)
	rb.play(o, byLine[2])
	_, _, two := rb.twoLibs(rb.head[m.Point])
	return rb.color[m.Point] == o && two && l.capturable(rb, m.Point, 2)
}
