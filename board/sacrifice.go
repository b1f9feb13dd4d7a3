package board

import "slices"

// A self-atari of three stones or more is usually a loss, and the playout
// refuses it. Inside the opponent's eye space it can be the killing move:
// the opponent must capture, and what it captures is a dead eye space
// (bent three, square or pyramid four, bulky or crossed five, rabbity
// six) on whose vital point a stone kills. Two groups that share their
// last two liberties look like a seki to a playout that never sacrifices,
// and the search then counts a dead group as alive (strength.md, run 19).

// KillingMax is the largest dead eye space (rabbity six).
const KillingMax = 6

// killingShapes holds the dead eye spaces of four to six points as 3x3
// bit masks (bit row*3+col), in every orientation.
var killingShapes = func() (m [1 << 9]bool) {
	shapes := [][][2]int{
		{{0, 0}, {1, 0}, {0, 1}, {1, 1}},                 // square four
		{{0, 0}, {1, 0}, {2, 0}, {1, 1}},                 // pyramid four
		{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}},         // bulky five
		{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},         // crossed five
		{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}}, // rabbity six
	}
	for _, sh := range shapes {
		for sym := 0; sym < 8; sym++ {
			minX, minY := 9, 9
			var pts [][2]int
			for _, q := range sh {
				x, y := q[0], q[1]
				if sym&1 != 0 {
					x = -x
				}
				if sym&2 != 0 {
					y = -y
				}
				if sym&4 != 0 {
					x, y = y, x
				}
				pts = append(pts, [2]int{x, y})
				minX, minY = min(minX, x), min(minY, y)
			}
			var mask uint16
			for _, q := range pts {
				mask |= 1 << ((q[1]-minY)*3 + q[0] - minX)
			}
			m[mask] = true
		}
	}
	return m
}()

// KillingShape reports whether the points ps form a dead eye space: any
// three points or fewer, or one of the four- to six-point shapes.
func KillingShape(size int, ps []Point) bool {
	if len(ps) <= 3 {
		return true
	}
	if len(ps) > KillingMax {
		return false
	}
	minC, minR, maxC, maxR := size, size, -1, -1
	for _, p := range ps {
		c, r := ColRow(size, p)
		minC, minR, maxC, maxR = min(minC, c), min(minR, r), max(maxC, c), max(maxR, r)
	}
	if maxC-minC > 2 || maxR-minR > 2 {
		return false
	}
	var mask uint16
	for _, p := range ps {
		c, r := ColRow(size, p)
		mask |= 1 << ((r-minR)*3 + c - minC)
	}
	return killingShapes[mask]
}

// NakadeSacrifice reports whether c playing the empty point p, a self-atari
// whose chain would have size stones (SelfAtari's answer), is a killing
// sacrifice: the chain has three to KillingMax stones in a dead eye shape,
// it and its last liberty are enclosed by opponent stones and the edge
// only, and every opponent chain around has no liberty but p and that
// last one, so it must capture and is left with one eye.
func (b *Board) NakadeSacrifice(c Color, p Point, size int) bool {
	if size < 3 || size > KillingMax {
		return false
	}
	// The chain after the move, with room for its last liberty after it.
	var buf [KillingMax + 1]Point
	stones := append(buf[:0], p)
	for _, q := range b.neighbours(p) {
		if b.color[q] != c || slices.Contains(stones, q) {
			continue
		}
		h := b.head[q]
		for s := h; ; {
			if len(stones) == KillingMax {
				return false
			}
			stones = append(stones, s)
			s = b.next[s]
			if s == h {
				break
			}
		}
	}
	// The chain's last liberty.
	lib := Pass
	for _, s := range stones {
		for _, q := range b.neighbours(s) {
			if b.color[q] == Empty && q != p {
				lib = q
			}
		}
	}
	if lib == Pass || !KillingShape(b.size, stones) {
		return false
	}
	// Enclosed by opponent chains whose liberties are p and lib only.
	o := c.Opponent()
	space := append(stones, lib)
	var hb [4 * (KillingMax + 1)]Point
	heads := hb[:0]
	for _, s := range space {
		for _, q := range b.neighbours(s) {
			switch {
			case b.color[q] == border || slices.Contains(space, q):
				continue
			case b.color[q] != o:
				return false
			}
			h := b.head[q]
			if slices.Contains(heads, h) {
				continue
			}
			heads = append(heads, h)
			for t := h; ; {
				for _, l := range b.neighbours(t) {
					if b.color[l] == Empty && l != p && l != lib {
						return false
					}
				}
				t = b.next[t]
				if t == h {
					break
				}
			}
		}
	}
	return true
}
