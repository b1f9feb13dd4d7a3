package engine

import (
	"path/filepath"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// Playouts hands over n finished boards and leaves the position alone.
func TestPlayoutsRunToTheEnd(t *testing.T) {
	b := board.MustNew(9)
	for _, v := range []string{"E5", "C5", "D4"} {
		p, _ := board.ParseGTP(9, v)
		if err := b.Play(board.Move{Color: b.ToMove(), Point: p}); err != nil {
			t.Fatal(err)
		}
	}
	before := b.String()
	n := 0
	Playouts(b, Options{}, 20, 1, func(end *board.Board) {
		n++
		if end.Passes() < 2 {
			t.Errorf("playout %d ended after %d passes, want 2:\n%v", n, end.Passes(), end)
		}
	})
	if n != 20 {
		t.Errorf("%d boards handed over, want 20", n)
	}
	if b.String() != before {
		t.Errorf("the position changed:\n%v\nwant\n%v", b, before)
	}
}

// TestPlayoutsEndAfterKoCycles: in this 19x19 endgame (move 245 of 19x19
// run 2, game 2) several kos stand on the board, and the playouts used to
// retake them in turn until the move cap in five playouts of six. A
// playout that has taken its share of kos takes no more, so each ends by
// two passes.
func TestPlayoutsEndAfterKoCycles(t *testing.T) {
	b := judgeReadMoves(t, filepath.Join("testdata", "endgame", "m19-run2-game2-245.sgf"))
	capped := 0
	Playouts(b, Options{}, 200, 1, func(end *board.Board) {
		if end.Passes() < 2 {
			capped++
		}
	})
	if capped > 0 {
		t.Errorf("%d of 200 playouts ran to the move cap", capped)
	}
}
