package engine

import (
	"cmp"
	"slices"

	"github.com/kisen-go/kisen/board"
)

// Whole-board repetition. The tournament rules stop the game at a repeated
// position and hand it to the referee, so the engine does not play a move
// that recreates one while another move is at hand (the demo stopped a game
// White led by 39.5 points at move 74 this way). The search cannot see the
// game's history (its boards are history-less clones), so the check is made
// on the chosen move, at the root, against the caller's board
// (board.WouldRepeat).

// firstFresh returns the first of moves (in order of preference) that c
// can play on b without repeating a position, or Pass when every one does.
func firstFresh(b *board.Board, c board.Color, moves []board.Point) board.Point {
	for _, p := range moves {
		if !b.WouldRepeat(board.Move{Color: c, Point: p}) {
			return p
		}
	}
	return board.Pass
}

// fresh replaces d's move, when it recreates a position of the game on b,
// by the most visited root move that does not.
func (t *tree) fresh(d Decision, b *board.Board, c board.Color) Decision {
	if b.WouldRepeat(board.Move{Color: c, Point: d.Move}) {
		d.Move = firstFresh(b, c, t.rootByVisits())
		d.PV = []board.Point{d.Move}
	}
	return d
}

// rootByVisits lists the root's moves, most visited first, by the
// search's own visits as decide counts them.
func (t *tree) rootByVisits() []board.Point {
	r := t.at(0)
	kids := make([]node, 0, r.nChild)
	for k := r.child; k < r.child+r.nChild; k++ {
		kids = append(kids, *t.at(k))
	}
	slices.SortStableFunc(kids, func(a, b node) int { return cmp.Compare(searched(&b), searched(&a)) })
	out := make([]board.Point, len(kids))
	for i, k := range kids {
		out[i] = k.move
	}
	return out
}
