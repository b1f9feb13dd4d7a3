package board

import "testing"

func TestRepliesLearnAndForget(t *testing.T) {
	const size = 9
	a, b, c, d := At(size, 2, 2), At(size, 6, 6), At(size, 2, 6), At(size, 6, 2)
	var lg Replies
	// Black a, White b, Black c, White d; Black wins: Black's c is stored
	// as the reply to b (and to a, b); White's d is not stored.
	lg.Learn([]Point{a, b, c, d}, Black, true)
	if got := lg.Reply(Black, a, b); got != c {
		t.Fatalf("reply to (a, b) = %v, want %v", got, c)
	}
	if got := lg.Reply(Black, Pass, b); got != c {
		t.Fatalf("reply to b = %v, want %v", got, c)
	}
	if got := lg.Reply(White, b, c); got != Pass {
		t.Fatalf("loser's move stored: %v", got)
	}
	// The same sequence lost by Black forgets c.
	lg.Learn([]Point{a, b, c, d}, Black, false)
	if got := lg.Reply(Black, a, b); got != Pass {
		t.Fatalf("after the loss reply to (a, b) = %v, want none", got)
	}
	if got := lg.Reply(White, b, c); got != d {
		t.Fatalf("White's winning reply to c = %v, want %v", got, d)
	}
	// Passes are no context and no reply.
	lg.Clear()
	lg.Learn([]Point{a, Pass, c, Pass}, Black, true)
	if got := lg.Reply(Black, a, Pass); got != Pass {
		t.Fatalf("reply to a pass = %v", got)
	}
}

func TestPlayoutUsesPlayableReplyOnly(t *testing.T) {
	b := MustNew(9)
	var lg Replies
	last, reply := At(9, 4, 4), At(9, 0, 0)
	b.PlayLegal(Black, At(9, 2, 2))
	b.PlayLegal(White, last)
	lg.one[Black-1][last] = reply
	if got := b.replyMove(Black, &lg, Pass, last); got != reply {
		t.Fatalf("replyMove = %v, want %v", got, reply)
	}
	// An occupied point is not played.
	lg.one[Black-1][last] = At(9, 2, 2)
	if got := b.replyMove(Black, &lg, Pass, last); got != Pass {
		t.Fatalf("replyMove on a stone = %v, want Pass", got)
	}
}

func TestHeavyPlayoutWithAidsIsLegal(t *testing.T) {
	var lg Replies
	var lad Ladders
	r := NewRand(7)
	for game := 0; game < 50; game++ {
		b := MustNew(9)
		moves := b.HeavyPlayout(r, 300, nil, PlayoutAids{Replies: &lg, Ladders: &lad})
		lg.Learn(moves, Black, b.AreaScore() > 0)
		// Replay on a referee board: every move must be legal.
		ref := MustNew(9)
		c := Black
		for _, p := range moves {
			if err := ref.Play(Move{Color: c, Point: p}); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
			c = c.Opponent()
		}
	}
}
