package sgf

import (
	"fmt"

	"github.com/kisen-go/kisen/board"
)

// MoveError is a move of a record that cannot be replayed: illegal on the
// board, or a second move of one colour in a row. Move is 1-based.
type MoveError struct {
	Move int
	Err  error
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %d: %v", e.Move, e.Err) }
func (e *MoveError) Unwrap() error { return e.Err }

// Replay plays the setup stones and the first n moves of the main line (all
// of them when n < 0 or n is past the end) on a new board. With setup
// stones and no move, White is to move (a handicap game).
func (r *Record) Replay(n int) (*board.Board, error) {
	return r.replay(n, nil)
}

// Walk replays the whole main line as Replay does, and calls fn with the
// board before each move (fn must not change it), the number of moves
// played before it and the move. It stops at the first error of fn, which
// it returns, or at a move that cannot be played (a *MoveError).
func (r *Record) Walk(fn func(i int, b *board.Board, m board.Move) error) error {
	_, err := r.replay(-1, fn)
	return err
}

// replay is Replay calling each, when not nil, before each move.
func (r *Record) replay(n int, each func(i int, b *board.Board, m board.Move) error) (*board.Board, error) {
	b, err := board.New(r.Size)
	if err != nil {
		return nil, err
	}
	for _, m := range r.Setup {
		if err := b.Setup(m.Color, m.Point); err != nil {
			return nil, fmt.Errorf("setup stone %s: %w", board.GTP(r.Size, m.Point), err)
		}
	}
	if len(r.Setup) > 0 {
		b.SetToMove(board.White)
	}
	if n < 0 || n > len(r.Nodes) {
		n = len(r.Nodes)
	}
	prev := board.Empty
	for i, nd := range r.Nodes[:n] {
		if each != nil {
			if err := each(i, b, nd.Move); err != nil {
				return nil, err
			}
		}
		if err := alternates(prev, nd.Move.Color); err != nil {
			return nil, &MoveError{Move: i + 1, Err: err}
		}
		if err := b.Play(nd.Move); err != nil {
			return nil, &MoveError{Move: i + 1, Err: err}
		}
		prev = nd.Move.Color
	}
	return b, nil
}

// alternates says why a move of colour c cannot follow one of prev: a game
// record alternates colours (a pass is a move). The first move (prev
// Empty) may be of either colour.
func alternates(prev, c board.Color) error {
	if prev != board.Empty && c == prev {
		return fmt.Errorf("%s moves twice in a row: not a valid game record", c)
	}
	return nil
}
