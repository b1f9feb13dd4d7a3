package sgmp

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// playGame drives one side of a whole game over s with random legal moves
// until two consecutive passes. passAfterPeerPass makes our side answer a
// pass with a pass (to end games against GNU Go); passFrom > 0 makes us pass
// from that move number on. It returns the moves in order.
func playGame(ctx context.Context, s *Session, us board.Color, size int, seed uint64, passAfterPeerPass bool, passFrom int) ([]board.Move, error) {
	b, err := board.New(size)
	if err != nil {
		return nil, err
	}
	if h := s.opt.Handicap; h > 0 {
		// Handicap stones are not transmitted: both sides place them.
		ps, err := board.HandicapPoints(size, h)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			if err := b.Setup(board.Black, p); err != nil {
				return nil, err
			}
		}
		b.SetToMove(board.White)
	}
	r := board.NewRand(seed)
	var moves []board.Move
	passes := 0
	for passes < 2 {
		if len(moves) > 1000 {
			return moves, fmt.Errorf("game did not end after %d moves", len(moves))
		}
		var m board.Move
		if b.ToMove() == us {
			p := b.RandomMove(us, r)
			if (passAfterPeerPass && passes == 1) || (passFrom > 0 && len(moves) >= passFrom) {
				p = board.Pass
			}
			m = board.Move{Color: us, Point: p}
			if err := s.SendMove(ctx, m); err != nil {
				return moves, fmt.Errorf("move %d: send: %w", len(moves)+1, err)
			}
		} else {
			m, err = s.ReceiveMove(ctx)
			if err != nil {
				return moves, fmt.Errorf("move %d: receive: %w", len(moves)+1, err)
			}
		}
		if err := b.Play(m); err != nil {
			return moves, fmt.Errorf("move %d %s %s: %w", len(moves)+1, m.Color.Letter(), board.GTP(size, m.Point), err)
		}
		moves = append(moves, m)
		if m.Point == board.Pass {
			passes++
		} else {
			passes = 0
		}
	}
	return moves, s.Flush(ctx)
}

func movesString(size int, ms []board.Move) string {
	out := ""
	for i, m := range ms {
		if i > 0 {
			out += " "
		}
		out += m.Color.Letter() + " " + board.GTP(size, m.Point)
	}
	return out
}

// syncWriter serialises log writes into a buffer.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
