package board

import (
	"strings"
	"testing"
)

// setupRows plays the stones row by row, so the last two it places are
// the last two moves: each position's target touches one of them unless
// the case's moves are played elsewhere.
var (
	snapRows = []string{
		".........", ".........", ".........", ".........", ".........", ".........",
		"XX.......",
		"OOX......",
		"..X......",
	}
	bigLadderRows = []string{
		".........", ".........", ".........", ".........", ".........", ".........", ".........",
		".XXX.....",
		".OOO.....",
	}
	edgeRows = []string{
		".........", ".........", ".........", ".........", ".........",
		"..XXX....",
		"OO.OX....",
		"...OX....",
		"....OX...",
	}
)

func TestSharp(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		last string // moves played after the rows, White's last ("": none)
		move string // Black's move
		want Sharp
	}{
		{
			// A1 is a throw-in: White takes at B1 and Black retakes at A1,
			// three stones.
			name: "snapback",
			rows: snapRows,
			move: "A1", want: SharpSnapback,
		},
		{
			// B1 also ataris A2 B2, which cannot escape, but two stones are
			// no big chain and not the last move.
			name: "small chain in a ladder",
			rows: snapRows,
			move: "B1", want: 0,
		},
		{
			// E1 ataris B1 C1 D1, whose extension to A1 stays in atari.
			name: "big chain in a ladder",
			rows: bigLadderRows,
			move: "E1", want: SharpLadderBig,
		},
		{
			// The same ladder after two moves far away: the chain is most
			// likely dead already, and the ladder gains nothing.
			name: "big chain in a ladder, not touched lately",
			rows: bigLadderRows,
			last: "J9 J7", move: "E1", want: 0,
		},
		{
			// White's D3 escapes C3's atari; Black's E3 starts a ladder
			// that runs to the top edge.
			name: "ladder on the last move",
			rows: []string{
				".........", ".........", ".........", ".........", ".........",
				"..X......",
				".XO......",
				"..XX.....",
				".........",
			},
			last: "D3", move: "E3", want: SharpLadderLast,
		},
		{
			name: "ladder broken on the last move",
			rows: []string{
				".........", ".........",
				"......O..",
				".........", ".........",
				"..X......",
				".XO......",
				"..XX.....",
				".........",
			},
			last: "D3", move: "E3", want: 0,
		},
		{
			// D4 ataris C4 (liberty C3) and D5 (liberty D6) at once.
			name: "double atari",
			rows: []string{
				".........", ".........", ".........",
				".........",
				"..XOX....",
				".XO......",
				".........", ".........", ".........",
			},
			move: "D4", want: SharpDoubleAtari,
		},
		{
			// B3 ataris B1 B2 (liberty A2, next to Black's last move C2)
			// and B4 (liberty B5), but White's A2 captures A1 on the
			// chain's own liberty and saves it: no double atari.
			name: "double atari, one side captures on its own liberty",
			rows: []string{
				".........", ".........", ".........", ".........", ".........",
				"XOX......",
				".........",
				".O.......",
				"XOX......",
			},
			last: "C2 J9", move: "B3", want: 0,
		},
		{
			// C3 separates B4 C4 from D3 E3, both left with two
			// liberties; D4 E4 touches both and B3 C3 has three.
			name: "cut",
			rows: []string{
				".........", ".........", ".........", ".........",
				".........",
				"XOOXX....",
				".X.OOX...",
				".........",
				".........",
			},
			move: "C3", want: SharpCut,
		},
		{
			// White's D1 leaves D1 D2 D3 E1 with C1, C2 and C3. Black's C3
			// answers: White's push at C2 leaves two liberties, and B2
			// catches the chain.
			name: "first-line push punished",
			rows: edgeRows,
			last: "D1", move: "C3", want: SharpEdgePunish,
		},
		{
			// C2 ataris nothing that stays caught: the chain escapes to C3
			// and joins A3 B3.
			name: "first-line push, second-line answer fails",
			rows: edgeRows,
			last: "D1", move: "C2", want: 0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := setupRows(t, tc.rows...)
			if tc.last != "" {
				moves := strings.Fields(tc.last)
				for i, p := range gtps(t, b.Size(), moves...) {
					c := White // the last move is White's, the one before Black's
					if (len(moves)-1-i)%2 == 1 {
						c = Black
					}
					b.PlayLegal(c, p)
				}
			}
			p := gtps(t, b.Size(), tc.move)[0]
			if !b.Legal(Black, p) {
				t.Fatalf("%s is illegal for Black:\n%s", tc.move, b)
			}
			before := b.String()
			var l Ladders
			if got := l.Sharp(b, Black, p, b.SelfAtari(Black, p)); got != tc.want {
				t.Errorf("Sharp(%s) = %b, want %b\n%s", tc.move, got, tc.want, b)
			}
			if after := b.String(); after != before {
				t.Errorf("Sharp changed the board:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// TestSharpLeavesBoard reads every candidate of the positions of random
// games: the reading must end, and leave the board as it was (the
// search's threads share the board they expand).
func TestSharpLeavesBoard(t *testing.T) {
	r := NewRand(7)
	var l Ladders
	var seen Sharp
	for game := 0; game < 12; game++ {
		b := MustNew([]int{9, 13, 19}[game%3])
		for move := 0; move < 2*b.Size()*b.Size() && b.Passes() < 2; move++ {
			c := b.ToMove()
			if move%7 == 0 {
				before, hash := b.String(), b.Hash()
				for i := 0; i < b.EmptyCount(); i++ {
					p := b.EmptyAt(i)
					if b.Legal(c, p) {
						seen |= l.Sharp(b, c, p, b.SelfAtari(c, p))
					}
				}
				if b.Hash() != hash || b.String() != before {
					t.Fatalf("game %d move %d: Sharp changed the board:\n%s\nwas\n%s", game, move, b, before)
				}
			}
			p := b.RandomMove(c, r)
			if p == Pass {
				b.PlayLegal(c, Pass)
				continue
			}
			b.PlayLegal(c, p)
		}
	}
	// Random games are full of ataris: the common kinds must show up.
	for _, k := range []Sharp{SharpLadderBig, SharpLadderLast, SharpDoubleAtari} {
		if seen&k == 0 {
			t.Errorf("kind %b never read in random games (seen %b)", k, seen)
		}
	}
}
