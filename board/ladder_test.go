package board

import "testing"

// ladderStart is a white stone at C3 in atari (liberty D3): extending
// leaves two liberties and the ladder runs up and right, D4, E4, E5, ...
// to the top edge, unless breaker is a white stone on its path.
func ladderStart(t *testing.T, breaker bool) *Board {
	t.Helper()
	row7 := "........."
	if breaker {
		row7 = "......O.." // G7
	}
	return setupRows(t,
		".........",
		".........",
		row7,
		".........",
		".........",
		"..X......",
		".XO......",
		"..XX.....",
		".........")
}

func TestLadder(t *testing.T) {
	p9 := func(v string) Point { return gtps(t, 9, v)[0] }
	for _, tc := range []struct {
		name    string
		breaker bool
		caught  bool
	}{
		{"open board", false, true},
		{"white stone on the path", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l Ladders
			b := ladderStart(t, tc.breaker)
			if got := l.EscapeCaught(b, White, p9("D3"), p9("C3")); got != tc.caught {
				t.Errorf("EscapeCaught(D3) = %v, want %v", got, tc.caught)
			}
			b.PlayLegal(White, p9("D3"))
			if got := l.AtariCaptures(b, Black, p9("E3")); got != tc.caught {
				t.Errorf("after D3, AtariCaptures(E3) = %v, want %v", got, tc.caught)
			}
			if l.AtariCaptures(b, Black, p9("D4")) {
				t.Error("AtariCaptures(D4) = true; White escapes to E3 with three liberties")
			}
		})
	}
}

func TestLadderEscapeByCapture(t *testing.T) {
	// The black stone at B3 is itself in atari (its liberty is B2): after
	// the escape to D3 and Black's atari at E3, White captures B3 instead
	// of running, and gets out.
	b := setupRows(t,
		".........",
		".........",
		".........",
		".........",
		".........",
		".OX......",
		"OXO......",
		"..XX.....",
		".........")
	var l Ladders
	d3 := At(9, 3, 2)
	if !b.Legal(White, d3) {
		t.Fatal("D3 illegal")
	}
	if !b.InAtari(At(9, 1, 2)) || !b.InAtari(At(9, 2, 2)) {
		t.Fatal("B3 and C3 should both be in atari")
	}
	if l.EscapeCaught(b, White, d3, At(9, 2, 2)) {
		t.Error("EscapeCaught = true; White captures B3 and escapes")
	}
}

// The playout's atari escape is read for ladders only when it is given a
// ladder scratch: C3 running to D3 is caught unless G7 breaks the ladder.
func TestEscapeLaddered(t *testing.T) {
	p9 := func(v string) Point { return gtps(t, 9, v)[0] }
	var l Ladders
	for _, tc := range []struct {
		breaker bool
		lad     *Ladders
		want    bool
	}{
		{false, &l, true},
		{true, &l, false},
		{false, nil, false},
	} {
		b := ladderStart(t, tc.breaker)
		if got := b.escapeLaddered(White, p9("D3"), p9("C3"), tc.lad); got != tc.want {
			t.Errorf("breaker %v, ladder scratch %v: escapeLaddered = %v, want %v", tc.breaker, tc.lad != nil, got, tc.want)
		}
	}
}

// In the playout, Black's C4 puts C3 in atari. Without the ladder read the
// escape rule runs to D3 every time; with it, D3 comes only from the later
// rules (D3 is a good 3x3 shape next to C4, tried from a random start), so
// the chain is left in about a quarter of the playouts.
func TestHeavyMoveLeavesLadder(t *testing.T) {
	p9 := func(v string) Point { return gtps(t, 9, v)[0] }
	const seeds = 200
	runs := func(lad *Ladders) int {
		n := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			b := setupRows(t,
				".........",
				".........",
				".........",
				".........",
				".........",
				".........",
				".XO......",
				"..XX.....",
				".........")
			b.PlayLegal(Black, p9("C4"))
			if b.heavyMove(White, NewRand(seed), Pass, nil, PlayoutAids{Ladders: lad}) == p9("D3") {
				n++
			}
		}
		return n
	}
	if n := runs(nil); n != seeds {
		t.Errorf("without the ladder read: D3 in %d of %d playouts, want all", n, seeds)
	}
	if n := runs(new(Ladders)); n > seeds*9/10 {
		t.Errorf("with the ladder read: D3 in %d of %d playouts, want at most 90%%", n, seeds)
	}
}

// The quick reading skips an atari the extension answers with three
// liberties (extendsFree) and plays its tries on one board, taking them
// back (undo); it must read every ladder as the full reading, a copy per
// ply, does. Positions come from playouts stopped at random lengths, on
// 9x9 and 19x19; every escape from atari and every atari of either side
// is read both ways, and the playout's escape also on the board itself.
func TestQuickLadderReadingAgrees(t *testing.T) {
	quick, full := new(Ladders), &Ladders{full: true}
	r := NewRand(3)
	escapes, ataris, caught := 0, 0, 0
	for _, size := range []int{9, 19} {
		for game := 0; game < 300; game++ {
			b := MustNew(size)
			b.HeavyPlayout(r, 10+r.Intn(size*size), nil, PlayoutAids{})
			before := b.Clone()
			for i := 0; i < b.EmptyCount(); i++ {
				p := b.EmptyAt(i)
				for c := Black; c <= White; c++ {
					for _, q := range b.neighbours(p) {
						if b.color[q] != c || !b.inAtari(b.head[q]) {
							continue
						}
						escapes++
						got, want := quick.EscapeCaught(b, c, p, q), full.EscapeCaught(b, c, p, q)
						if got != want {
							t.Fatalf("%dx%d, %v at %s (chain %s): quick EscapeCaught %v, full %v\n%v",
								size, size, c, GTP(size, p), GTP(size, q), got, want, b)
						}
						// The playout's reading on the board itself.
						if got := quick.escapeCaught(b, c, p, q); got != want {
							t.Fatalf("%dx%d, %v at %s (chain %s): escapeCaught in place %v, full %v\n%v",
								size, size, c, GTP(size, p), GTP(size, q), got, want, b)
						}
						if diff := boardDiff(b, before); diff != "" {
							t.Fatalf("%dx%d, %v at %s: escapeCaught left %s changed", size, size, c, GTP(size, p), diff)
						}
						if got {
							caught++
						}
					}
					ataris++
					got, want := quick.AtariCaptures(b, c, p), full.AtariCaptures(b, c, p)
					if got != want {
						t.Fatalf("%dx%d, %v at %s: quick AtariCaptures %v, full %v\n%v", size, size, c, GTP(size, p), got, want, b)
					}
					if got {
						caught++
					}
				}
			}
		}
	}
	if escapes < 200 || caught < 50 {
		t.Errorf("only %d escapes, %d ataris, %d caught: the positions test too little", escapes, ataris, caught)
	}
	t.Logf("%d escapes and %d ataris read, %d caught", escapes, ataris, caught)
}
