package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// Whole-board repetition. The tournament rules stop the game at a repeated
// position and hand it to the referee, so the engine does not play a move
// that recreates one while another move is at hand (the demo stopped a game
// White led by 39.5 points at move 74 this way). The search cannot see the
// game's history (its boards are history-less clones), so the check is made
// on the chosen move, at the root.

// repeats reports whether c playing p on b recreates a whole-board position
// that b's history has seen. False on a history-less board.
func repeats(b *board.Board, c board.Color, p board.Point, seen []uint64) bool {
	if p == board.Pass || len(seen) == 0 {
		return false
	}
	x := b.Clone()
	if x.Play(board.Move{Color: c, Point: p}) != nil {
		return false
	}
	return slices.Contains(seen, x.PositionHash())
}

// firstFresh returns the first of moves (in order of preference) that does
// not repeat a position, or Pass when every one does.
func firstFresh(b *board.Board, c board.Color, moves []board.Point, seen []uint64) board.Point {
	for _, p := range moves {
		if !repeats(b, c, p, seen) {
			return p
		}
	}
	return board.Pass
}

// fresh replaces d's move, when it recreates a position in seen, by the
// most visited root move that does not.
func (t *tree) fresh(d Decision, root *board.Board, c board.Color, seen []uint64) Decision {
	if repeats(root, c, d.Move, seen) {
		d.Move = firstFresh(root, c, t.rootByVisits(), seen)
		d.PV = []board.Point{d.Move}
	}
	return d
}

// rootByVisits lists the root's moves, most visited first.
func (t *tree) rootByVisits() []board.Point {
	r := t.at(0)
	kids := make([]node, 0, r.nChild)
	for k := r.child; k < r.child+r.nChild; k++ {
		kids = append(kids, *t.at(k))
	}
	slices.SortStableFunc(kids, func(a, b node) int {
		switch {
		case a.visits > b.visits:
			return -1
		case a.visits < b.visits:
			return 1
		}
		return 0
	})
	out := make([]board.Point, len(kids))
	for i, k := range kids {
		out[i] = k.move
	}
	return out
}
