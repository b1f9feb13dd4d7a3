package engine

import (
	"testing"

	"github.com/kisen-go/kisen/board"
)

// featuresAt is the features of the player to move at the GTP point v.
func featuresAt(t *testing.T, b *board.Board, v string) Features {
	t.Helper()
	return candidate(t, Candidates(b), v)
}

// playAt plays c at the GTP point v on 9x9.
func playAt(t *testing.T, b *board.Board, c board.Color, v string) {
	t.Helper()
	if err := b.Play(board.Move{Color: c, Point: mustGTP(t, v)}); err != nil {
		t.Fatal(err)
	}
}

// TestAttackFeature: each attack value on a position built for it, and
// the plain atari that earns none.
func TestAttackFeature(t *testing.T) {
	// White's three stones B3-D3 have two liberties, D4 and E3; Black E3
	// starts a ladder that row 7 may break.
	big := func(row7 string) *board.Board {
		return engineRows(t,
			".........", ".........", row7, ".........", ".........",
			".XX......",
			"XOOO.....",
			".XXX.....",
			".........")
	}
	b := big(".........")
	b.SetToMove(board.Black)
	if f := featuresAt(t, b, "E3"); f[FeatAttack] != attackAtariBig || f[FeatAtari] != 2 {
		t.Errorf("E3 ladders three stones: attack %d, atari %d; want %d, 2", f[FeatAttack], f[FeatAtari], attackAtariBig)
	}
	b = big("......O..")
	b.SetToMove(board.Black)
	if f := featuresAt(t, b, "E3"); f[FeatAttack] != 0 || f[FeatAtari] != 1 {
		t.Errorf("E3 with the ladder broken: attack %d, atari %d; want 0, 1", f[FeatAttack], f[FeatAtari])
	}

	// White escapes C3 to D3 and Black ataris the two stones just played.
	for _, tc := range []struct {
		row7 string
		want int32
	}{
		{".........", attackAtariLast},
		{"......O..", attackLast},
	} {
		b := ladderPosition(t, tc.row7)
		b.SetToMove(board.White)
		playAt(t, b, board.White, "D3")
		if f := featuresAt(t, b, "E3"); f[FeatAttack] != tc.want {
			t.Errorf("row 7 %s: E3's attack %d, want %d", tc.row7, f[FeatAttack], tc.want)
		}
	}

	// White D5 and F5 have E5 in common and another liberty each.
	b = engineRows(t,
		".........", ".........", ".........",
		"...X.X...",
		"..XO.OX..",
		".........", ".........", ".........", ".........")
	b.SetToMove(board.Black)
	if f := featuresAt(t, b, "E5"); f[FeatAttack] != attackDouble {
		t.Errorf("E5 ataris D5 and F5: attack %d, want %d", f[FeatAttack], attackDouble)
	}
	if f := featuresAt(t, b, "D4"); f[FeatAttack] != 0 || f[FeatAtari] == 0 {
		t.Errorf("D4 ataris D5 alone: attack %d, atari %d; want 0 and an atari", f[FeatAttack], f[FeatAtari])
	}

	// Two chains whose other liberty is the same, E4, are saved together.
	b = engineRows(t,
		".........", ".........", ".........",
		"...X.X...",
		"..XO.OX..",
		"..XO.OX..",
		"...X.X...",
		".........", ".........")
	b.SetToMove(board.Black)
	if f := featuresAt(t, b, "E5"); f[FeatAttack] != 0 || f[FeatAtari] == 0 {
		t.Errorf("E5 ataris two chains that E4 joins: attack %d, atari %d; want 0 and an atari", f[FeatAttack], f[FeatAtari])
	}

	// Black E4 is in atari inside White's mouth, and D4 inside Black's.
	b = engineRows(t,
		".........", ".........", ".........", ".........",
		"...XO....",
		"..X.XO...",
		"...XO....",
		".........", ".........")
	b.SetToMove(board.White)
	if f := featuresAt(t, b, "D4"); f[FeatAttack] != attackKoCapture || f[FeatCapture] == 0 {
		t.Errorf("White D4 takes the ko: attack %d, capture %d", f[FeatAttack], f[FeatCapture])
	}
}

// TestDefendFeature: Black B2 is in atari, and capturing White C2 frees it;
// White B3 either has just put it in atari or stood there from before.
func TestDefendFeature(t *testing.T) {
	rows := func(row3 string) *board.Board {
		return engineRows(t,
			".........", ".........", ".........", ".........", ".........", ".........",
			row3,
			".XOX.....",
			".OX......")
	}
	b := rows(".........")
	b.SetToMove(board.White)
	playAt(t, b, board.White, "B3")
	if f := featuresAt(t, b, "C3"); f[FeatDefend] != defendCaptureNew {
		t.Errorf("C3 captures to save B2 just put in atari: defend %d, want %d", f[FeatDefend], defendCaptureNew)
	}
	if f := featuresAt(t, b, "A2"); f[FeatDefend] != defendExtendNew || f[FeatEscape] == 0 {
		t.Errorf("A2 extends B2 just put in atari: defend %d, escape %d", f[FeatDefend], f[FeatEscape])
	}
	if f := featuresAt(t, b, "E5"); f[FeatDefend] != 0 {
		t.Errorf("E5 saves nothing: defend %d", f[FeatDefend])
	}

	b = rows(".O.......")
	b.SetToMove(board.Black)
	if f := featuresAt(t, b, "C3"); f[FeatDefend] != defendCaptureOld {
		t.Errorf("C3 captures to save B2 in atari from before: defend %d, want %d", f[FeatDefend], defendCaptureOld)
	}
	if f := featuresAt(t, b, "A2"); f[FeatDefend] != 0 || f[FeatEscape] == 0 {
		t.Errorf("A2 extends B2 in atari from before: defend %d, escape %d; want 0 and an escape", f[FeatDefend], f[FeatEscape])
	}
}
