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
		if p := b.empty[i]; !b.IsEye(c, p) && b.Legal(c, p) {
			return p
		}
	}
	for i := 0; i < start; i++ {
		if p := b.empty[i]; !b.IsEye(c, p) && b.Legal(c, p) {
			return p
		}
	}
	return Pass
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
