package board

import (
	"slices"
	"testing"
)

func TestShapeCodeReadsColoursAndLiberties(t *testing.T) {
	// The point is B2. White's chain A2 A3 B3 has four liberties, Black's
	// C2 three, Black's A1 B1 two (B2 and C1).
	b := setupRows(t,
		".....",
		".....",
		"OO...",
		"O.X..",
		"XX...")
	// Slots: the row below (A1 B1 C1), the row itself (A2 C2), the row
	// above (A3 B3 C3).
	want := [8]uint8{
		1, 2, 0, // A1 Black; B1 Black chain with two liberties; C1 empty
		6, 3, // A2 White with three or more; C2 Black with three or more
		2, 6, 0, // A3 White; B3 White with three or more; C3 empty
	}
	if got := decodeShape(b.ShapeCode(Black, At(5, 1, 1))); got != want {
		t.Errorf("Black's view %v, want %v", got, want)
	}
	// White sees the same point with the colours swapped.
	want = [8]uint8{2, 5, 0, 3, 6, 1, 3, 0}
	if got := decodeShape(b.ShapeCode(White, At(5, 1, 1))); got != want {
		t.Errorf("White's view %v, want %v", got, want)
	}
	// In the corner: A1, with Black A2 B2 (three liberties or more) and
	// White B1 in atari.
	e := setupRows(t, ".....", ".....", ".....", "XX...", ".OX..")
	want = [8]uint8{
		3, 7, 3, // off the board below
		7, 4, // off the board on the left; B1 White in atari
		3, 3, 1, // off; A2 Black with three or more; B2 Black
	}
	if got := decodeShape(e.ShapeCode(Black, At(5, 0, 0))); got != want {
		t.Errorf("corner: %v, want %v", got, want)
	}
}

// A shape seen on a rotated or mirrored board is one of the variants of
// the original, and has the same canonical code.
func TestShapeVariantsAreTheBoardsSymmetries(t *testing.T) {
	rows := []string{
		"..O..",
		".XO..",
		"X.X..",
		"OO...",
		".....",
	}
	n := len(rows)
	b := setupRows(t, rows...)
	p := At(n, 1, 2) // B3
	code := b.ShapeCode(Black, p)
	variants := ShapeVariants(code)
	maps := map[string]func(c, r int) (int, int){
		"rotate":    func(c, r int) (int, int) { return r, n - 1 - c },
		"mirror":    func(c, r int) (int, int) { return n - 1 - c, r },
		"transpose": func(c, r int) (int, int) { return r, c },
	}
	for name, f := range maps {
		nb := MustNew(n)
		for _, q := range AllPoints(n) {
			if k := b.At(q); k != Empty {
				c, r := ColRow(n, q)
				c2, r2 := f(c, r)
				nb.PlayLegal(k, At(n, c2, r2))
			}
		}
		c, r := f(ColRow(n, p))
		got := nb.ShapeCode(Black, At(n, c, r))
		if !slices.Contains(variants[:], got) {
			t.Errorf("%s: code %06x is not a variant of %06x (%06x)", name, got, code, variants)
		}
		if CanonicalShape(got) != CanonicalShape(code) {
			t.Errorf("%s: canonical %06x, want %06x", name, CanonicalShape(got), CanonicalShape(code))
		}
	}
}
