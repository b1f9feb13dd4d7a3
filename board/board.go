package board

import (
	"errors"
	"fmt"
)

// Errors that name why a move is illegal; Play wraps them in *IllegalError.
var (
	ErrOccupied = errors.New("point is occupied")
	ErrSuicide  = errors.New("suicide")
	ErrKo       = errors.New("retakes a ko at once")
	ErrOffBoard = errors.New("point is off the board")
	ErrColor    = errors.New("colour must be black or white")
)

// IllegalError says which move was illegal and why.
type IllegalError struct {
	Size   int
	Move   Move
	Reason error
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("illegal move %s %s: %v", e.Move.Color.Letter(), GTP(e.Size, e.Move.Point), e.Reason)
}

func (e *IllegalError) Unwrap() error { return e.Reason }

// Board is a Go position with its rules state. The zero value is not usable;
// call New. Copy with Clone (plain assignment copies the arrays too but shares
// the history).
type Board struct {
	size, stride int
	color        [maxPoints]Color
	head         [maxPoints]Point // chain representative of a stone; 0 off stones
	next         [maxPoints]Point // circular list of a chain's stones
	// Per chain, indexed by head: pseudo-liberties (a liberty counted once
	// per adjacent stone), their sum and sum of squares. A chain is in atari
	// iff libs*sq == sum*sum (all counted liberties are the same point).
	libs   [maxPoints]int32
	libSum [maxPoints]int32
	libSq  [maxPoints]int64
	stones [maxPoints]int16

	// nbr counts the neighbours of every point by colour, one nibble each
	// (Empty, Black, White, border: nbr>>(4*colour)&15), kept by play and
	// capture so eye and legality tests need one load instead of four.
	nbr [maxPoints]uint16

	empty    [maxPoints]Point // the empty points, unordered
	emptyIdx [maxPoints]int16
	nEmpty   int

	ko       Point // point the side in koColor may not play now; Pass = none
	koColor  Color
	toMove   Color
	captured [3]int // stones captured by Black, White (index by Color)
	hash     uint64 // stones only
	last     Move
	prev     Move // the move before last: the learned move model's second distance
	passes   int  // consecutive passes at the end of the move list
	moveNum  int  // moves played (passes included), not counting setup

	hist *history
}

// history is what the referee needs and playouts don't: the moves for
// undo, and the position hashes for repetition detection.
type history struct {
	setup  []Move // handicap or setup stones, placed before move 1
	moves  []Move
	seen   map[uint64]int // position hash -> times reached by a stone move
	hashes []uint64       // hash after each move
	repeat bool           // the last move recreated an earlier position
}

// New returns an empty board of the given size with Black to move.
func New(size int) (*Board, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("board size %d: want %d-%d", size, MinSize, MaxSize)
	}
	b := &Board{}
	b.reset(size)
	b.hist = &history{seen: map[uint64]int{}}
	return b, nil
}

// MustNew is New for sizes known to be valid (tests, constants).
func MustNew(size int) *Board {
	b, err := New(size)
	if err != nil {
		panic(err)
	}
	return b
}

func (b *Board) reset(size int) {
	*b = Board{size: size, stride: stride(size), toMove: Black}
	for i := range b.color[:stride(size)*stride(size)] {
		b.color[i] = border
	}
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			p := At(size, c, r)
			b.color[p] = Empty
			b.emptyIdx[p] = int16(b.nEmpty)
			b.empty[b.nEmpty] = p
			b.nEmpty++
		}
	}
	for _, p := range b.empty[:b.nEmpty] {
		for _, n := range b.neighbours(p) {
			b.nbr[p] += 1 << (4 * b.color[n])
		}
	}
}

// nbrDelta[c] turns an empty neighbour into a c neighbour in nbr.
var nbrDelta = [3]uint16{0, 1<<4 - 1, 1<<8 - 1}

// nbrCount is the number of neighbours of p with colour k.
func (b *Board) nbrCount(p Point, k Color) int {
	return int(b.nbr[p]>>(4*uint(k))) & 15
}

// Clone returns an independent copy without history: repetition is no
// longer tracked and Undo is unavailable. This is the playout board.
func (b *Board) Clone() *Board {
	c := new(Board)
	*c = *b
	c.hist = nil
	return c
}

