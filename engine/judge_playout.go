package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// The judging playout policy (judgePlayout). Each move, in this order:
//
//  1. Atari replies to the opponent's last move: capture its chain when it
//     is in atari (judgeCapturePct times in 100); else, for a chain of
//     ours next to the last move that is in atari, capture an opponent
//     chain in atari that touches it, or run out of atari when running is
//     not a self-atari.
//  2. With probability judgeNearPct/100, a move next to the last one (the
//     8 surrounding points, from a random start) that is legal, does not
//     fill our own true eye, is not a short fill (judgeShortFill) and is
//     not a self-atari at all. Answering locally settles open fights the
//     way players would; uniform random moves let a group surrounded in
//     open ground make eyes while the opponent plays elsewhere (gnugo-9-70
//     in docs/judgement.md).
//  3. A uniformly random legal move that does not fill our own true eye
//     (board.IsEye: false eyes may be filled), is not a short fill and is
//     not a barred self-atari (badSelfAtari); a pass when none is left.
const (
	judgeCapturePct = 90
	judgeNearPct    = 80
)

// Self-atari rules of step 3. A self-atari is a move that leaves its own
// chain with one liberty and captures nothing. Single-stone self-ataris
// (throw-ins) are allowed. A chain of two stones or more is put in atari
// only as a nakade, when the chain and its last liberty fill an eye space
// of the opponent (every point around them is an opponent stone or the
// edge) and either
//   - the chain has exactly judgeSelfAtari stones (with the liberty, a
//     straight or bent three), or
//   - the move leaves every opponent chain around it with that liberty
//     only (so the opponent has no eye elsewhere and must capture), and
//     the chain has the shape of a dead eye space (board.NakadeSacrifice):
//     after the capture the opponent's only eye is that shape, and a
//     stone on its vital point kills.
//
// Without the rule the shared liberties of a seki are filled and big
// groups are thrown away. Allowing every enclosed self-atari of up to six
// points let the inner stones of an enclosed seki throw themselves in
// (gnugo-9-1052, where White still has the eye G1); with two-stone nakade
// only, a group whose only eye space is a bulky five or a pyramid four
// with a stone on the vital point stalled in the playouts and came out
// Unknown instead of dead.
const judgeSelfAtari = 2

// judgeAround are the 8 points around a point, as (column, row) offsets.
var judgeAround = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// judgePlayout plays the judging policy from the side to move until two
// passes or maxMoves. buf is scratch space, returned for reuse.
func judgePlayout(b *board.Board, r *board.Rand, maxMoves int, buf []board.Point) []board.Point {
	c := b.ToMove()
	passes := 0
	for i := 0; i < maxMoves && passes < 2; i++ {
		var p board.Point
		p, buf = judgeMove(b, c, r, buf)
		if p == board.Pass {
			passes++
		} else {
			passes = 0
		}
		b.PlayLegal(c, p)
		c = c.Opponent()
	}
	return buf
}

func judgeMove(b *board.Board, c board.Color, r *board.Rand, buf []board.Point) (board.Point, []board.Point) {
	if p, ok := judgeAtariReply(b, c, r, buf); ok {
		return p, buf
	}
	if p, ok := judgeNearMove(b, c, r, buf); ok {
		return p, buf
	}
	n := b.EmptyCount()
	if n == 0 {
		return board.Pass, buf
	}
	start := r.Intn(n)
	for i := 0; i < n; i++ {
		p := b.EmptyAt((start + i) % n)
		if b.IsEye(c, p) || !b.Legal(c, p) || judgeShortFill(b, c, p) {
			continue
		}
		var bad bool
		if bad, buf = badSelfAtari(b, c, p, buf); bad {
			continue
		}
		return p, buf
	}
	return board.Pass, buf
}

// judgeAtariReply is step 1 of the policy.
func judgeAtariReply(b *board.Board, c board.Color, r *board.Rand, buf []board.Point) (board.Point, bool) {
	last := b.Last().Point
	if last == board.Pass || b.At(last) != c.Opponent() {
		return board.Pass, false
	}
	if l := b.AtariLiberty(last); l != board.Pass && b.Legal(c, l) && r.Intn(100) < judgeCapturePct {
		return l, true
	}
	size := b.Size()
	ns, nn := judgeNbrs(size, last)
	for _, q := range ns[:nn] {
		if b.At(q) != c {
			continue
		}
		l := b.AtariLiberty(q)
		if l == board.Pass {
			continue
		}
		for _, s := range b.Chain(q) {
			sn, k := judgeNbrs(size, s)
			for _, m := range sn[:k] {
				if b.At(m) != c.Opponent() {
					continue
				}
				if x := b.AtariLiberty(m); x != board.Pass && b.Legal(c, x) {
					return x, true
				}
			}
		}
		if b.Legal(c, l) {
			if sa, _, _ := selfAtariChain(b, c, l, buf); !sa {
				return l, true
			}
		}
	}
	return board.Pass, false
}

