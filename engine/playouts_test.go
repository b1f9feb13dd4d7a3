package engine

import (
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
	Playouts(b, 20, 1, func(end *board.Board) {
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
