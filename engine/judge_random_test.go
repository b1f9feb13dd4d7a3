package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// TestJudgeRandomBoards: the judge and its readings end on positions no
// game reaches (random stones, dense and sparse, on small boards), and
// every stone gets a status.
func TestJudgeRandomBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(78, 1))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		size := []int{5, 7, 9}[i%3]
		b := board.MustNew(size)
		fill := 0.3 + 0.6*r.Float64()
		for _, p := range board.AllPoints(size) {
			if r.Float64() >= fill {
				continue
			}
			c := board.Black
			if r.IntN(2) == 1 {
				c = board.White
			}
			if b.Legal(c, p) {
				b.PlayLegal(c, p)
			}
		}
		j := Judge(b, JudgeOptions{Seed: uint64(i), Playouts: 50, Komi: 6.5})
		for _, p := range board.AllPoints(size) {
			if b.At(p) != board.Empty {
				if _, ok := j.Status[p]; !ok {
					t.Fatalf("board %d: %s has no status", i, board.GTP(size, p))
				}
			}
		}
	}
}
