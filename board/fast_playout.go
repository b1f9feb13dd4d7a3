package board

// Heavy ("moggy"-style) playout helpers for the engine. They read the
// board's internals directly so the playout loop makes no interface calls
// and no allocations.

// Pattern3x3 is the 3x3 neighbourhood code of p: two bits per neighbour
// (Empty, Black, White, border) in the order NW N NE W E SW S SE.
func (b *Board) Pattern3x3(p Point) uint16 {
	s := Point(b.stride)
	var code uint16
	for _, d := range [8]Point{-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1} {
		code = code<<2 | uint16(b.color[p+d]&3)
	}
	return code
}

// patternTables[c-1][code] says whether a 3x3 code is a good shape for c to
// play at the centre. Built once at init; read-only afterwards.
var patternTables [2][1 << 16]bool

// Pattern strings, rows top to bottom, centre is the move. X = the player
// to move, O = opponent, . = empty, x = not X, o = not O, # = edge, ? = any.
// Hand-written after the shapes moggy uses (hane, cut, edge).
var patternSrc = [][3]string{
	{"XOX", "...", "???"}, // hane enclosing
	{"XO.", "...", "?.?"}, // hane, non-cutting
	{"XO?", "X..", "x.?"}, // hane magari
	{".O.", "X..", "..."}, // generic hane
	{"XO?", "O.o", "?o?"}, // cut 1
	{"XO?", "O.X", "???"}, // cut 1 (cutting stone)
	{"?X?", "O.O", "ooo"}, // cut 2
	{"OX?", "o.O", "?o?"}, // cut keima
	{"X.?", "O.?", "##?"}, // edge: block
	{"OX?", "X.O", "###"}, // edge: hane under
	{"?X?", "x.O", "###"}, // edge block
	{"?XO", "x.x", "###"}, // edge
	{"?OX", "X.O", "###"}, // edge wedge
}

func init() {
	var cells [8]Color
	for code := 0; code < 1<<16; code++ {
		for i := 0; i < 8; i++ {
			cells[i] = Color((code >> (2 * (7 - i))) & 3)
		}
		for c := Black; c <= White; c++ {
			for _, pat := range patternSrc {
				if matchAnySymmetry(pat, cells, c) {
					patternTables[c-1][code] = true
					break
				}
			}
		}
	}
}

// symmetries maps the 8 neighbour slots under the 8 board symmetries.
// Slot layout: 0 1 2 / 3 . 4 / 5 6 7.
var symmetries = [8][8]int{
	{0, 1, 2, 3, 4, 5, 6, 7},
	{2, 1, 0, 4, 3, 7, 6, 5}, // mirror left-right
	{5, 6, 7, 3, 4, 0, 1, 2}, // mirror top-bottom
	{7, 6, 5, 4, 3, 2, 1, 0}, // rotate 180
	{0, 3, 5, 1, 6, 2, 4, 7}, // transpose
	{2, 4, 7, 1, 6, 0, 3, 5}, // rotate 90
	{5, 3, 0, 6, 1, 7, 4, 2}, // rotate 270
	{7, 4, 2, 6, 1, 5, 3, 0}, // anti-transpose
}

func matchAnySymmetry(pat [3]string, cells [8]Color, c Color) bool {
	flat := [8]byte{pat[0][0], pat[0][1], pat[0][2], pat[1][0], pat[1][2], pat[2][0], pat[2][1], pat[2][2]}
	for _, sym := range symmetries {
		ok := true
		for i := 0; i < 8 && ok; i++ {
			ok = cellMatch(flat[i], cells[sym[i]], c)
		}
		if ok {
			return true
		}
	}
	return false
}

func cellMatch(ch byte, k, c Color) bool {
	o := c.Opponent()
	switch ch {
	case 'X':
		return k == c
	case 'O':
		return k == o
	case '.':
		return k == Empty
	case 'x':
		return k != c && k != border
	case 'o':
		return k != o && k != border
	case '#':
		return k == border
	}
	return true
}

// GoodPattern reports whether the 3x3 shape around the empty point p is one
// of the playout's good shapes for c.
func (b *Board) GoodPattern(c Color, p Point) bool {
	return patternTables[c-1][b.Pattern3x3(p)]
}

