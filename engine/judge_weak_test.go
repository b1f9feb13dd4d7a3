package engine

import (
	"testing"

	"github.com/kisen-go/kisen/board"
)

// TestJudgeReadWeak checks the status the judge gives small chains on
// final positions of kisen's own games, each checked by hand and against
// GNU Go's count.
func TestJudgeReadWeak(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []string
		stone string
		want  Status
	}{{
		// GNU Go 3.8 level 10 run 24, game 134: White's J1 is in atari;
		// Black's H1 takes it, and the recapture is a ko White may not
		// take back at once. GNU Go counts one point less for White. An
		// open ko at the end (judge_atari.go, atariOpenKo): J1 is dead.
		name: "stone in atari, capture makes a ko",
		rows: []string{
			". . . . . . . . .",
			". X X . . X X . .",
			"X X O X X O O X .",
			"X O O X O X . . .",
			"O O . O O X X X X",
			". O . . O O O O X",
			". . . O . . X O X",
			". . . O X . O O X",
			". . . . . . O . O",
		},
		stone: "J1",
		want:  Dead,
	}, {
		// kisen self-play (the second model's corpus), game 29: White's
		// A1 has two liberties and no black stone near it. Black's B2
		// and C1 seem to trap it, but White takes B2 at C2; a reading
		// limited to two steps from A1 would miss that answer.
		name: "lone stone, the attack can be captured",
		rows: []string{
			". O X X X X . . .",
			". O O O X . X . .",
			"O O O O O X X . .",
			". O . O O O O X .",
			". . O . O . O X X",
			". . O O O O O X .",
			". O O . O X . O X",
			". . . . O O O O .",
			"O . . . . O O . O",
		},
		stone: "A1",
		want:  Alive,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			b := judgeRows(t, tc.rows...)
			p, err := board.ParseGTP(9, tc.stone)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				j := Judge(b, JudgeOptions{Seed: seed, Komi: 6.5})
				if got := j.Status[p]; got != tc.want {
					t.Fatalf("seed %d: %s is %v, want %v (unsettled %s)", seed, tc.stone, got, tc.want, judgeVertices(9, j.Unsettled))
				}
			}
		})
	}
}
