package board

import (
	"strings"
	"testing"
)

// White's group E9-J8 and Black's G9-H9 share their last two liberties,
// G8 and J9. It looks like a seki, but Black's G8 is a killing sacrifice:
// White must capture three stones in a bent three, and Black's stone on
// its vital point leaves one eye.
func sekiLookalike(t *testing.T, whiteOutside bool) *Board {
	t.Helper()
	row5 := ".....XXXX"
	if whiteOutside {
		row5 = ".....X.XX" // G5 empty: a liberty of White's G6 outside
	}
	return setupRows(t,
		"...XOOXX.",
		"...XXO.OO",
		"....XOOOX",
		"....XXOXX",
		row5,
		".........",
		".........",
		".........",
		".........")
}

func TestNakadeSacrifice(t *testing.T) {
	p9 := func(v string) Point { return gtps(t, 9, v)[0] }
	for _, tc := range []struct {
		name         string
		whiteOutside bool
		move         string
		want         bool
	}{
		{"bent three", false, "G8", true},
		{"straight three on the edge", false, "J9", true},
		{"White has a liberty outside", true, "G8", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := sekiLookalike(t, tc.whiteOutside)
			p := p9(tc.move)
			sz := b.SelfAtari(Black, p)
			if sz != 3 {
				t.Fatalf("SelfAtari(%s) = %d, want 3", tc.move, sz)
			}
			if got := b.NakadeSacrifice(Black, p, sz); got != tc.want {
				t.Errorf("NakadeSacrifice(%s) = %v, want %v", tc.move, got, tc.want)
			}
		})
	}
}

func TestKillingShape(t *testing.T) {
	p9 := func(vs string) []Point { return gtps(t, 9, strings.Fields(vs)...) }
	for _, tc := range []struct {
		points string
		want   bool
	}{
		{"A1 B1 C1", true},          // straight three
		{"E5 F5 E6 F6", true},       // square four
		{"D5 E5 F5 E6", true},       // pyramid four
		{"D5 E5 F5 G5", false},      // straight four lives
		{"D5 E5 F5 D6 E6", true},    // bulky five
		{"E4 D5 E5 F5 E6", true},    // crossed five
		{"D5 E5 F5 G5 D6", false},   // bent five lives
		{"E4 D5 E5 F5 D6 E6", true}, // rabbity six
	} {
		if got := KillingShape(9, p9(tc.points)); got != tc.want {
			t.Errorf("KillingShape(%s) = %v, want %v", tc.points, got, tc.want)
		}
	}
}

// The end of 9x9 run 18, game 24 (Black to move): White's group from E9
// to J8 shares its liberties G8 and J9 with Black's G9-H9, and Black's
// outer chain outlasts it. It is dead (G8, White captures at J9, Black
// takes the vital point G9), and the playouts must find that: without the
// sacrifice none of 1000 playouts killed it, with it all of them did.
func TestHeavyPlayoutKillsSekiLookalike(t *testing.T) {
	b := setupRows(t,
		".OOXOOXX.",
		"..OXXO.OO",
		"..OOXOOOX",
		"...OXXOXX",
		".OOOXXXXO",
		".OXOOX.OO",
		"OOXOOXXO.",
		"XOXOXX.XO",
		"XXXXXXXX.")
	e9 := gtps(t, 9, "E9")[0]
	if b.Liberties(e9) != 2 || b.ChainSize(e9) != 9 {
		t.Fatalf("set-up: White's E9 chain has %d stones and %d liberties, want 9 and 2\n%s", b.ChainSize(e9), b.Liberties(e9), b)
	}
	r := NewRand(3)
	const n = 200
	killed := 0
	for range n {
		pb := b.Clone()
		pb.SetToMove(Black)
		pb.HeavyPlayout(r, 300, nil, PlayoutAids{})
		if pb.At(e9) != White {
			killed++
		}
	}
	if killed < n*9/10 {
		t.Errorf("White's group died in %d of %d playouts, want at least 90%%", killed, n)
	}
}
