package engine

import (
	"path/filepath"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// TestAtariEscapes reads whether the owner of a chain in atari saves it
// by moving first.
func TestAtariEscapes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []string
		chain string
		want  bool
	}{{
		// White's A8 B8 B9 have only A9, where White may not play, and
		// no black chain next to them is in atari.
		name: "no way out",
		rows: []string{
			". O X . X O . . .",
			"O O X X X O . . .",
			"X X . . . O . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
		},
		chain: "B8",
		want:  false,
	}, {
		// White's D5 D4 E4 have only E3, a point White may not fill.
		// F5 takes Black's E5, a ko; Black must pass before retaking,
		// and White's E5 then joins E6 E7 with three liberties.
		name: "ko capture, then the connection joins a living chain",
		rows: []string{
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . O . . . .",
			". . . X O X . . .",
			". . X O X . X . .",
			". . X O O X . . .",
			". . . X . X . . .",
			". . . . X . . . .",
			". . . . . . . . .",
		},
		chain: "D5",
		want:  true,
	}, {
		// The same with Black's G5 gone: F5 takes E5 and is not a ko.
		name: "capture that is no ko",
		rows: []string{
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . O . . . .",
			". . . X O X . . .",
			". . X O X . . . .",
			". . X O O X . . .",
			". . . X . X . . .",
			". . . . X . . . .",
			". . . . . . . . .",
		},
		chain: "D5",
		want:  true,
	}, {
		// White's E3 is not shut in: playing it gives two liberties.
		name: "extend",
		rows: []string{
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . X X X . . .",
			". . X O O X . . .",
			". . X O O X . . .",
			". . . X . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
		},
		chain: "D5",
		want:  true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			b := judgeRows(t, tc.rows...)
			p, err := board.ParseGTP(9, tc.chain)
			if err != nil {
				t.Fatal(err)
			}
			if b.Liberties(p) != 1 {
				t.Fatalf("%s has %d liberties, want 1", tc.chain, b.Liberties(p))
			}
			if got := atariEscapes(b, b.ChainHead(p)); got != tc.want {
				t.Errorf("atariEscapes(%s) = %v, want %v", tc.chain, got, tc.want)
			}
		})
	}
}

// TestJudgeAtariAmongDeadStones: a chain in atari whose attackers are
// dead is not dead. Game 7543 (the fifty-ninth session's ladder arm,
// kisen Black): Black's M1 M2 N2 M3 have only N1, but the white stones
// around them are dead in Black's area; White's N1 takes four stones and
// Black's replay inside kills again, so under the 1989 rules the four are
// alive. GNU Go calls the white stones dead and the four alive.
func TestJudgeAtariAmongDeadStones(t *testing.T) {
	b := judgeRows(t,
		"O . O O . . . . . O X X X O O O . O .",
		". O O . O O . O O O X . X X O . O X O",
		"O . O . O . O X X O O X X O . O X X .",
		". O . O . . O X X O O X O O O O O X .",
		"O X O O O O X X X X X X X O X X O X X",
		". X O O O X . . X O X . X X X O O O O",
		"X X O O X X X X X O X . X . . X O . O",
		"O O O X X X X X O O X X X . X X X O .",
		". O X X O X O O O X . X . . X X X O O",
		"O O O O O O O O . X . X . X X . X X O",
		". . O X X X O O O O X X . . X . X O O",
		". O . O X X X X X X . X X X . X X X O",
		". . O O O X X . . X X . . X X O X O O",
		". O . X O O O X X O . . X O O O O O X",
		"O O O O O O X . X O X X X X O O X X X",
		". . . O X O X X . O O O O X X O X . X",
		". O O O . O O X X X O X O O O X . X .",
		"O . O . O . O O X O O X X O X X . . X",
		". O O X X O . O X X O X . O X . . . .",
	)
	m1, err := board.ParseGTP(19, "M1")
	if err != nil {
		t.Fatal(err)
	}
	l1, err := board.ParseGTP(19, "L1")
	if err != nil {
		t.Fatal(err)
	}
	if b.Liberties(m1) != 1 {
		t.Fatalf("M1 has %d liberties, want 1", b.Liberties(m1))
	}
	for seed := uint64(1); seed <= 3; seed++ {
		j := Judge(b, JudgeOptions{Seed: seed, Komi: 6.5})
		if j.Status[m1] != Alive {
			t.Errorf("seed %d: M1 is %v, want alive", seed, j.Status[m1])
		}
		if j.Status[l1] != Dead {
			t.Errorf("seed %d: L1 is %v, want dead (dead %s)", seed, j.Status[l1], judgeVertices(19, j.Dead))
		}
	}
}

// TestJudgeOpenKoAtEnd: game 7956 of the seventy-ninth session (GNU Go
// Black, kisen White) ended by two passes with White's A9 in atari in a
// ko White had just taken. In the confirmation Black takes A9 at B9,
// White may not retake before a pass, and Black's A9 then joins A8: A9
// is dead, and GNU Go's final_score is W+3.5. Counted as White's fill at
// B9 instead, the count was W+4.5.
func TestJudgeOpenKoAtEnd(t *testing.T) {
	b := judgeReadMoves(t, filepath.Join("testdata", "atari", "open-ko-7956.sgf"))
	a9, err := board.ParseGTP(9, "A9")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		j := Judge(b, JudgeOptions{Seed: seed, Komi: 6.5})
		if j.Status[a9] != Dead {
			t.Errorf("seed %d: A9 is %v, want dead (dead %s)", seed, j.Status[a9], judgeVertices(9, j.Dead))
		}
		if j.Score.Result != "W+3.5" {
			t.Errorf("seed %d: %s, want W+3.5 (GNU Go's count)", seed, j.Score.Result)
		}
	}
}