// SelfAtari reports whether playing c at the empty point p leaves the new
// chain with exactly one liberty and captures nothing. It returns the size
// the chain would have (0 when not a self-atari).
func (b *Board) SelfAtari(c Color, p Point) int {
	var libs [2]Point
	nl := 0
	add := func(q Point) bool { // true once two distinct liberties are known
		if q == p {
			return false
		}
		for i := 0; i < nl; i++ {
			if libs[i] == q {
				return false
			}
		}
		if nl == 2 {
			return true
		}
		libs[nl] = q
		nl++
		return false
	}
	size := 1
	var seen [4]Point
	ns := 0
	for _, n := range b.neighbours(p) {
		switch k := b.color[n]; k {
		case Empty:
			if add(n) || nl == 2 {
				return 0
			}
		case border:
		default:
			h := b.head[n]
			if k != c {
				if b.inAtari(h) {
					return 0 // captures
				}
				continue
			}
			dup := false
			for i := 0; i < ns; i++ {
				dup = dup || seen[i] == h
			}
			if dup {
				continue
			}
			seen[ns] = h
			ns++
			if !b.inAtari(h) {
				// Two or more liberties; one may be p itself.
				if b.libs[h] > 2*4 {
					return 0
				}
			}
			size += int(b.stones[h])
			for s := h; ; {
				for _, q := range b.neighbours(s) {
					if b.color[q] == Empty {
						add(q)
						if nl == 2 {
							return 0
						}
					}
				}
				s = b.next[s]
				if s == h {
					break
				}
			}
		}
	}
	if nl >= 2 {
		return 0
	}
	return size
}

// escapeOK reports whether c playing the liberty p of its chain in atari
// gives the chain at least two liberties (cheap: p's empty neighbours or a
// friendly chain with room).
func (b *Board) escapeOK(c Color, p Point) bool {
	return b.Legal(c, p) && b.SelfAtari(c, p) == 0
}

// heavyMove picks c's playout move: the answers to the last move
// (lastMoveAnswer), then a capture of any chain in atari the playout
// watches (w, when not nil), else a random move (randomMove). prev is the
// move before the last, the context of the reply tables.
func (b *Board) heavyMove(c Color, r *Rand, prev Point, w *atariWatch, aid PlayoutAids) Point {
	if last := b.last.Point; last != Pass && b.color[last] != Empty {
		if p := b.lastMoveAnswer(c, r, prev, last, aid); p != Pass {
			return p
		}
	}
	if w != nil {
		if p := b.captureWatched(c, w, aid); p != Pass {
			return p
		}
	}
	return b.randomMove(c, r, aid)
}

// lastMoveAnswer is c's answer to the last move (a stone on the board), or
// Pass: capture it in atari (not into a snapback), save an own chain it
// put in atari (unless the escape runs into a working ladder,
// aid.Ladders), a two-liberty fight or race, a nakade, a good 3x3 shape
// around it, the nakade of the space a capture left, else the stored
// reply to prev and last (aid.Replies).
func (b *Board) lastMoveAnswer(c Color, r *Rand, prev, last Point, aid PlayoutAids) Point {
	// Capture the last move's chain if it is in atari.
	h := b.head[last]
	if b.inAtari(h) {
		l := b.soleLib(h)
		if r.Intn(10) != 0 && b.takes(c, l, aid) {
			return l
		}
	}
	// Our chains next to the last move in atari: capture an attacker or
	// run.
	for _, n := range b.neighbours(last) {
		if b.color[n] != c || !b.inAtari(b.head[n]) {
			continue
		}
		if p := b.captureAround(c, b.head[n], aid); p != Pass {
			return p
		}
		l := b.soleLib(b.head[n])
		if b.escapeOK(c, l) && !b.escapeLaddered(c, l, n, aid.Ladders) {
			return l
		}
	}
	// Two-liberty fights next to the last move (mostly: a playout should
	// not read every fight the same way).
	if r.Intn(8) != 0 {
		if p := b.twoLibMove(c, last); p != Pass {
			return p
		}
	}
	// The same race for an own chain of three liberties or more.
	if aid.RaceLibs >= 3 {
		if p := b.longRaceMove(c, last, min(aid.RaceLibs, raceLibsMax)); p != Pass {
			return p
		}
	}
	// The vital point of a three-point eye space next to it.
	if p := b.nakadeMove(c, last, 3); p != Pass {
		return p
	}
	// Good shapes around the last move, tried from a random start.
	s := Point(b.stride)
	around := [8]Point{last - s - 1, last - s, last - s + 1, last - 1, last + 1, last + s - 1, last + s, last + s + 1}
	start := r.Intn(8)
	for i := 0; i < 8; i++ {
		p := around[(start+i)&7]
		if b.color[p] == Empty && b.GoodPattern(c, p) && b.Legal(c, p) && b.SelfAtari(c, p) == 0 {
			return p
		}
	}
	// After a capture of three stones or more, the vital point of the
	// space they leave, up to six points (pyramid four, bulky or crossed
	// five, rabbity six): the capturer must still make a second eye.
	// Only after captures: in open play the walk adds a fifth to a
	// playout's time, and the spaces it finds elsewhere change no measure
	// (strength.md, "The playouts' own win rate").
	if aid.lastTook >= 3 {
		if p := b.nakadeMove(c, last, KillingMax); p != Pass {
			return p
		}
	}
	if aid.Replies != nil {
		return b.replyMove(c, aid.Replies, prev, last)
	}
	return Pass
}

