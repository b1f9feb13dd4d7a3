package engine

import (
	"testing"

	"github.com/kisen-go/kisen/board"
)

// priorMean is the prior's win rate of the child at the GTP point v.
func priorMean(t *testing.T, kids []node, v string) float32 {
	t.Helper()
	p := mustGTP(t, v)
	for _, k := range kids {
		if k.move == p {
			return k.wins / k.visits
		}
	}
	t.Fatalf("no child at %s", v)
	return 0
}

// The white stone C3 is in atari (liberty D3). Extending leaves two
// liberties, and the ladder up and to the right works unless a white
// stone (G7) stands on its path: the escape's prior follows the ladder,
// and so does the prior of Black's atari E3 after the escape.
func TestPriorsReadLadders(t *testing.T) {
	atari := map[bool]float32{} // E3's prior by whether White escapes
	for _, tc := range []struct {
		name    string
		row7    string
		escapes bool
	}{
		{"ladder works", ".........", false},
		{"ladder breaker at G7", "......O..", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := ladderPosition(t, tc.row7)
			b.SetToMove(board.White)
			var lad board.Ladders
			kids := priors(b, nil, &lad, nil)
			if got := priorMean(t, kids, "D3"); (got > 0.5) != tc.escapes {
				t.Errorf("White's escape D3 has prior %.3f; want above 0.5: %v", got, tc.escapes)
			}
			if err := b.Play(board.Move{Color: board.White, Point: mustGTP(t, "D3")}); err != nil {
				t.Fatal(err)
			}
			atari[tc.escapes] = priorMean(t, priors(b, nil, &lad, nil), "E3")
		})
	}
	if caught, free := atari[false], atari[true]; caught <= free {
		t.Errorf("Black's atari E3: prior %.3f when the ladder works, %.3f when it does not; want the first higher", caught, free)
	}
}

func mustGTP(t *testing.T, v string) board.Point {
	t.Helper()
	return mustGTPOn(t, 9, v)
}

func mustGTPOn(t *testing.T, size int, v string) board.Point {
	t.Helper()
	p, err := board.ParseGTP(size, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ladderPosition is the position of TestPriorsReadLadders: White C3 is in
// atari (liberty D3), and its escape runs into a ladder unless White has
// a stone on row 7 (G7) in its path.
func ladderPosition(t *testing.T, row7 string) *board.Board {
	return ladderRows(t, row7, "..X......", ".XO......")
}

// ladderRows is that position with rows 4 and 3 given, for the tests that
// play the atari or the stone in atari themselves.
func ladderRows(t *testing.T, row7, row4, row3 string) *board.Board {
	t.Helper()
	return engineRows(t,
		".........",
		".........",
		row7,
		".........",
		".........",
		row4,
		row3,
		"..XX.....",
		".........")
}