// CopyFrom makes b a history-less copy of src without allocating. It
// copies only the points of src's size (a 9x9 board uses 121 of the 441
// slots of each array): the search copies the root for every playout and
// the ladder reader for every ply, and a whole copy is 17 KB.
func (b *Board) CopyFrom(src *Board) {
	n := src.stride * src.stride
	copy(b.color[:n], src.color[:n])
	copy(b.head[:n], src.head[:n])
	copy(b.next[:n], src.next[:n])
	copy(b.libs[:n], src.libs[:n])
	copy(b.libSum[:n], src.libSum[:n])
	copy(b.libSq[:n], src.libSq[:n])
	copy(b.stones[:n], src.stones[:n])
	copy(b.nbr[:n], src.nbr[:n])
	copy(b.empty[:src.nEmpty], src.empty[:src.nEmpty])
	copy(b.emptyIdx[:n], src.emptyIdx[:n])
	// The rest, field by field (TestCopyFromCopiesEveryField counts them).
	b.size, b.stride, b.nEmpty = src.size, src.stride, src.nEmpty
	b.ko, b.koColor, b.toMove = src.ko, src.koColor, src.toMove
	b.captured, b.hash, b.last, b.prev = src.captured, src.hash, src.last, src.prev
	b.passes, b.moveNum = src.passes, src.moveNum
	b.hist = nil
}

// Size is the board's side length.
func (b *Board) Size() int { return b.size }

// At returns the colour at p (Empty for Pass or off-board points).
func (b *Board) At(p Point) Color {
	if p <= 0 || int(p) >= len(b.color) || b.color[p] == border {
		return Empty
	}
	return b.color[p]
}

// ToMove is the colour whose turn it is (the opponent of the last mover).
func (b *Board) ToMove() Color { return b.toMove }

// SetToMove overrides whose turn it is (SGF PL, handicap games).
func (b *Board) SetToMove(c Color) { b.toMove = c }

// Captured is the number of stones c has captured during play.
func (b *Board) Captured(c Color) int { return b.captured[c] }

// Last is the last move played (Color Empty before the first move).
func (b *Board) Last() Move { return b.last }

// Prev is the move before the last (Color Empty before the second move).
func (b *Board) Prev() Move { return b.prev }

// Passes is the number of consecutive passes that ended the move list.
func (b *Board) Passes() int { return b.passes }

// MoveNumber is the number of moves played, passes included.
func (b *Board) MoveNumber() int { return b.moveNum }

// Ko returns the point the side to move may not play because of simple ko,
// or Pass if there is none.
func (b *Board) Ko() Point {
	if b.koColor == b.toMove {
		return b.ko
	}
	return Pass
}

// PositionHash is the Zobrist hash of the stones alone.
func (b *Board) PositionHash() uint64 { return b.hash }

// Hash is the Zobrist hash of the whole state: stones, side to move, ko.
func (b *Board) Hash() uint64 {
	h := b.hash
	if b.toMove == White {
		h ^= zWhiteToMove
	}
	if k := b.Ko(); k != Pass {
		h ^= zKo[k]
	}
	return h
}

// Moves returns the moves played so far (nil on a history-less clone).
func (b *Board) Moves() []Move {
	if b.hist == nil {
		return nil
	}
	return append([]Move(nil), b.hist.moves...)
}

// Repeated reports whether the last move recreated a whole-board position
// that existed earlier in the game (the tournament rule: call the referee).
// Always false on a history-less clone.
func (b *Board) Repeated() bool { return b.hist != nil && b.hist.repeat }

// Neighbours of p: p-stride, p-1, p+1, p+stride (some may be border).
func (b *Board) neighbours(p Point) [4]Point {
	s := Point(b.stride)
	return [4]Point{p - s, p - 1, p + 1, p + s}
}

// Neighbours returns the on-board neighbours of p.
func (b *Board) Neighbours(p Point) []Point {
	out := make([]Point, 0, 4)
	for _, n := range b.neighbours(p) {
		if b.color[n] != border {
			out = append(out, n)
		}
	}
	return out
}

func (b *Board) inAtari(h Point) bool {
	return int64(b.libs[h])*b.libSq[h] == int64(b.libSum[h])*int64(b.libSum[h])
}

// Liberties returns the exact number of liberties of the chain at p (0 if
// p is empty). It walks the chain; playouts use the cheaper InAtari.
func (b *Board) Liberties(p Point) int {
	if b.At(p) == Empty {
		return 0
	}
	var mark [maxPoints]bool
	n := 0
	for s := p; ; {
		for _, q := range b.neighbours(s) {
			if b.color[q] == Empty && !mark[q] {
				mark[q] = true
				n++
			}
		}
		s = b.next[s]
		if s == p {
			break
		}
	}
	return n
}

