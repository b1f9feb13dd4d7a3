package engine

import "github.com/kisen-go/kisen/board"

// bookMove is the opening book: one entry. On an empty 9x9 board Black
// plays tengen (E5), the first move of nearly every strong 9x9 game. Left
// to the search, the first move is a coin toss among points that all win
// about half the playouts (strength.md, run 15).
func bookMove(b *board.Board, c board.Color) (board.Point, bool) {
	if b.Size() != 9 || c != board.Black || b.EmptyCount() != 81 || b.MoveNumber() != 0 {
		return board.Pass, false
	}
	return board.At(9, 4, 4), true
}
