package board

import (
	"iter"
	"slices"
)

// Ladder reading for the search's priors and the playouts' escapes from
// atari. A chain reduced to two liberties can often be chased along a
// ladder: each atari leaves it one liberty, each extension gives back two,
// until the edge or a friendly stone ends the chase. Unread, a ladder is
// played out at random by the playouts and met one move at a time by the
// tree, so an escape into a working ladder looks as good as a real one.

// ladderMaxPlays bounds the stones one reading may place: a 19x19 ladder
// from corner to corner takes under 40 plies, and a position whose
// readings branch more is no ladder to trust.
const ladderMaxPlays = 160

// Ladders is the scratch of ladder readings: a stack of boards, one per
// ply. The zero value is ready; keep one per search thread, as it grows
// to tens of boards (about 17 KB each).
type Ladders struct {
	stack []*Board
	plays int
	// full reads every move on a copy of the board (no undo), also an
	// atari the extension answers with three liberties (extendsFree); the
	// tests compare it with the quick reading.
	full bool
}

// at returns the scratch board for ply d, a copy of b.
func (l *Ladders) at(d int, b *Board) *Board {
	for len(l.stack) <= d {
		l.stack = append(l.stack, new(Board))
	}
	nb := l.stack[d]
	nb.CopyFrom(b)
	return nb
}

// plyBoard is how one try of a reading was played: on the board itself,
// to be taken back (undo), or on the ply's scratch copy.
type plyBoard struct {
	inPlace bool
	undo    undoStone
}

// play plays c at m, a try of ply d on b: on b itself when undo can take
// the stone back (simplePlay), else on a copy of b, the ply's scratch
// board. The caller calls back when done with the returned board.
func (l *Ladders) play(b *Board, c Color, m Point, d int, s *plyBoard) *Board {
	if s.inPlace = !l.full && b.simplePlay(c, m); s.inPlace {
		s.undo = b.playSimple(c, m)
		return b
	}
	nb := l.at(d, b)
	nb.play(c, m)
	return nb
}

// back restores b after the try play made on it.
func (l *Ladders) back(b *Board, s *plyBoard) {
	if s.inPlace {
		b.undo(s.undo)
	}
}

// EscapeCaught reports whether c playing at the empty point p, the
// liberty of c's chain at q that is in atari, leaves that chain caught in
// a ladder: it has two liberties after the move and the opponent captures
// it by ataris whatever c answers. It is false when the move is illegal or
// gives three liberties or more (no ladder), and also when it leaves one
// (that is a self-atari, for the caller to judge).
func (l *Ladders) EscapeCaught(b *Board, c Color, p, q Point) bool {
	if b.color[q] != c || !b.Legal(c, p) {
		return false
	}
	l.plays = 0
	nb := l.at(0, b)
	nb.play(c, p)
	return l.escapeRead(nb, c, q)
}

// escapeCaught is EscapeCaught read on b itself where undo can take the
// escape back, which spares the copy of b; b is left as it was. It is for
// a board no other goroutine reads: the playout's.
func (l *Ladders) escapeCaught(b *Board, c Color, p, q Point) bool {
	if b.color[q] != c || !b.Legal(c, p) {
		return false
	}
	l.plays = 0
	var s plyBoard
	nb := l.play(b, c, p, 0, &s)
	caught := l.escapeRead(nb, c, q)
	l.back(b, &s)
	return caught
}

// escapeRead is the reading of EscapeCaught on nb, the board after c's
// escape of the chain at q.
func (l *Ladders) escapeRead(nb *Board, c Color, q Point) bool {
	if nb.color[q] != c || nb.inAtari(nb.head[q]) {
		return false
	}
	return l.attack(nb, q, 1) // false with three liberties or more
}

// AtariCaptures reports whether c playing at the empty point p puts a
// neighbouring opponent chain of two liberties in atari from which it
// cannot escape: extending is caught in a ladder and no capture of an
// attacking chain saves it.
func (l *Ladders) AtariCaptures(b *Board, c Color, p Point) bool {
	if !b.Legal(c, p) {
		return false
	}
	o := c.Opponent()
	var nb *Board // the position after p, made once (the readings use plies 1 on)
	for _, q := range b.neighbours(p) {
		if b.color[q] != o {
			continue
		}
		if _, _, two := b.twoLibs(b.head[q]); !two {
			continue
		}
		if nb == nil {
			nb = l.at(0, b)
			nb.play(c, p)
		}
		l.plays = 0
		if nb.color[q] == o && nb.inAtari(nb.head[q]) && l.defend(nb, q, 1) {
			return true
		}
	}
	return false
}