// InAtari reports whether the chain at p has exactly one liberty.
func (b *Board) InAtari(p Point) bool {
	c := b.At(p)
	return c != Empty && b.inAtari(b.head[p])
}

// AtariLiberty returns the single liberty of the chain at p if it is in
// atari, else Pass.
func (b *Board) AtariLiberty(p Point) Point {
	if !b.InAtari(p) {
		return Pass
	}
	return b.soleLib(b.head[p])
}

// soleLib is the liberty of the chain with head h, which is in atari: with
// one liberty the pseudo-liberty sum over the count is that point.
func (b *Board) soleLib(h Point) Point {
	return Point(b.libSum[h] / b.libs[h])
}

// PseudoLiberties is the cheap liberty estimate of the chain at p: each
// liberty counted once per adjacent stone. 0 only for a captured chain.
func (b *Board) PseudoLiberties(p Point) int {
	if b.At(p) == Empty {
		return 0
	}
	return int(b.libs[b.head[p]])
}

// ChainSize is the number of stones in the chain at p.
func (b *Board) ChainSize(p Point) int {
	if b.At(p) == Empty {
		return 0
	}
	return int(b.stones[b.head[p]])
}

// ChainHead identifies the chain at p (the same value for all its stones).
func (b *Board) ChainHead(p Point) Point { return b.head[p] }

// Chain returns the stones of the chain at p.
func (b *Board) Chain(p Point) []Point {
	if b.At(p) == Empty {
		return nil
	}
	out := make([]Point, 0, b.stones[b.head[p]])
	for s := p; ; {
		out = append(out, s)
		s = b.next[s]
		if s == p {
			break
		}
	}
	return out
}

// Check returns nil if m is legal now, else an *IllegalError. It does not
// check whose turn it is (setup and record replays need that freedom).
func (b *Board) Check(m Move) error {
	if m.Color != Black && m.Color != White {
		return &IllegalError{b.size, m, ErrColor}
	}
	if m.Point == Pass {
		return nil
	}
	if !ValidPoint(b.size, m.Point) {
		return &IllegalError{b.size, m, ErrOffBoard}
	}
	if b.color[m.Point] != Empty {
		return &IllegalError{b.size, m, ErrOccupied}
	}
	if m.Point == b.ko && m.Color == b.koColor {
		return &IllegalError{b.size, m, ErrKo}
	}
	if !b.notSuicide(m.Color, m.Point) {
		return &IllegalError{b.size, m, ErrSuicide}
	}
	return nil
}

// Legal is Check for the playout fast path: p must be an empty on-board
// point.
func (b *Board) Legal(c Color, p Point) bool {
	if p == b.ko && c == b.koColor {
		return false
	}
	return b.notSuicide(c, p)
}

func (b *Board) notSuicide(c Color, p Point) bool {
	if b.nbr[p]&15 != 0 { // an empty neighbour: the common case
		return true
	}
	// Only stones and edge around p: legal iff an own chain keeps another
	// liberty or an opponent chain is in atari (p captures it). Around an
	// eye the neighbours are often one chain: test each chain once.
	last := Pass
	for _, n := range b.neighbours(p) {
		k := b.color[n]
		if k == border {
			continue
		}
		h := b.head[n]
		if h == last {
			continue
		}
		last = h
		if (k == c) != b.inAtari(h) {
			return true
		}
	}
	return false
}

// b2u is 1 for true, 0 for false; the compiler makes it a SETcc.
func b2u(x bool) uint8 {
	if x {
		return 1
	}
	return 0
}

// IsEyeLike reports whether every on-board neighbour of the empty point p
// is a stone of colour c (the playout rule: don't fill it).
func (b *Board) IsEyeLike(c Color, p Point) bool {
	return b.nbrCount(p, c)+b.nbrCount(p, border) == 4
}

