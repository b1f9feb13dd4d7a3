package board

// Taking back a stone. The ladder reader plays most of its plies on one
// board and takes each back, instead of copying the board for every ply
// (12 KB on 19x19). Only a stone that captures nothing and joins at most
// one own chain is taken back: play's other changes (merging chains,
// removing captured ones) are left to a copy.

// undoStone is what undo needs to take back a stone playSimple played:
// the state play overwrote and cannot be worked out afterwards.
type undoStone struct {
	c               Color
	p               Point
	ko              Point
	koColor, toMove Color
	last, prev      Move
	passes, moveNum int
	// p's own slots, stale while p was empty, kept so that undo leaves
	// the board exactly as it was.
	next   Point
	stones int16
	libs   int32
	libSum int32
	libSq  int64
}

// simplePlay reports whether c at the empty point p captures nothing and
// touches at most one own chain, so that undo can take it back.
func (b *Board) simplePlay(c Color, p Point) bool {
	o := c.Opponent()
	own := Point(0)
	for _, n := range b.neighbours(p) {
		switch b.color[n] {
		case o:
			if b.inAtari(b.head[n]) {
				return false
			}
		case c:
			if h := b.head[n]; own == 0 {
				own = h
			} else if own != h {
				return false
			}
		}
	}
	return true
}

// playSimple plays c at p, a legal move simplePlay allows, and returns
// what undo needs to take it back.
func (b *Board) playSimple(c Color, p Point) undoStone {
	u := undoStone{c: c, p: p, ko: b.ko, koColor: b.koColor, toMove: b.toMove,
		last: b.last, prev: b.prev, passes: b.passes, moveNum: b.moveNum,
		next: b.next[p], stones: b.stones[p], libs: b.libs[p], libSum: b.libSum[p], libSq: b.libSq[p]}
	b.play(c, p)
	return u
}

// undo takes back the stone of u, the last change made to b. It reverses
// play step by step: p leaves the chain it joined (play put it right
// after the chain's head, with p's empty neighbours as new liberties),
// every neighbour chain gets p back as a liberty, and p goes back into
// the empty list at its old index.
func (b *Board) undo(u undoStone) {
	c, p := u.c, u.p
	pp := int32(p)
	pp2 := int64(pp) * int64(pp)
	nb := b.neighbours(p)
	if h := b.head[p]; h != p {
		var libs, sum int32
		var sq int64
		for _, n := range nb {
			if b.color[n] == Empty {
				libs++
				sum += int32(n)
				sq += int64(n) * int64(n)
			}
		}
		b.next[h] = b.next[p]
		b.libs[h] -= libs
		b.libSum[h] -= sum
		b.libSq[h] -= sq
		b.stones[h]--
	}
	// Every neighbour chain gets p back as a liberty; play skips those
	// counts when all four neighbours are empty.
	chains := b.nbr[p] != 4
	for _, n := range nb {
		b.nbr[n] -= nbrDelta[c]
		if chains {
			h := b.head[n]
			b.libs[h]++
			b.libSum[h] += pp
			b.libSq[h] += pp2
		}
	}
	b.color[p] = Empty
	b.head[p] = 0
	b.next[p], b.stones[p] = u.next, u.stones
	b.libs[p], b.libSum[p], b.libSq[p] = u.libs, u.libSum, u.libSq
	b.hash ^= zStone[c][p]
	i := b.emptyIdx[p]
	moved := b.empty[i]
	b.empty[b.nEmpty] = moved
	b.emptyIdx[moved] = int16(b.nEmpty)
	b.empty[i] = p
	b.nEmpty++
	b.ko, b.koColor, b.toMove = u.ko, u.koColor, u.toMove
	b.last, b.prev, b.passes, b.moveNum = u.last, u.prev, u.passes, u.moveNum
}
