package engine

import (
	"errors"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// wallsPosition is a 9x9 board cut in three: Black's wall on column D
// owns A–C, White's on F owns G–J, and column E between them is open.
func wallsPosition(t *testing.T) *board.Board {
	t.Helper()
	rows := make([]string, 9)
	for i := range rows {
		rows[i] = "...X.O..."
	}
	return engineRows(t, rows...)
}

// The playouts give each side its walled area, and the ownership prior
// marks a point of the mover's sure area and one of the opponent's
// with their buckets' strengths, for either mover; an open point is
// left near an even strength.
func TestOwnershipBuckets(t *testing.T) {
	b := wallsPosition(t)
	b.SetToMove(board.Black)
	o := ownership(b, Options{Size: 9}, 400, 2, 7)
	for _, tc := range []struct {
		c    board.Color
		v    string
		want float32
	}{
		{board.Black, "B5", ownerGamma[ownerBuckets-1]}, // its own area
		{board.Black, "H5", ownerGamma[0]},              // White's
		{board.White, "H5", ownerGamma[ownerBuckets-1]},
		{board.White, "B5", ownerGamma[0]},
	} {
		if got := o.of(tc.c, 9, mustGTP(t, tc.v)); got != tc.want {
			t.Errorf("%v at %s: strength %.3f, want %.3f", tc.c, tc.v, got, tc.want)
		}
	}
	if got := o.of(board.Black, 9, mustGTP(t, "E5")); got < 0.6 {
		t.Errorf("Black at the open E5: strength %.3f, want an open point's (0.6 or more)", got)
	}
}

// With the ownership prior, the learned priors of a move in the
// opponent's sure area fall and those of an open point do not.
func TestOwnershipPriorReachesPriors(t *testing.T) {
	b := wallsPosition(t)
	b.SetToMove(board.Black)
	e, err := New(Options{Size: 9, Threads: 2, Seed: 3, OwnerPlayouts: 400})
	if err != nil {
		t.Fatal(err)
	}
	ps := e.opt.priorSet(e.model)
	without := priors(b, nil, nil, ps)
	e.mu.Lock()
	ts := e.searchTrees(b, nil, board.Black)
	e.mu.Unlock()
	if ts[0].priors.owner == nil {
		t.Fatal("the search's tree has no ownership prior")
	}
	with := priors(b, nil, nil, ts[0].priors)
	mean := func(k node) float32 { return k.wins / k.visits }
	// A new root grows its children after the ownership playouts, so they
	// carry the prior too.
	h5 := mustGTP(t, "H5")
	if got, want := mean(*ts[0].at(ts[0].child(0, h5))), mean(priorOf(t, 9, with, "H5")); got != want {
		t.Errorf("the root's child H5: prior %.3f, want the ownership prior's %.3f", got, want)
	}
	if w, wo := mean(priorOf(t, 9, with, "H5")), mean(priorOf(t, 9, without, "H5")); w >= wo {
		t.Errorf("H5 in White's area: prior %.3f with the ownership prior, %.3f without; want lower", w, wo)
	}
	if w, wo := mean(priorOf(t, 9, with, "E5")), mean(priorOf(t, 9, without, "E5")); w < wo {
		t.Errorf("the open E5: prior %.3f with the ownership prior, %.3f without; want no lower", w, wo)
	}
}

func TestValidateOwnerPlayouts(t *testing.T) {
	for _, n := range []int{-1, 1, MinOwnerPlayouts - 1, MaxOwnerPlayouts + 1} {
		if err := (Options{Size: 9, OwnerPlayouts: n}).Validate(); !errors.Is(err, ErrBadOptions) {
			t.Errorf("OwnerPlayouts %d: %v, want ErrBadOptions", n, err)
		}
	}
	if err := (Options{Size: 9, OwnerPlayouts: 500, TreePerThread: true}).Validate(); !errors.Is(err, ErrBadOptions) {
		t.Errorf("OwnerPlayouts with TreePerThread: %v, want ErrBadOptions", err)
	}
	for _, n := range []int{0, MinOwnerPlayouts, MaxOwnerPlayouts} {
		if err := (Options{Size: 9, OwnerPlayouts: n}).Validate(); err != nil {
			t.Errorf("OwnerPlayouts %d: %v", n, err)
		}
	}
}