// IsEye reports whether the empty point p is an eye of c for the playout
// rule: every neighbour is c's stone or the edge, and it is not a false eye
// (at most one diagonal held by the opponent in the centre, none on the edge
// or in the corner). Filling false eyes keeps random playouts from cycling:
// with the neighbour test alone, 64% of 19x19 playouts never reach two passes.
func (b *Board) IsEye(c Color, p Point) bool {
	if !b.IsEyeLike(c, p) {
		return false
	}
	s := Point(b.stride)
	opp := c.Opponent()
	var bad, edge uint8
	for _, d := range [4]Point{p - s - 1, p - s + 1, p + s - 1, p + s + 1} {
		k := b.color[d]
		bad += b2u(k == opp)
		edge |= b2u(k == border)
	}
	// Centre: bad < 2; edge or corner: bad == 0.
	return bad+edge < 2
}

// Play plays m after checking it. On a board with history it records the
// move and whether it recreated an earlier position (see Repeated).
func (b *Board) Play(m Move) error {
	if err := b.Check(m); err != nil {
		return err
	}
	b.play(m.Color, m.Point)
	if h := b.hist; h != nil {
		h.moves = append(h.moves, m)
		h.hashes = append(h.hashes, b.hash)
		h.repeat = false
		if m.Point != Pass {
			h.repeat = h.seen[b.hash] > 0
			h.seen[b.hash]++
		}
	}
	return nil
}

// PlayLegal plays a move already known to be legal (the playout fast path).
func (b *Board) PlayLegal(c Color, p Point) { b.play(c, p) }

// Setup places a stone outside the move sequence (handicap, SGF AB/AW). It
// fails on an occupied point or a stone without liberties.
func (b *Board) Setup(c Color, p Point) error {
	m := Move{c, p}
	if p == Pass || !ValidPoint(b.size, p) {
		return &IllegalError{b.size, m, ErrOffBoard}
	}
	if b.color[p] != Empty {
		return &IllegalError{b.size, m, ErrOccupied}
	}
	if !b.notSuicide(c, p) {
		return &IllegalError{b.size, m, ErrSuicide}
	}
	toMove, moveNum, last, prev, passes := b.toMove, b.moveNum, b.last, b.prev, b.passes
	b.play(c, p)
	b.toMove, b.moveNum, b.last, b.prev, b.passes = toMove, moveNum, last, prev, passes
	b.ko = Pass
	if b.hist != nil {
		b.hist.setup = append(b.hist.setup, m)
		if len(b.hist.moves) == 0 {
			clear(b.hist.seen)
			b.hist.seen[b.hash] = 1
		}
	}
	return nil
}

// Undo takes back the last n moves by replaying the game from its setup.
func (b *Board) Undo(n int) error {
	if b.hist == nil {
		return errors.New("undo: board has no history")
	}
	if n < 0 || n > len(b.hist.moves) {
		return fmt.Errorf("undo %d: only %d moves played", n, len(b.hist.moves))
	}
	h := b.hist
	keep := h.moves[:len(h.moves)-n]
	setup := h.setup
	toMove := b.toMove
	nb := MustNew(b.size)
	for _, s := range setup {
		if err := nb.Setup(s.Color, s.Point); err != nil {
			return err
		}
	}
	if len(setup) > 0 && len(keep) == 0 && n > 0 {
		nb.toMove = h.moves[0].Color
	}
	for _, m := range keep {
		if err := nb.Play(m); err != nil {
			return fmt.Errorf("undo: replay: %w", err)
		}
	}
	*b = *nb
	if n == 0 {
		b.toMove = toMove
	}
	return nil
}