// randomMove is a random legal move for c that fills no own eye and is no
// self-atari of more than two stones unless a killing sacrifice, or Pass.
// A self-atari of one or two stones gives way to its cousin
// (selfAtariCousin) when that is sound; once the playout's kos are spent
// (PlayoutAids.koSpent) no ko is taken.
func (b *Board) randomMove(c Color, r *Rand, aid PlayoutAids) Point {
	n := b.nEmpty
	if n == 0 {
		return Pass
	}
	start := r.Intn(n)
	for i := 0; i < n; i++ {
		j := start + i
		if j >= n {
			j -= n
		}
		p := b.empty[j]
		if b.IsEye(c, p) || !b.Legal(c, p) || (aid.koSpent && b.koCapture(c, p)) {
			continue
		}
		sz := b.SelfAtari(c, p)
		if sz == 0 || b.NakadeSacrifice(c, p, sz) {
			return p
		}
		if sz > 2 {
			continue
		}
		// A self-atari of one or two stones moves to the liberty its chain
		// would keep, when that is a sound move; else it is played.
		if q := b.selfAtariCousin(c, p); q != Pass {
			return q
		}
		return p
	}
	return Pass
}

// selfAtariCousin is the liberty c's chain would keep after the self-atari
// at p, when playing there instead is legal, fills no own eye and is no
// self-atari itself; else Pass. The liberty is usually the point the
// self-atari reached for from the other side.
func (b *Board) selfAtariCousin(c Color, p Point) Point {
	q := Pass
	for _, n := range b.neighbours(p) {
		switch b.color[n] {
		case Empty:
			q = n
		case c:
			h := b.head[n]
			for s := h; ; {
				for _, x := range b.neighbours(s) {
					if b.color[x] == Empty && x != p {
						q = x
					}
				}
				s = b.next[s]
				if s == h {
					break
				}
			}
		}
	}
	if q == Pass || b.IsEye(c, q) || !b.Legal(c, q) || b.SelfAtari(c, q) != 0 {
		return Pass
	}
	return q
}

// escapeLaddered reports whether c's escape at l, the liberty of its chain
// at q in atari, leaves two liberties and a ladder that catches the chain
// (false when lad is nil). Running out a working ladder gives the opponent
// a bigger capture; the playout leaves the chain instead.
func (b *Board) escapeLaddered(c Color, l, q Point, lad *Ladders) bool {
	if lad == nil || b.libsAfter(c, l, Pass, 3) != 2 {
		return false
	}
	return lad.escapeCaught(b, c, l, q)
}

// captureAround returns a liberty that captures an opponent chain in atari
// touching c's chain with head h, or Pass.
func (b *Board) captureAround(c Color, h Point, aid PlayoutAids) Point {
	for x := range b.ataried(h) {
		if l := b.soleLib(x); b.takes(c, l, aid) {
			return l
		}
	}
	return Pass
}

// PlayoutAids are a search thread's helpers for its heavy playouts, kept
// from one playout to the next. A nil field turns its rule off.
type PlayoutAids struct {
	// Replies are the last-good-reply tables, tried after the atari
	// answers; the caller teaches them each result (Replies.Learn).
	Replies *Replies
	// Ladders reads the atari escapes: an escape that leaves the chain
	// caught in a ladder is not played (escapeLaddered).
	Ladders *Ladders
	// KoRate is the percentage of chances the side that lost a ko in the
	// playout takes to retake it within koAge moves, before the answers
	// to the last move (0: only the capture watch retakes, after them). A
	// ko taken in the tree, before the playout, is left to the watch: the
	// version that tracked it too won 51 of 100 (strength.md).
	KoRate int
	// RaceLibs, 3 or more, lets an own chain next to the last move with
	// three to RaceLibs liberties (raceLibsMax at most) answer it in a
	// capturing race (longRaceMove); below 3 the rule is off.
	RaceLibs int

	// BentFour removes, when the playout ends by two passes, the chains
	// a bent four in the corner kills by rule (Japanese rules; the
	// playout would count a seki).
	BentFour bool

	// koSpent is set by HeavyPlayout once the playout has taken
	// koCaptureMax kos: from then on neither its rules nor its random
	// moves take one. Several kos on the board otherwise turn into a
	// cycle of forced retakes that runs to the move cap, and the count of
	// whatever stands there decides the playout.
	koSpent bool
	// lastTook is the number of stones the last move captured.
	lastTook int
}

