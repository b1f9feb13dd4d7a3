package engine

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// randomPosition is a position of n random playout moves on size×size.
func randomPosition(size, n int, seed uint64) *board.Board {
	b := board.MustNew(size)
	r := board.NewRand(seed)
	for range n {
		p := b.RandomMove(b.ToMove(), r)
		if p == board.Pass {
			break
		}
		b.PlayLegal(b.ToMove(), p)
	}
	return b
}

// A pattern's keys are the same on every orientation of the board and
// with the colours swapped, and its text, read back, is listed under the
// key the board shows it by.
func TestPatternKeysTurnWithTheBoard(t *testing.T) {
	turns := map[string]func(n, c, r int) (int, int){
		"rotate":    func(n, c, r int) (int, int) { return r, n - 1 - c },
		"mirror":    func(n, c, r int) (int, int) { return n - 1 - c, r },
		"transpose": func(n, c, r int) (int, int) { return r, c },
		"swap":      func(n, c, r int) (int, int) { return c, r }, // colours swapped
	}
	checked := 0
	for seed := range uint64(12) {
		size := []int{9, 13, 19}[seed%3]
		b := randomPosition(size, 20+int(seed)*12, seed)
		mover := b.ToMove()
		for name, f := range turns {
			nb := board.MustNew(size)
			for _, q := range board.AllPoints(size) {
				if k := b.At(q); k != board.Empty {
					if name == "swap" {
						k = k.Opponent()
					}
					c, r := board.ColRow(size, q)
					c2, r2 := f(size, c, r)
					nb.PlayLegal(k, board.At(size, c2, r2))
				}
			}
			nbMover := mover
			if name == "swap" {
				nbMover = mover.Opponent()
			}
			for _, p := range board.AllPoints(size) {
				if b.At(p) != board.Empty {
					continue
				}
				c, r := board.ColRow(size, p)
				c2, r2 := f(size, c, r)
				q := board.At(size, c2, r2)
				if got, want := PatternKeys(nb, nbMover, q), PatternKeys(b, mover, p); got != want {
					t.Fatalf("seed %d, %s: keys at %s are %x, want %x as at %s", seed, name, board.GTP(size, q), got, want, board.GTP(size, p))
				}
				checked++
			}
		}
		// Each text reads back to the keys of its orientations, among
		// them the one the board shows and the canonical one.
		for _, p := range board.AllPoints(size)[:size*3] {
			if b.At(p) != board.Empty {
				continue
			}
			cells := patternCellsAt(b, mover, p)
			raw, canon := patternKeys(&cells, 0), PatternKeys(b, mover, p)
			for l := range patternLevels {
				text := PatternText(b, mover, p, l)
				pc, level, err := parsePattern(text)
				if err != nil || level != l {
					t.Fatalf("PatternText %q: level %d, error %v; want level %d", text, level, err, l)
				}
				keys := orientedKeys(&pc, level)
				if !slices.Contains(keys, raw[l]) || !slices.Contains(keys, canon[l]) || slices.Min(keys) != canon[l] {
					t.Fatalf("text %q at %s: keys %x lack the board's %x or the canonical %x", text, board.GTP(size, p), keys, raw[l], canon[l])
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d points checked", checked)
	}
}

// The nested patterns are the points within gridcular distance 4 to 10:
// a stone three lines away in a straight line is in the sizes from
// distance 6 out, and one five lines away in the largest only.
func TestPatternText(t *testing.T) {
	b := board.MustNew(19)
	p := mustGTP19(t, "K10")
	b.PlayLegal(board.White, mustGTP19(t, "K13")) // (0, 3): distance 6
	b.PlayLegal(board.White, mustGTP19(t, "K15")) // (0, 5): distance 10
	b.PlayLegal(board.Black, mustGTP19(t, "L11")) // (1, 1): distance 3
	b.SetToMove(board.Black)
	var got []string
	for l := range patternLevels {
		text := PatternText(b, board.Black, p, l)
		got = append(got, text)
		if n := strings.Count(text, "X"); n != 1 {
			t.Errorf("level %d: %q has %d own stones, want 1", l, text, n)
		}
		want := 0
		if l >= 2 {
			want++
		}
		if l == patternLevels-1 {
			want++
		}
		if strings.Count(text, "O") != want {
			t.Errorf("level %d: %q: want %d opponent stones", l, text, want)
		}
	}
	for l, text := range got {
		if len(text) != patternSizes[l] {
			t.Errorf("level %d: %q has %d points, want %d", l, text, len(text), patternSizes[l])
		}
	}
	// In the corner the board's edge shows.
	if text := PatternText(b, board.Black, mustGTP19(t, "A1"), 0); strings.Count(text, "#") != 7 {
		t.Errorf("corner pattern %q: want 7 points off the board", text)
	}
}

func mustGTP19(t *testing.T, v string) board.Point {
	t.Helper()
	return mustGTPOn(t, 19, v)
}

// A model's pattern lines give a move the pattern's strength in every
// orientation, the largest listed pattern winning.
func TestModelPatterns(t *testing.T) {
	b := board.MustNew(19)
	b.PlayLegal(board.White, mustGTP19(t, "K13"))
	b.PlayLegal(board.Black, mustGTP19(t, "L11"))
	b.SetToMove(board.Black)
	p := mustGTP19(t, "K10")
	small, large := PatternText(b, board.Black, p, 0), PatternText(b, board.Black, p, 2)
	m, err := ParseMoveModel(strings.NewReader("sizes 19\npattern " + small + " 2\npattern " + large + " 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	cm := m.compile()
	if v := patternValue(b, board.Black, p, patternReach[19](), cm.patterns); cm.other[FeatPattern][v] != 5 {
		t.Errorf("K10: strength %v, want the largest pattern's 5", cm.other[FeatPattern][v])
	}
	// The mirror image of the position: the same patterns at J10.
	mb := board.MustNew(19)
	mb.PlayLegal(board.White, mustGTP19(t, "K13"))
	mb.PlayLegal(board.Black, mustGTP19(t, "J11"))
	if v := patternValue(mb, board.Black, p, patternReach[19](), cm.patterns); cm.other[FeatPattern][v] != 5 {
		t.Errorf("K10 mirrored: strength %v, want 5", cm.other[FeatPattern][v])
	}
	// Without the white stone only the small pattern matches.
	b2 := board.MustNew(19)
	b2.PlayLegal(board.Black, mustGTP19(t, "L11"))
	if v := patternValue(b2, board.Black, p, patternReach[19](), cm.patterns); cm.other[FeatPattern][v] != 2 {
		t.Errorf("K10 without K13: strength %v, want the small pattern's 2", cm.other[FeatPattern][v])
	}
	if v := patternValue(b2, board.Black, mustGTP19(t, "C3"), patternReach[19](), cm.patterns); v != 0 {
		t.Errorf("C3: pattern %d, want none", v)
	}
	// A model that lists only the large pattern finds it through the
	// smaller sizes it does not list.
	ml, err := ParseMoveModel(strings.NewReader("sizes 19\npattern " + large + " 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	cml := ml.compile()
	if v := patternValue(b, board.Black, p, patternReach[19](), cml.patterns); cml.other[FeatPattern][v] != 5 {
		t.Errorf("K10, only the large pattern listed: strength %v, want 5", cml.other[FeatPattern][v])
	}
	if v := patternValue(b2, board.Black, p, patternReach[19](), cml.patterns); v != 0 {
		t.Errorf("K10 without K13, only the large pattern listed: pattern %d, want none", v)
	}
	// Written and read back, the model is the same.
	var sb strings.Builder
	if _, err := m.WriteTo(&sb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "pattern "+small+" 2\n") {
		t.Errorf("written model lacks the small pattern:\n%s", sb.String())
	}
	m2, err := ParseMoveModel(strings.NewReader(sb.String()))
	if err != nil || len(m2.Patterns) != 2 {
		t.Errorf("read back: %d patterns, error %v", len(m2.Patterns), err)
	}
}

// BenchmarkPatternValue9 looks up the committed 9x9 model's pattern of
// every empty point, for both colours, in the positions of
// BenchmarkSearchMidgame9: the lookups its priors make, alone.
func BenchmarkPatternValue9(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "midgame", "*.sgf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no midgame records: %v", err)
	}
	var pos []*board.Board
	for _, f := range files {
		for _, n := range []int{16, 30, 44} {
			pos = append(pos, readMoves(b, f, n))
		}
	}
	cm := (*MoveModel)(nil).compiledFor(9)
	reach := patternReach[9]()
	b.ResetTimer()
	lookups, found := 0, 0
	for i := 0; i < b.N; i++ {
		bd := pos[i%len(pos)]
		for k := 0; k < bd.EmptyCount(); k++ {
			p := bd.EmptyAt(k)
			for _, c := range []board.Color{board.Black, board.White} {
				if patternValue(bd, c, p, reach, cm.patterns) > 0 {
					found++
				}
				lookups++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(lookups), "ns/lookup")
	b.ReportMetric(float64(found)/float64(lookups), "found/lookup")
}

// The packed table gives every key of every committed model's patterns
// the index compile numbered it with, and finds no key it was not given.
func TestPatternTable(t *testing.T) {
	for _, f := range defaultModels() {
		m := f.model()
		if len(m.Patterns) == 0 {
			continue
		}
		index := patternIndex(m.patternTexts())
		table := newPatternTable(index)
		if len(table.slots) < 2*len(index) {
			t.Errorf("sizes %v: %d slots for %d keys, want at least twice as many", m.Sizes, len(table.slots), len(index))
		}
		for k, want := range index {
			if got, ok := table.get(k); !ok || got != want {
				t.Fatalf("sizes %v: key %#x: got %d, %v; want %d", m.Sizes, k, got, ok, want)
			}
		}
		r := board.NewRand(1)
		for range 100000 {
			k := r.Uint64()
			if _, listed := index[k]; listed {
				continue
			}
			if v, ok := table.get(k); ok {
				t.Fatalf("sizes %v: key %#x, not listed, reads %d", m.Sizes, k, v)
			}
		}
	}
}
