package engine

import (
	"context"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// Decision.Top lists the root moves of the search only when asked, most
// visited first, with the visits of this search and means between 0 and 1.
func TestTopMoves(t *testing.T) {
	b := gamePosition(t, "E5 C4 E3 D6")
	for _, top := range []int{0, 5} {
		e := newTestEngine(t, Options{Size: 9, Komi: 6.5, Threads: 1, Playouts: 2000, Seed: 1, TopMoves: top})
		d, err := e.GenMove(context.Background(), b, board.Black, Clock{})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Top) != top {
			t.Fatalf("TopMoves %d: %d moves listed", top, len(d.Top))
		}
		if top == 0 {
			continue
		}
		if d.Top[0].Move != d.Move {
			t.Errorf("first listed %s, chosen %s", board.GTP(9, d.Top[0].Move), board.GTP(9, d.Move))
		}
		sum := 0
		for i, m := range d.Top {
			sum += m.Visits
			if i > 0 && m.Visits > d.Top[i-1].Visits {
				t.Errorf("%s listed after a move with fewer visits", board.GTP(9, m.Move))
			}
			for _, x := range []float64{m.WinRate, m.RAVERate, m.Value} {
				if x < 0 || x > 1 {
					t.Errorf("%s: %+v out of range", board.GTP(9, m.Move), m)
				}
			}
			if m.Prior <= 0 || m.RAVEVisits <= 0 {
				t.Errorf("%s: %+v, want a prior and RAVE playouts", board.GTP(9, m.Move), m)
			}
		}
		if sum > d.Playouts {
			t.Errorf("the listed moves have %d visits, the search %d playouts", sum, d.Playouts)
		}
	}
}
