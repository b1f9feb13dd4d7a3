package board

// RandomMove picks a uniformly random legal move for c that does not fill
// an eye of c's own (see IsEye), or Pass if there is none.
func (b *Board) RandomMove(c Color, r *Rand) Point {
	n := b.nEmpty
	if n == 0 {
		return Pass
	}
	start := r.Intn(n)
	for i := start; i < n; i++ {
		if p := b.empty[i]; b.playable(c, p) {
			return p
		}
	}
	for i := 0; i < start; i++ {
		if p := b.empty[i]; b.playable(c, p) {
			return p
		}
	}
	return Pass
}

// playable is !IsEye(c, p) && Legal(c, p) for the empty point p. An empty
// neighbour (most candidates) settles both at once: p is no eye and not a
// suicide; the ko point goes the slow way.
func (b *Board) playable(c Color, p Point) bool {
	if b.nbr[p]&15 != 0 && p != b.ko {
		return true
	}
	return b.playableSlow(c, p)
}

// playableSlow is playable's out-of-line rest, so playable itself inlines.
func (b *Board) playableSlow(c Color, p Point) bool {
	return !b.IsEye(c, p) && b.Legal(c, p)
}

// RandomPlayout plays random moves (RandomMove) from the current position,
// starting with the side to move, until two consecutive passes or maxMoves
// moves. It returns the number of moves played. Use it on a Clone.
func (b *Board) RandomPlayout(r *Rand, maxMoves int) int {
	c := b.toMove
	passes := 0
	i := 0
	for ; i < maxMoves && passes < 2; i++ {
		p := b.RandomMove(c, r)
		if p == Pass {
			passes++
		} else {
			passes = 0
		}
		b.play(c, p)
		c = c.Opponent()
	}
	return i
}