// judgeNearMove is step 2 of the policy.
func judgeNearMove(b *board.Board, c board.Color, r *board.Rand, buf []board.Point) (board.Point, bool) {
	last := b.Last().Point
	if last == board.Pass || r.Intn(100) >= judgeNearPct {
		return board.Pass, false
	}
	size := b.Size()
	lc, lr := board.ColRow(size, last)
	start := r.Intn(8)
	for i := 0; i < 8; i++ {
		d := judgeAround[(start+i)&7]
		col, row := lc+d[0], lr+d[1]
		if !board.OnBoard(size, col, row) {
			continue
		}
		p := board.At(size, col, row)
		if b.At(p) != board.Empty || b.IsEye(c, p) || !b.Legal(c, p) || judgeShortFill(b, c, p) {
			continue
		}
		if sa, _, _ := selfAtariChain(b, c, p, buf); sa {
			continue
		}
		return p, true
	}
	return board.Pass, false
}

// judgeShortFill reports whether c at the empty point p fills a false eye
// of its own (every neighbour a c stone or the edge) that joins chains
// none of which is in atari into a chain of two liberties or fewer. Such a
// fill only shortens the group's liberties: in gnugo-9-1052 White filling
// G1 turned a seki into a group the inner black stones could kill.
func judgeShortFill(b *board.Board, c board.Color, p board.Point) bool {
	if !b.IsEyeLike(c, p) {
		return false
	}
	size := b.Size()
	ns, nn := judgeNbrs(size, p)
	var libs [3]board.Point
	nl := 0
	var seen [4]board.Point
	nh := 0
	for _, q := range ns[:nn] {
		if b.InAtari(q) {
			return false // the fill saves a chain
		}
		h := b.ChainHead(q)
		dup := false
		for _, x := range seen[:nh] {
			dup = dup || x == h
		}
		if dup {
			continue
		}
		seen[nh] = h
		nh++
		if b.Liberties(q) > 3 {
			return false
		}
		for _, s := range b.Chain(q) {
			sn, k := judgeNbrs(size, s)
			for _, l := range sn[:k] {
				if l == p || b.At(l) != board.Empty {
					continue
				}
				known := false
				for _, x := range libs[:nl] {
					known = known || x == l
				}
				if known {
					continue
				}
				if nl == len(libs) {
					return false // three liberties or more
				}
				libs[nl] = l
				nl++
			}
		}
	}
	return nl <= 2
}

// badSelfAtari reports whether c at the empty point p is a self-atari that
// step 3 does not play (see judgeSelfAtari). buf is scratch space.
func badSelfAtari(b *board.Board, c board.Color, p board.Point, buf []board.Point) (bool, []board.Point) {
	sa, buf, lib := selfAtariChain(b, c, p, buf)
	if !sa || len(buf) < judgeSelfAtari {
		return false, buf
	}
	if len(buf) > judgeSelfAtari {
		// The same rule as the search's playouts (board.NakadeSacrifice).
		return !b.NakadeSacrifice(c, p, len(buf)), buf
	}
	// Nakade of two: every neighbour of the chain and its liberty, outside
	// them, is an opponent stone (or the edge).
	opp := c.Opponent()
	size := b.Size()
	for k := 0; k <= len(buf); k++ {
		s := lib
		if k < len(buf) {
			s = buf[k]
		}
		ns, nn := judgeNbrs(size, s)
		for _, q := range ns[:nn] {
			if q != lib && !slices.Contains(buf, q) && b.At(q) != opp {
				return true, buf
			}
		}
	}
	return false, buf
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

// selfAtariChain reports whether c at the empty point p leaves the new
// chain with one liberty and captures nothing. If so it returns the
// chain's stones (p first) in buf and its last liberty.
func selfAtariChain(b *board.Board, c board.Color, p board.Point, buf []board.Point) (bool, []board.Point, board.Point) {
	size := b.Size()
	ns, nn := judgeNbrs(size, p)
	empties := 0
	var friends [4]board.Point
	nf := 0
	lib := board.Pass // the one empty neighbour, if any
	for _, q := range ns[:nn] {
		switch b.At(q) {
		case board.Empty:
			empties++
			lib = q
		case c:
			if b.PseudoLiberties(q) >= 9 || b.Liberties(q) >= 3 {
				return false, buf, board.Pass
			}
			friends[nf] = b.ChainHead(q)
			nf++
		default:
			if b.InAtari(q) {
				return false, buf, board.Pass // a capture gains liberties
			}
		}
	}
	if empties >= 2 {
		return false, buf, board.Pass
	}
	// The new chain's liberties: lib (if any) and those of the friendly
	// chains other than p. Two distinct ones mean no atari.
	buf = append(buf[:0], p)
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
			buf = append(buf, s)
			sn, k := judgeNbrs(size, s)
			for _, l := range sn[:k] {
				if l == p || l == lib || b.At(l) != board.Empty {
					continue
				}
				if lib != board.Pass {
					return false, buf, board.Pass // a second liberty
				}
				lib = l
			}
		}
	}
	if lib == board.Pass {
		return false, buf, board.Pass // no liberty at all: suicide, which Legal rejects
	}
	return true, buf, lib
}
