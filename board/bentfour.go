package board

// The bent four in the corner is dead by rule under Japanese rules: the
// attacker may fill its way in, and the ko that follows is played only
// when the defender has no ko threats left, so the defender loses it. A
// playout that ends with the shape on the board (the attacker's stones in
// the corner sharing the defender's last two liberties) counts a seki
// instead, and the search then values a dead group as alive (strength.md,
// "The playouts' own win rate"). removeBentFourDead settles it at the end
// of the playout.

// corner holds the points of one corner, named by their distance along
// the two edges from the corner point: p[i][j] is i along one edge and j
// along the other, 0 to 2.
type corner struct {
	p [3][3]Point
}

// corners returns b's four corners.
func (b *Board) corners() [4]corner {
	var cs [4]corner
	n := b.size - 1
	for k, c := range [4][4]int{{0, 0, 1, 1}, {n, 0, -1, 1}, {0, n, 1, -1}, {n, n, -1, -1}} {
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				cs[k].p[i][j] = At(b.size, c[0]+i*c[2], c[1]+j*c[3])
			}
		}
	}
	return cs
}

// removeBentFourDead removes every chain that a bent four in the corner
// kills by rule, and returns the number of stones removed. It is meant for
// the end of a playout, when both sides have passed. A defender's chain
// is dead when its only two liberties lie in a corner where the
// attacker's stones, filling one of them, would make the bent four:
//   - the corner point is empty and the two points next to it along the
//     edges are single attacker stones; the chain's liberties are the
//     next points along the edges, and the chain holds the diagonal
//     point (a bent three to be filled from the corner);
//   - or an attacker chain of three stones holds the corner, its two
//     liberties are the chain's two, and with one of them filled its
//     stones are the bent four.
func (b *Board) removeBentFourDead() int {
	if b.size < 5 {
		return 0
	}
	removed := 0
	for _, c := range b.corners() {
		if h := b.bentFourVictim(c); h != Pass {
			removed += b.capture(h)
		}
	}
	return removed
}

// bentFourVictim returns the head of the chain c's bent four kills, or Pass.
func (b *Board) bentFourVictim(c corner) Point {
	p := c.p
	corner := p[0][0]
	if b.color[corner] == Empty {
		// The empty corner between two single attacker stones.
		a := b.color[p[1][0]]
		if a != Black && a != White || b.color[p[0][1]] != a {
			return Pass
		}
		for _, s := range [2]Point{p[1][0], p[0][1]} {
			if b.stones[b.head[s]] != 1 {
				return Pass
			}
		}
		d := b.color[p[1][1]]
		if d != a.Opponent() {
			return Pass
		}
		h := b.head[p[1][1]]
		l1, l2, ok := b.twoLibs(h)
		if !ok || !((l1 == p[2][0] && l2 == p[0][2]) || (l1 == p[0][2] && l2 == p[2][0])) {
			return Pass
		}
		// Both single stones have exactly those liberties besides the
		// corner: each touches the corner and one of the chain's.
		if _, _, ok := b.twoLibs(b.head[p[1][0]]); !ok {
			return Pass
		}
		if _, _, ok := b.twoLibs(b.head[p[0][1]]); !ok {
			return Pass
		}
		return h
	}
	// An attacker chain of three stones on the corner.
	a := b.color[corner]
	ha := b.head[corner]
	if b.stones[ha] != 3 {
		return Pass
	}
	l1, l2, ok := b.twoLibs(ha)
	if !ok {
		return Pass
	}
	// The defender's chain: the one other chain touching both liberties,
	// with exactly those two.
	h := Pass
	for _, n := range b.neighbours(l1) {
		if b.color[n] == a.Opponent() {
			if g := b.head[n]; b.touches(g, l2) {
				h = g
				break
			}
		}
	}
	if h == Pass {
		return Pass
	}
	if m1, m2, ok := b.twoLibs(h); !ok || !((m1 == l1 && m2 == l2) || (m1 == l2 && m2 == l1)) {
		return Pass
	}
	for _, l := range [2]Point{l1, l2} {
		if b.bentFourShape(p, ha, l) {
			return h
		}
	}
	return Pass
}

// bentFourShape reports whether the chain with head ha (three stones) and
// the point l make the bent four in the corner p: three points along one
// edge from the corner and the point next to the corner along the other.
func (b *Board) bentFourShape(p [3][3]Point, ha, l Point) bool {
	in := func(q Point) bool { return q == l || (b.color[q] != Empty && b.head[q] == ha) }
	for _, shape := range [2][4]Point{
		{p[0][0], p[1][0], p[2][0], p[0][1]},
		{p[0][0], p[0][1], p[0][2], p[1][0]},
	} {
		all := true
		for _, q := range shape {
			all = all && in(q)
		}
		if all {
			return true
		}
	}
	return false
}

// touches reports whether the chain with head h has the point q as a
// neighbour.
func (b *Board) touches(h, q Point) bool {
	for _, n := range b.neighbours(q) {
		if b.color[n] != Empty && b.color[n] != border && b.head[n] == h {
			return true
		}
	}
	return false
}
