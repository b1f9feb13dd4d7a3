package engine

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// TestJudgeRace: two chains locked in a small closed space, read with
// each side moving first.
func TestJudgeRace(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rows    []string
		status  map[string]Status // a stone of each chain read, and its status
		open    []string          // points that must be listed unsettled
		notOpen []string          // points that must not be
		nobody  []string          // points that must count for nobody
		seki    bool              // the reading itself finds a seki
	}{{
		// Black's G9 G8 H8 (liberties G7, H9) inside White's group
		// (G7, J9). White at H9 is taken by J9, and White may not
		// retake before its group, in atari, is taken at G7. Black at
		// H9 looks like a seki, but Black then throws in at G7: White
		// must take five stones and is left a bulky five, whose vital
		// point G8 is Black's. White's group is dead whoever moves
		// first (the make demo of 938193d, which GNU Go counts so).
		name: "sacrifice to a bulky five",
		rows: []string{
			". . . X O O X . .",
			". . . X O O X X O",
			". . . X O O . O O",
			". . . X O O O O X",
			". . . X X X X X X",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
		},
		status: map[string]Status{"G9": Alive, "E9": Dead},
	}, {
		// D9 D8 D7 E7 and F9 F8 F7 share E9 and E8 and have no other
		// liberty: whoever fills one is taken. A seki.
		name: "seki",
		rows: []string{
			". . O X . O X . .",
			". . O X . O X . .",
			". . O X X O X . .",
			". . O O O X X . .",
			". . . . O X . . .",
			". . . . O X . . .",
			". . . . O X . . .",
			". . . . O X . . .",
			". . . . O X . . .",
		},
		status:  map[string]Status{"D9": Seki, "F9": Seki},
		seki:    true,
		notOpen: []string{"E9", "E8"},
		nobody:  []string{"E9", "E8"},
	}, {
		// The same with an eye at E8 for White: Black's three die
		// whoever moves first.
		name: "race lost either way",
		rows: []string{
			". . X O O O X . .",
			". . X O . O X X O",
			". . X O O O . O O",
			". . X O O O O O X",
			". . X X X X X X X",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
		},
		status:  map[string]Status{"G9": Dead, "E9": Alive},
		notOpen: []string{"G7", "H9", "J9"},
	}, {
		// White's eye space G9 H9 J9 holds Black's J9. White at H9
		// takes it and has two eyes; Black at H9 is taken at G9 and
		// leaves White one eye of two points. The next move decides.
		name: "decided by the next move",
		rows: []string{
			". . . . X O . . X",
			". . . . X O O O O",
			". . . . X X X X X",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
			". . . . . . . . .",
		},
		status: map[string]Status{"J9": Unknown, "F9": Unknown},
		open:   []string{"G9", "H9"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			b := judgeRows(t, tc.rows...)
			if tc.seki {
				var hs []board.Point
				for v := range tc.status {
					hs = append(hs, b.ChainHead(judgeParse(t, v)))
				}
				region, ok := raceRegion(b, hs[0], hs[1])
				if v, read := raceRead(b, region, hs[0], hs[1]); !ok || !read || v != raceSeki {
					t.Errorf("raceRead = %v (region %s, %v, read %v), want seki", v, judgeVertices(9, region), ok, read)
				}
			}
			for seed := uint64(1); seed <= 3; seed++ {
				j := Judge(b, JudgeOptions{Seed: seed, Komi: 6.5})
				for v, want := range tc.status {
					if got := judgeStatusAt(t, b, j, v); got != want {
						t.Errorf("seed %d: %s is %v, want %v (dead %s, seki %s)", seed, v, got, want,
							judgeVertices(9, j.Dead), judgeVertices(9, j.Seki))
					}
				}
				for _, v := range tc.open {
					if !slices.Contains(j.Unsettled, judgeParse(t, v)) {
						t.Errorf("seed %d: %s is not listed unsettled (%s)", seed, v, judgeVertices(9, j.Unsettled))
					}
				}
				for _, v := range tc.notOpen {
					if slices.Contains(j.Unsettled, judgeParse(t, v)) {
						t.Errorf("seed %d: %s is listed unsettled (%s)", seed, v, judgeVertices(9, j.Unsettled))
					}
				}
				for _, v := range tc.nobody {
					if o := j.Score.Owner[board.Index(9, judgeParse(t, v))]; o != board.Empty {
						t.Errorf("seed %d: %s counts for %v, want nobody", seed, v, o)
					}
				}
			}
		})
	}
}

// TestJudgeRaceAroundSekiWalls: the make demo of 938193d (the open case of
// engine/testdata/open). White's right group and Black's G9 G8 H8 are the
// seki of TestJudgeRace, but White's group also touches a Black group in
// seki and Black's D9 with two liberties: a fight there could change the
// race, so the reading only casts doubt. Both chains are Unknown, the
// count keeps the playouts' verdict, and G7 H9 J9 are listed for the
// operators.
func TestJudgeRaceAroundSekiWalls(t *testing.T) {
	b := judgeReadMoves(t, filepath.Join("testdata", "open", "demo-20261207-1204.sgf"))
	j := Judge(b, JudgeOptions{Seed: 1, Komi: 6.5})
	for _, v := range []string{"G9", "F9"} {
		if got := judgeStatusAt(t, b, j, v); got != Unknown {
			t.Errorf("%s is %v, want unknown", v, got)
		}
	}
	for _, v := range []string{"G7", "H9", "J9"} {
		if !slices.Contains(j.Unsettled, judgeParse(t, v)) {
			t.Errorf("%s is not listed unsettled (%s)", v, judgeVertices(9, j.Unsettled))
		}
	}
}

func judgeParse(t *testing.T, v string) board.Point {
	t.Helper()
	p, err := board.ParseGTP(9, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
