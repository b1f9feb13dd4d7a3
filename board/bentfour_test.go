package board

import "testing"

func TestRemoveBentFourDead(t *testing.T) {
	// White's seven stones A4 B4 B3 B2 C2 D2 D1 have two liberties, A3
	// and C1, and Black's A2 and B1 sit in the corner with A1 between
	// them: Black fills A1, then A3, White takes four, and Black's A2
	// makes the bent four, dead by rule.
	bentThree := []string{
		".........",
		".........",
		".........",
		".........",
		"XXX......",
		"OOX......",
		".OXXX....",
		"XOOOX....",
		".X.OX....",
	}
	// The same with A1 filled: Black's A1 A2 B1 and White share A3 and C1.
	filled := append([]string(nil), bentThree...)
	filled[8] = "XX.OX...."
	for _, tc := range []struct {
		name    string
		rows    []string
		removed int
	}{
		{"bent three with the corner open", bentThree, 7},
		{"three stones on the corner", filled, 7},
	} {
		b := setupRows(t, tc.rows...)
		if n := b.removeBentFourDead(); n != tc.removed {
			t.Errorf("%s: removed %d stones, want %d", tc.name, n, tc.removed)
			continue
		}
		if b.At(At(9, 1, 1)) != Empty || b.At(At(9, 0, 3)) != Empty {
			t.Errorf("%s: White's chain is still on the board", tc.name)
		}
		if b.AreaScore() <= 0 {
			t.Errorf("%s: Black's area %d after the removal", tc.name, b.AreaScore())
		}
	}
	// With a third liberty (E1 empty, so D1 has one) White lives in seki
	// or better: nothing is removed.
	open := append([]string(nil), bentThree...)
	open[8] = ".X.O....."
	if n := setupRows(t, open...).removeBentFourDead(); n != 0 {
		t.Errorf("a chain with three liberties: removed %d stones", n)
	}
	// Three black stones in a line from the corner, A1 A2 A3, share B1
	// and A4 with White's five: Black fills B1, White takes four at A4,
	// and the space A1 A2 A3 B1 is the bent four again.
	straight := []string{
		".........",
		".........",
		".........",
		"XXX......",
		"OOX......",
		".OX......",
		"XOX......",
		"XOX......",
		"X.X......",
	}
	if n := setupRows(t, straight...).removeBentFourDead(); n != 5 {
		t.Errorf("three in a line from the corner: removed %d stones, want 5", n)
	}
}
