package engine

import (
	"math"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// One playout's AMAF update, with and without the distance weight: each
// child whose move its colour played first after the child's node gains
// RAVE visits, 1 + K·(L−i)/(L−d+1) for the move at index i of L seen from
// depth d, and wins in proportion for the side that won.
func TestBackupWeighsEarlyMovesInRAVE(t *testing.T) {
	tests := []struct {
		k    int
		want map[string]float32 // RAVE visits of root children (A9, C9) and of A9's children (B9, D9)
	}{
		{0, map[string]float32{"A9": 1, "C9": 1, "B9": 1, "D9": 1}},
		// Root children: L = 4, d = 0, span 3/5; A9's children: d = 1, span 3/4.
		{3, map[string]float32{"A9": 1 + 0.6*4, "C9": 1 + 0.6*2, "B9": 1 + 0.75*3, "D9": 1 + 0.75*1}},
	}
	for _, tc := range tests {
		b, _ := board.New(9)
		tr := newTree(9, 1<<chunkBits)
		tr.raveDist = float32(tc.k)
		tr.setRoot(b)
		tr.expand(0, b)
		a9 := mustGTP(t, "A9")
		ia := tr.child(0, a9)
		ab := b.Clone()
		if err := ab.Play(board.Move{Color: board.Black, Point: a9}); err != nil {
			t.Fatal(err)
		}
		tr.expand(ia, ab)
		moves := []board.Point{a9, mustGTP(t, "B9"), mustGTP(t, "C9"), mustGTP(t, "D9")}
		first := make([]amafFirst, 11*11)
		tr.backup([]int32{0, ia}, moves, 1, first) // Black won

		for v, want := range tc.want {
			parent, winner := int32(0), true
			if v == "B9" || v == "D9" {
				parent, winner = ia, false
			}
			nd := tr.at(tr.child(parent, mustGTP(t, v)))
			if math.Abs(float64(nd.raveN-want)) > 1e-5 {
				t.Errorf("K %d: %s has %v RAVE visits, want %v", tc.k, v, nd.raveN, want)
			}
			wantW := float32(0)
			if winner {
				wantW = want
			}
			if math.Abs(float64(nd.raveW-wantW)) > 1e-5 {
				t.Errorf("K %d: %s has %v RAVE wins, want %v", tc.k, v, nd.raveW, wantW)
			}
		}
		// White's moves are no root child's RAVE, nor Black's of A9's children.
		for _, v := range []string{"B9", "D9"} {
			if nd := tr.at(tr.child(0, mustGTP(t, v))); nd.raveN != 0 {
				t.Errorf("K %d: root child %s has %v RAVE visits from White's move", tc.k, v, nd.raveN)
			}
		}
		if nd := tr.at(tr.child(ia, mustGTP(t, "C9"))); nd.raveN != 0 {
			t.Errorf("K %d: A9's child C9 has %v RAVE visits from Black's move", tc.k, nd.raveN)
		}
		for _, p := range first {
			if p.color != board.Empty {
				t.Fatalf("K %d: the scratch is not left empty", tc.k)
			}
		}
	}
}