func (b *Board) play(c Color, p Point) {
	b.moveNum++
	b.last, b.prev = Move{c, p}, b.last
	b.toMove = c.Opponent()
	b.ko = Pass
	if p == Pass {
		b.passes++
		return
	}
	b.passes = 0

	// Take p out of the empty list.
	i := b.emptyIdx[p]
	b.nEmpty--
	moved := b.empty[b.nEmpty]
	b.empty[i] = moved
	b.emptyIdx[moved] = i

	b.color[p] = c
	b.hash ^= zStone[c][p]
	b.head[p], b.next[p] = p, p
	b.stones[p] = 1

	opp := c.Opponent()
	pp := int32(p)
	pp2 := int64(pp) * int64(pp)
	nb := b.neighbours(p)
	v := b.nbr[p]
	d := nbrDelta[c]
	if v == 4 {
		// Four empty neighbours (common early on): no chain to touch.
		for _, n := range nb {
			b.nbr[n] += d
		}
		s := int64(b.stride)
		b.libs[p], b.libSum[p] = 4, 4*pp
		b.libSq[p] = 4*pp2 + 2*s*s + 2
		return
	}
	// Branch-free on the neighbour's colour (random, so badly predicted):
	// every neighbour chain loses p as a liberty, and empty and border
	// points have head 0, a scratch slot that absorbs the update.
	var libs, sum int32
	var sq int64
	for _, n := range nb {
		b.nbr[n] += d
		h := b.head[n]
		b.libs[h]--
		b.libSum[h] -= pp
		b.libSq[h] -= pp2
		m := (int32(b.color[n]) - 1) >> 31 // -1 if n is empty, else 0
		libs -= m
		sum += int32(n) & m
		sq += int64(n) * int64(n) & int64(m)
	}
	// The nibble counts say how many own stones touch p. Exactly one (a
	// plain extension, the common case) is found without branching and p
	// joins its chain directly.
	switch b.nbrCount(p, c) {
	case 0:
		b.libs[p], b.libSum[p], b.libSq[p] = libs, sum, sq
	case 1:
		var h Point
		for _, n := range nb {
			h |= b.head[n] & Point((int32(b.color[n]^c)-1)>>31)
		}
		b.head[p] = h
		b.next[p], b.next[h] = b.next[h], p
		b.libs[h] += libs
		b.libSum[h] += sum
		b.libSq[h] += sq
		b.stones[h]++
	default:
		b.libs[p], b.libSum[p], b.libSq[p] = libs, sum, sq
		for _, n := range nb {
			if b.color[n] == c && b.head[n] != b.head[p] {
				b.merge(b.head[p], b.head[n])
			}
		}
	}
	var took, lastTaken Point
	if b.nbrCount(p, opp) != 0 {
		for _, n := range nb {
			// A chain without liberties is rare: test that first.
			if b.libs[b.head[n]] == 0 && b.color[n] == opp {
				lastTaken = n
				took += Point(b.capture(b.head[n]))
			}
		}
	}
	h := b.head[p]
	if took == 1 && b.stones[h] == 1 && b.libs[h] == 1 {
		b.ko, b.koColor = lastTaken, opp
	}
	b.captured[c] += int(took)
}

// merge joins chain b2 into chain a (the larger keeps its head).
func (b *Board) merge(a, c Point) {
	if b.stones[a] < b.stones[c] {
		a, c = c, a
	}
	for s := c; ; {
		b.head[s] = a
		s = b.next[s]
		if s == c {
			break
		}
	}
	b.next[a], b.next[c] = b.next[c], b.next[a]
	b.libs[a] += b.libs[c]
	b.libSum[a] += b.libSum[c]
	b.libSq[a] += b.libSq[c]
	b.stones[a] += b.stones[c]
}

// capture removes the chain with head h and returns its stone count.
func (b *Board) capture(h Point) int {
	n := int(b.stones[h])
	col := b.color[h]
	for s := h; ; {
		b.color[s] = Empty
		b.head[s] = 0 // empty points share the scratch head (see play)
		b.hash ^= zStone[col][s]
		b.emptyIdx[s] = int16(b.nEmpty)
		b.empty[b.nEmpty] = s
		b.nEmpty++
		sp := int32(s)
		for _, q := range b.neighbours(s) {
			// Empty and border points, and h's own stones, update the
			// scratch slot 0 instead of branching.
			b.nbr[q] -= nbrDelta[col]
			g := b.head[q]
			if g == h {
				g = 0
			}
			b.libs[g]++
			b.libSum[g] += sp
			b.libSq[g] += int64(sp) * int64(sp)
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	return n
}

// EmptyCount is the number of empty points.
func (b *Board) EmptyCount() int { return b.nEmpty }

// EmptyAt returns the i-th empty point (0 <= i < EmptyCount), in no
// particular order; playouts pick from it at random.
func (b *Board) EmptyAt(i int) Point { return b.empty[i] }

// WouldRepeat reports whether m, played now, would recreate a whole-board
// position the game has already had (the tournament rules stop the game
// there for the referee). False for a pass, an illegal move, or on a
// history-less clone. The engine and the random player use it to avoid
// handing the referee a repetition.
func (b *Board) WouldRepeat(m Move) bool {
	if b.hist == nil || m.Point == Pass {
		return false
	}
	var x Board // history-less, so Play records nothing
	x.CopyFrom(b)
	if x.Play(m) != nil {
		return false
	}
	return b.hist.seen[x.hash] > 0
}
