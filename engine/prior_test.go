package engine

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// priorMean is the prior's win rate of the child at the GTP point v of
// a 9x9 board.
func priorMean(t *testing.T, kids []node, v string) float32 {
	t.Helper()
	k := priorOf(t, 9, kids, v)
	return k.wins / k.visits
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
			kids := priors(b, nil, &lad, priorSet{})
			if got := priorMean(t, kids, "D3"); (got > 0.5) != tc.escapes {
				t.Errorf("White's escape D3 has prior %.3f; want above 0.5: %v", got, tc.escapes)
			}
			if err := b.Play(board.Move{Color: board.White, Point: mustGTP(t, "D3")}); err != nil {
				t.Fatal(err)
			}
			atari[tc.escapes] = priorMean(t, priors(b, nil, &lad, priorSet{}), "E3")
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

// priorOf is the child at the GTP point v on a size×size board.
func priorOf(t *testing.T, size int, kids []node, v string) node {
	t.Helper()
	p := mustGTPOn(t, size, v)
	for _, k := range kids {
		if k.move == p {
			return k
		}
	}
	t.Fatalf("no child at %s", v)
	return node{}
}

// With a corner bonus, the 3-3, 3-4 and 4-4 points of an empty corner
// carry it on 19x19; those of a corner with a stone in its box, and a
// third-line point on a side, do not. White's stone at D4 takes the
// lower-left corner; Black's at R10 stands on the right side, outside
// both right-hand boxes.
func TestCornerBonusOnEmptyCorners(t *testing.T) {
	const bonus = 60
	b := gamePositionOn(t, 19, "R10 D4")
	with := handPriors(b, nil, new(board.Ladders), bonus)
	without := handPriors(b, nil, new(board.Ladders), 0)
	for _, v := range []string{"Q16", "R16", "Q17", "R17", "C16", "Q4", "R3", "D17"} {
		if got, base := priorOf(t, 19, with, v).wins, priorOf(t, 19, without, v).wins; got != base+bonus {
			t.Errorf("%s in an empty corner: %.1f prior wins; want %.1f (%.1f and the bonus)", v, got, base+bonus, base)
		}
	}
	for _, v := range []string{"C3", "D3", "C4", "Q10", "O16", "E16"} {
		if got, base := priorOf(t, 19, with, v).wins, priorOf(t, 19, without, v).wins; got != base {
			t.Errorf("%s: %.1f prior wins with the bonus, %.1f without; want no bonus", v, got, base)
		}
	}
	if got := emptyCorners(b); got != [4]bool{false, true, true, true} {
		t.Errorf("emptyCorners = %v; want the lower left taken only", got)
	}
	// A stone on the box's far corner (G7 from the lower left, the 7-7
	// point) still takes the corner; one just outside (H7, G8) does not.
	for v, want := range map[string]bool{"G7": false, "H7": true, "G8": true} {
		if got := emptyCorners(gamePositionOn(t, 19, v))[0]; got != want {
			t.Errorf("a stone at %s: lower-left corner empty %v; want %v", v, got, want)
		}
	}
	// 9x9 has no corner bonus (its lines prior stops at the second line).
	small := board.MustNew(9)
	if got, base := priorOf(t, 9, handPriors(small, nil, new(board.Ladders), bonus), "C3").wins,
		priorOf(t, 9, handPriors(small, nil, new(board.Ladders), 0), "C3").wins; got != base {
		t.Errorf("9x9: C3 has %.1f prior wins with the bonus, %.1f without; want no bonus", got, base)
	}
}

// Options.ModelWeight and Options.CornerBonus reach the tree's priors:
// the model's part of a move's prior wins (the learned prior less the
// hand-set one) is the weight times the move's √share.
func TestPriorOptionsReachThePriors(t *testing.T) {
	b := board.MustNew(19)
	m := committedModel(19)
	var total, share float32
	scan := newFeatureScan(b, new(board.Ladders), m.patterns)
	scan.candidates(func(p board.Point, _ int, f Features) {
		g := m.gamma(&f)
		total += g
		if p == mustGTPOn(t, 19, "C3") {
			share = g
		}
	})
	root := float32(math.Sqrt(float64(share / total)))
	for _, tc := range []struct {
		opt    Options
		weight float32
		corner float32
	}{
		{Options{Size: 19}, 120, 0}, // the 19x19 model's own "weight" line
		{Options{Size: 19, ModelWeight: 300, CornerBonus: 60}, 300, 60},
	} {
		ps := tc.opt.priorSet(m)
		learned := priorOf(t, 19, priors(b, nil, nil, ps), "C3").wins
		hand := priorOf(t, 19, handPriors(b, nil, new(board.Ladders), 0), "C3").wins
		if want := hand + tc.corner + tc.weight*root; math.Abs(float64(learned-want)) > 0.01 {
			t.Errorf("%+v: C3's prior wins %.3f; want %.3f (hand-set %.3f, bonus %v, weight %v × √share %.4f)",
				tc.opt, learned, want, hand, tc.corner, tc.weight, root)
		}
	}
}

// Validate refuses a model weight or corner bonus out of range by name.
func TestValidatePriorOptions(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		name string
	}{
		{Options{Size: 19, ModelWeight: -1}, "model weight"},
		{Options{Size: 19, ModelWeight: MaxModelWeight + 1}, "model weight"},
		{Options{Size: 19, CornerBonus: -5}, "corner bonus"},
		{Options{Size: 19, CornerBonus: MaxCornerBonus + 1}, "corner bonus"},
		{Options{Size: 19, RaveDistance: -1}, "RAVE distance"},
		{Options{Size: 19, RaveDistance: MaxRaveDistance + 1}, "RAVE distance"},
	} {
		err := tc.opt.Validate()
		if !errors.Is(err, ErrBadOptions) || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("%+v: error %v; want ErrBadOptions naming the %s", tc.opt, err, tc.name)
		}
	}
	if err := (Options{Size: 19, ModelWeight: MaxModelWeight, CornerBonus: MaxCornerBonus, RaveDistance: MaxRaveDistance}).Validate(); err != nil {
		t.Errorf("the largest weight and bonus: %v", err)
	}
}