// attack reports whether the side opposing the chain at q (attacker to
// move on b) captures it by an atari on one of its liberties followed by
// further ladder reading; false unless the chain has exactly two
// liberties.
func (l *Ladders) attack(b *Board, q Point, d int) bool {
	a := b.color[q].Opponent()
	l1, l2, ok := b.twoLibs(b.head[q])
	if !ok {
		return false
	}
	var s plyBoard
	for _, at := range [2]Point{l1, l2} {
		if l.plays >= ladderMaxPlays {
			return false // unread: assume the chain escapes
		}
		if !b.Legal(a, at) {
			continue
		}
		ext := l1 + l2 - at // the other liberty
		if !l.full && b.extendsFree(q, ext, at) {
			// The extension at the other liberty gets three: this atari
			// fails. Count the two plies the full reading spends on it, so
			// that both readings give up at the same point.
			l.plays += 2
			continue
		}
		l.plays++
		nb := l.play(b, a, at, d, &s)
		caught := nb.inAtari(nb.head[q]) && l.defend(nb, q, d+1)
		l.back(b, &s)
		if caught {
			return true
		}
	}
	return false
}

// defend reports whether the chain at q, in atari with its owner to move
// on b, is lost: every defence (capturing an adjacent attacking chain in
// atari, or extending at the liberty) leaves it with at most two
// liberties and a working attack.
func (l *Ladders) defend(b *Board, q Point, d int) bool {
	c := b.color[q]
	tries, n := b.defences(b.head[q])
	var s plyBoard
	for _, m := range tries[:n] {
		if l.plays >= ladderMaxPlays {
			return false
		}
		if !b.Legal(c, m) {
			continue
		}
		l.plays++
		nb := l.play(b, c, m, d, &s)
		// Still one liberty: this defence fails. Three liberties, or two
		// and no working atari: the chain escapes.
		escapes := !nb.inAtari(nb.head[q]) && !l.attack(nb, q, d+1)
		l.back(b, &s)
		if escapes {
			return false
		}
	}
	return true
}

// defences are the moves that may save the chain with head h, in atari:
// its liberty first, then the liberty of each adjacent opponent chain in
// atari (a capture), each once, eight at most.
func (b *Board) defences(h Point) (tries [8]Point, n int) {
	tries[n] = b.soleLib(h)
	n++
	for x := range b.ataried(h) {
		if lib := b.soleLib(x); !slices.Contains(tries[:n], lib) && n < len(tries) {
			tries[n] = lib
			n++
		}
	}
	return tries, n
}

// ataried yields the head of each chain of the other colour in atari
// that touches the chain with head h, once for each stone it touches.
func (b *Board) ataried(h Point) iter.Seq[Point] {
	return func(yield func(Point) bool) {
		o := b.color[h].Opponent()
		for s := h; ; {
			for _, x := range b.neighbours(s) {
				if b.color[x] == o && b.inAtari(b.head[x]) && !yield(b.head[x]) {
					return
				}
			}
			if s = b.next[s]; s == h {
				return
			}
		}
	}
}

// extendsFree reports whether the chain at q, with liberties at and ext,
// surely gets three liberties or more when the attacker takes at and its
// owner extends at ext. It counts only the empty points beside the chain,
// ext and the own chains ext joins, other than at and ext, without
// playing: the attacker's stone takes at alone, and a capture it makes
// frees points and takes none. The ladder reader skips such an atari
// without playing it.
func (b *Board) extendsFree(q, ext, at Point) bool {
	c := b.color[q]
	var found [3]Point
	n := 0
	add := func(p Point) bool { // true at the third liberty
		if p == at || p == ext || b.color[p] != Empty {
			return false
		}
		for i := 0; i < n; i++ {
			if found[i] == p {
				return false
			}
		}
		found[n] = p
		n++
		return n == 3
	}
	var chains [5]Point
	nc := 0
	chains[nc] = b.head[q]
	nc++
	for _, x := range b.neighbours(ext) {
		if add(x) {
			return true
		}
		if b.color[x] == c {
			h := b.head[x]
			dup := false
			for i := 0; i < nc; i++ {
				dup = dup || chains[i] == h
			}
			if !dup {
				chains[nc] = h
				nc++
			}
		}
	}
	for _, h := range chains[:nc] {
		for s := h; ; {
			for _, x := range b.neighbours(s) {
				if add(x) {
					return true
				}
			}
			s = b.next[s]
			if s == h {
				break
			}
		}
	}
	return false
}
