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

// bigSelfAtariAt reports whether c at the empty point p leaves a chain of
// bigSelfAtari or more stones with one liberty and captures nothing.
func bigSelfAtariAt(b *board.Board, c board.Color, p board.Point) bool {
	empties := 0
	var friends [4]board.Point
	nf := 0
	for _, q := range b.Neighbours(p) {
		switch b.At(q) {
		case board.Empty:
			empties++
		case c:
			if b.Liberties(q) >= 3 {
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
	libs := map[board.Point]bool{}
	for _, q := range b.Neighbours(p) {
		if b.At(q) == board.Empty {
			libs[q] = true
		}
	}
	size := 1
	seen := map[board.Point]bool{}
	for _, h := range friends[:nf] {
		if seen[h] {
			continue
		}
		seen[h] = true
		for _, s := range b.Chain(h) {
			size++
			for _, l := range b.Neighbours(s) {
				if l != p && b.At(l) == board.Empty {
					libs[l] = true
				}
			}
		}
	}
	return len(libs) < 2 && size >= bigSelfAtari
}
