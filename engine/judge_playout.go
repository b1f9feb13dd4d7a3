package engine

import "github.com/kisen-go/kisen/board"

// bigSelfAtari is the smallest chain the judge's playouts never put in
// atari on their own. Smaller self-ataris stay allowed: throw-ins and
// nakade (killing a big eye from inside) need them.
const bigSelfAtari = 3

// judgePlayout plays random moves from the side to move until two passes
// or maxMoves. Like board.RandomPlayout it never fills a true eye; it also
// never plays a self-atari of a chain of bigSelfAtari stones or more, so
// the shared liberties of a seki stay empty and random play does not
// throw away big groups.
func judgePlayout(b *board.Board, r *board.Rand, maxMoves int) {
	c := b.ToMove()
	passes := 0
	for i := 0; i < maxMoves && passes < 2; i++ {
		p := judgeMove(b, c, r)
		if p == board.Pass {
			passes++
		} else {
			passes = 0
		}
		b.PlayLegal(c, p)
		c = c.Opponent()
	}
}

func judgeMove(b *board.Board, c board.Color, r *board.Rand) board.Point {
	n := b.EmptyCount()
	if n == 0 {
		return board.Pass
	}
	start := r.Intn(n)
	for i := 0; i < n; i++ {
		p := b.EmptyAt((start + i) % n)
		if b.IsEye(c, p) || !b.Legal(c, p) || bigSelfAtariAt(b, c, p) {
			continue
		}
		return p
	}
	return board.Pass
}

// judgeNbrs returns the on-board neighbours of p without allocating.
func judgeNbrs(size int, p board.Point) ([4]board.Point, int) {
	var out [4]board.Point
	n := 0
	c, r := board.ColRow(size, p)
	if c > 0 {
		out[n] = p - 1
		n++
	}
	if c < size-1 {
		out[n] = p + 1
		n++
	}
	if r > 0 {
		out[n] = board.At(size, c, r-1)
		n++
	}
	if r < size-1 {
		out[n] = board.At(size, c, r+1)
		n++
	}
	return out, n
}

// bigSelfAtariAt reports whether c at the empty point p leaves a chain of
// bigSelfAtari or more stones with one liberty and captures nothing.
func bigSelfAtariAt(b *board.Board, c board.Color, p board.Point) bool {
	size := b.Size()
	ns, nn := judgeNbrs(size, p)
	empties := 0
	var friends [4]board.Point
	nf := 0
	var lib board.Point // the one empty neighbour, if any
	for _, q := range ns[:nn] {
		switch b.At(q) {
		case board.Empty:
			empties++
			lib = q
		case c:
			if b.PseudoLiberties(q) >= 9 || b.Liberties(q) >= 3 {
				return false
			}
			friends[nf] = b.ChainHead(q)
			nf++
		default:
			if b.InAtari(q) {
				return false // a capture gains liberties
			}
		}
	}
	if empties >= 2 || nf == 0 {
		return false
	}
	// The new chain's liberties: lib (if any) and those of the friendly
	// chains other than p. Two distinct ones mean no atari.
	size1 := 1
	var seen [4]board.Point
	ns2 := 0
	for _, h := range friends[:nf] {
		dup := false
		for _, s := range seen[:ns2] {
			dup = dup || s == h
		}
		if dup {
			continue
		}
		seen[ns2] = h
		ns2++
		for _, s := range b.Chain(h) {
			size1++
			sn, k := judgeNbrs(size, s)
			for _, l := range sn[:k] {
				if l == p || l == lib || b.At(l) != board.Empty {
					continue
				}
				if lib != board.Pass {
					return false // a second liberty
				}
				lib = l
			}
		}
	}
	return size1 >= bigSelfAtari
}
