package board

// Last good reply with forgetting (LGRF-2; Baier and Drake 2010): the
// playouts learn which answer to the last one or two moves won. After each
// playout the winner's moves are stored as the reply to the moves before
// them, and the loser's moves are forgotten where they were stored. A
// playout then tries the stored reply to the last two moves, then to the
// last move, after the urgent atari answers. The tables follow the fights
// of the current search, which the fixed policy cannot know (large groups
// die in fights the fixed policy misreads: strength.md, 19x19).

// Replies is one search thread's reply tables. The zero value is empty and
// ready; it is large (about 800 KB), so keep one per thread and reuse it.
type Replies struct {
	one [2][maxPoints]Point             // [mover-1][last]
	two [2][maxPoints * maxPoints]Point // [mover-1][prev*maxPoints+last]
}

// Learn updates the tables from one finished playout: moves alternate from
// first, and blackWins is its result. Pass moves are neither stored nor
// used as a context.
func (t *Replies) Learn(moves []Point, first Color, blackWins bool) {
	c := first
	for i, p := range moves {
		mover := c
		c = c.Opponent()
		if i == 0 || p == Pass {
			continue
		}
		last := moves[i-1]
		if last == Pass {
			continue
		}
		k := mover - 1
		win := (mover == Black) == blackWins
		prev := Pass
		if i >= 2 {
			prev = moves[i-2]
		}
		if win {
			t.one[k][last] = p
			if prev != Pass {
				t.two[k][int(prev)*maxPoints+int(last)] = p
			}
			continue
		}
		if t.one[k][last] == p {
			t.one[k][last] = Pass
		}
		if prev != Pass && t.two[k][int(prev)*maxPoints+int(last)] == p {
			t.two[k][int(prev)*maxPoints+int(last)] = Pass
		}
	}
}

// Reply returns the stored reply for c to the moves prev and last (Pass
// for none), the two-move context first.
func (t *Replies) Reply(c Color, prev, last Point) Point {
	if last == Pass {
		return Pass
	}
	if prev != Pass {
		if p := t.two[c-1][int(prev)*maxPoints+int(last)]; p != Pass {
			return p
		}
	}
	return t.one[c-1][last]
}

// Clear empties the tables.
func (t *Replies) Clear() { *t = Replies{} }

// replyMove is the stored reply if it is playable for c: an empty point,
// legal, no own eye, and no self-atari.
func (b *Board) replyMove(c Color, t *Replies, prev, last Point) Point {
	p := t.Reply(c, prev, last)
	if p == Pass || b.color[p] != Empty || !b.playable(c, p) || b.SelfAtari(c, p) != 0 {
		return Pass
	}
	return p
}