// raceLibsMax bounds PlayoutAids.RaceLibs: libsUpTo counts up to eight,
// and a chain with more liberties is in no race a playout can read.
const raceLibsMax = 6

// koCaptureMax is the number of ko captures after which a playout takes
// no more kos (PlayoutAids.koSpent).
const koCaptureMax = 20

// koAge is how many moves after a ko capture the playout still retakes.
const koAge = 4

// koFight is the playout's most recent ko: the single stone that captured
// and the point it took, where the other side may retake.
type koFight struct {
	stone, point Point
	taker        Color
	age          int
}

// koRetake returns point when c lost the ko k and can retake it now (the
// taker's stone still alone in atari on that point), else Pass.
func (b *Board) koRetake(c Color, k *koFight) Point {
	if k.stone == Pass || k.taker == c || k.age > koAge {
		return Pass
	}
	h := b.head[k.stone]
	if b.color[k.stone] != k.taker || b.stones[h] != 1 || !b.inAtari(h) || b.soleLib(h) != k.point || !b.Legal(c, k.point) {
		return Pass
	}
	return k.point
}

// HeavyPlayout plays heavyMove moves from the current position, starting
// with the side to move, until two passes or maxMoves moves; with
// aid.KoRate, the side that lost a ko in the last koAge moves retakes it
// that often first. Each move's
// point is appended to moves (colours alternate from the starting side)
// and the extended slice is returned. With aid.Replies, moves must hold
// the moves that led to the current position, at least the last two, as
// the replies' context.
func (b *Board) HeavyPlayout(r *Rand, maxMoves int, moves []Point, aid PlayoutAids) []Point {
	c := b.toMove
	passes := 0
	var w atariWatch
	b.watchAll(&w)
	ko := koFight{stone: Pass}
	kos := 0
	for i := 0; i < maxMoves && passes < 2; i++ {
		prev := Pass
		if n := len(moves); n >= 2 {
			prev = moves[n-2]
		}
		p := Pass
		if aid.KoRate > 0 && !aid.koSpent {
			if q := b.koRetake(c, &ko); q != Pass && r.Intn(100) < aid.KoRate {
				p = q
			}
		}
		if p == Pass {
			p = b.heavyMove(c, r, prev, &w, aid)
		}
		if p == Pass {
			passes++
		} else {
			passes = 0
		}
		before := b.captured[c]
		b.play(c, p)
		aid.lastTook = b.captured[c] - before
		if p != Pass {
			b.watchAfter(&w, c, p)
		}
		ko.age++
		if b.ko != Pass {
			ko = koFight{stone: p, point: b.ko, taker: c}
			if kos++; kos >= koCaptureMax {
				aid.koSpent = true
			}
		}
		moves = append(moves, p)
		c = c.Opponent()
	}
	if aid.BentFour && passes >= 2 {
		b.removeBentFourDead()
	}
	return moves
}

// atariWatch holds one stone of each chain a playout has seen put in atari
// (at most watchMax; later ones are dropped). The near-the-last-move rules
// answer an atari only on the next move: a chain left in atari after that
// (its owner could not escape and played elsewhere) would stay on the
// board for the rest of the playout unless a random move happened to
// capture it, so large groups in semeai would live or die at random. The
// policy captures watched chains anywhere (Mogo's capture rule, Gelly et
// al. 2006).
type atariWatch struct {
	stone [watchMax]Point
	n     int
}

const watchMax = 16

// add watches the chain at p, once.
func (w *atariWatch) add(b *Board, p Point) {
	h := b.head[p]
	for i := 0; i < w.n; i++ {
		if b.color[w.stone[i]] != Empty && b.head[w.stone[i]] == h {
			return
		}
	}
	if w.n < watchMax {
		w.stone[w.n] = p
		w.n++
	}
}

// watchAll watches every chain in atari on the board (the playout's start).
func (b *Board) watchAll(w *atariWatch) {
	for r := 0; r < b.size; r++ {
		p := At(b.size, 0, r)
		for col := 0; col < b.size; col, p = col+1, p+1 {
			if k := b.color[p]; (k == Black || k == White) && b.head[p] == p && b.inAtari(p) {
				w.add(b, p)
			}
		}
	}
}

