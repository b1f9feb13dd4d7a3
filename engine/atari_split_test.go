package engine

import (
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// The atari value of a ladder that catches: what it catches.
func TestCandidatesAtariCaught(t *testing.T) {
	rows := func(row4, row3, row2 string, row1 ...string) *board.Board {
		first := "........."
		if len(row1) > 0 {
			first = row1[0]
		}
		return engineRows(t,
			".........",
			".........",
			".........",
			".........",
			".........",
			row4,
			row3,
			row2,
			first)
	}
	for _, tc := range []struct {
		name string
		b    func() *board.Board
		move string
		want int32
	}{
		{"a stone that cuts nothing", func() *board.Board { return rows(".........", ".XO......", ".XXX.....") }, "C4", 2},
		{"the last move", func() *board.Board {
			b := rows(".........", ".X.......", ".XXX.....")
			if err := b.Play(board.Move{Color: board.White, Point: mustGTP(t, "C3")}); err != nil {
				t.Fatal(err)
			}
			return b
		}, "C4", 3},
		{"three stones", func() *board.Board { return rows(".........", ".XO......", ".XOX.....", ".XOX.....") }, "C4", 4},
		{"a cutting stone", func() *board.Board { return rows(".........", ".XO......", "..XX.....") }, "C4", 5},
		{"no ladder: an atari", func() *board.Board { return rows(".........", ".XO......", "..X......") }, "C4", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.b()
			b.SetToMove(board.Black)
			if f := candidate(t, Candidates(b), tc.move); f[FeatAtari] != tc.want {
				t.Errorf("Black %s: atari %d, want %d", tc.move, f[FeatAtari], tc.want)
			}
		})
	}
}

// A model fitted before the split gives every caught value its one
// strength; a model that lists them keeps its own.
func TestModelAtariCaughtFallback(t *testing.T) {
	for _, tc := range []struct {
		text string
		want [6]float32
	}{
		{"sizes 19\natari 1 2\natari 2 3\n", [6]float32{1, 2, 3, 3, 3, 3}},
		{"sizes 19\natari 2 3\natari 4 5\n", [6]float32{1, 1, 3, 3, 5, 3}},
		{"sizes 19\natari 1 2\n", [6]float32{1, 2, 1, 1, 1, 1}},
	} {
		m, err := ParseMoveModel(strings.NewReader(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if got := m.compile().other[FeatAtari]; [6]float32(got) != tc.want {
			t.Errorf("%q: atari strengths %v, want %v", tc.text, got, tc.want)
		}
	}
}