// watchAfter drops the watched chains that are gone or out of atari and
// watches those c's move at p put in atari: the opponent's neighbours and
// p's own chain (a self-atari).
func (b *Board) watchAfter(w *atariWatch, c Color, p Point) {
	k := 0
	for i := 0; i < w.n; i++ {
		q := w.stone[i]
		if b.color[q] != Empty && b.inAtari(b.head[q]) {
			w.stone[k] = q
			k++
		}
	}
	w.n = k
	for _, n := range b.neighbours(p) {
		if b.color[n] == c.Opponent() && b.inAtari(b.head[n]) {
			w.add(b, n)
		}
	}
	if b.inAtari(b.head[p]) {
		w.add(b, p)
	}
}

// captureWatched returns the capturing point of a watched chain of c's
// opponent in atari, the largest first, or Pass.
func (b *Board) captureWatched(c Color, w *atariWatch, aid PlayoutAids) Point {
	best, most := Pass, int32(0)
	for i := 0; i < w.n; i++ {
		q := w.stone[i]
		if b.color[q] != c.Opponent() {
			continue
		}
		h := b.head[q]
		if !b.inAtari(h) || int32(b.stones[h]) <= most {
			continue
		}
		if l := b.soleLib(h); b.takes(c, l, aid) {
			best, most = l, int32(b.stones[h])
		}
	}
	return best
}

// takes reports whether the playout's capture rules may take at l: a
// legal move, no snapback, and no ko once the playout has spent its kos.
func (b *Board) takes(c Color, l Point, aid PlayoutAids) bool {
	return b.Legal(c, l) && !b.snapback(c, l) && !(aid.koSpent && b.koCapture(c, l))
}

// koCapture reports whether c at the empty point p takes a ko: p touches
// only the opponent's stones and the edge, and captures one stone.
func (b *Board) koCapture(c Color, p Point) bool {
	o := c.Opponent()
	taken := 0
	for _, n := range b.neighbours(p) {
		switch b.color[n] {
		case border:
		case o:
			if h := b.head[n]; b.inAtari(h) {
				taken += int(b.stones[h])
			}
		default:
			return false
		}
	}
	return taken == 1
}

// snapback reports whether c capturing at l, where every chain it
// captures is a single stone, leaves its own chain of two or more stones
// with one liberty: the opponent takes back more than it lost. A playout
// that takes such a throw-in every time lets the thrower capture the
// whole chain.
func (b *Board) snapback(c Color, l Point) bool {
	own := false
	for _, n := range b.neighbours(l) {
		switch b.color[n] {
		case c:
			own = true
		case c.Opponent():
			if h := b.head[n]; b.inAtari(h) && b.stones[h] > 1 {
				return false
			}
		}
	}
	return own && b.libsAfter(c, l, Pass, 2) < 2
}

// AreaScore is Black's area minus White's: stones plus empty regions
// bordered by one colour only (no dead-stone removal). Playouts end with
// only single-point eyes left, so this is also the playout count.
func (b *Board) AreaScore() int {
	var seen [maxPoints]bool
	var stack [maxPoints]Point
	score := 0
	for r := 0; r < b.size; r++ {
		p := At(b.size, 0, r)
		for col := 0; col < b.size; col, p = col+1, p+1 {
			switch b.color[p] {
			case Black:
				score++
			case White:
				score--
			case Empty:
				if seen[p] {
					continue
				}
				size, touch := b.floodEmpty(p, &seen, &stack)
				switch {
				case touch[Black] && !touch[White]:
					score += size
				case touch[White] && !touch[Black]:
					score -= size
				}
			}
		}
	}
	return score
}

// floodEmpty marks the empty region that contains p in seen and returns
// its size and which point colours touch it (indexed by Color). stack is
// scratch space.
func (b *Board) floodEmpty(p Point, seen *[maxPoints]bool, stack *[maxPoints]Point) (size int, touch [4]bool) {
	n := 0
	stack[n] = p
	n++
	seen[p] = true
	for n > 0 {
		n--
		q := stack[n]
		size++
		for _, x := range b.neighbours(q) {
			k := b.color[x]
			touch[k] = true
			if k == Empty && !seen[x] {
				seen[x] = true
				stack[n] = x
				n++
			}
		}
	}
	return size, touch
}

// RegionOwner returns the colour of the stones bordering the empty region
// that contains p, if only one colour borders it; else Empty.
func (b *Board) RegionOwner(p Point) Color {
	if b.color[p] != Empty {
		return Empty
	}
	var seen [maxPoints]bool
	var stack [maxPoints]Point
	_, touch := b.floodEmpty(p, &seen, &stack)
	switch {
	case touch[Black] && !touch[White]:
		return Black
	case touch[White] && !touch[Black]:
		return White
	}
	return Empty
}
