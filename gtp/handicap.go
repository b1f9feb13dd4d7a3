package gtp

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// Handicap stones (GTP §4.1) are placed for Black on an empty board, out
// of the move history, and White moves next.

// maxFreeHandicap is the most stones place_free_handicap places: GTP
// §4.1.2 lets an engine place fewer than asked when more cannot matter,
// and kisen knows only the nine fixed points.
const maxFreeHandicap = 9

func (s *Server) fixedHandicap(_ context.Context, args []string) (string, error) {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", errors.New("syntax error: fixed_handicap wants a number")
	}
	ps, err := board.HandicapPoints(s.b.Size(), n)
	if err != nil || n < 2 {
		return "", invalidStones(n, err)
	}
	return s.placeHandicap(ps)
}

// placeFreeHandicap is kisen's choice of handicap: the fixed points.
func (s *Server) placeFreeHandicap(_ context.Context, args []string) (string, error) {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", errors.New("syntax error: place_free_handicap wants a number")
	}
	size := s.b.Size()
	if n < 2 || n > size*size-1 {
		return "", invalidStones(n, nil)
	}
	ps, err := board.HandicapPoints(size, min(n, maxFreeHandicap))
	if err != nil {
		return "", invalidStones(n, err)
	}
	return s.placeHandicap(ps)
}

func (s *Server) setFreeHandicap(_ context.Context, args []string) (string, error) {
	size := s.b.Size()
	if len(args) > size*size-1 {
		return "", errors.New("bad vertex list: more stones than the board has points less one")
	}
	seen := map[board.Point]bool{}
	ps := make([]board.Point, 0, len(args))
	for _, a := range args {
		p, err := board.ParseGTP(size, a)
		if err != nil || p == board.Pass || seen[p] {
			return "", fmt.Errorf("bad vertex list: %q is not a free point", a)
		}
		seen[p] = true
		ps = append(ps, p)
	}
	_, err := s.placeHandicap(ps)
	return "", err
}

func invalidStones(n int, why error) error {
	if why != nil {
		return fmt.Errorf("invalid number of stones: %v", why)
	}
	return fmt.Errorf("invalid number of stones: %d", n)
}

// placeHandicap puts Black stones on ps of an empty board, all or none,
// and answers their vertices.
func (s *Server) placeHandicap(ps []board.Point) (string, error) {
	if !s.emptyBoard() {
		return "", errors.New("board not empty")
	}
	size := s.b.Size()
	b := board.MustNew(size)
	vs := make([]string, len(ps))
	for i, p := range ps {
		if err := b.Setup(board.Black, p); err != nil {
			return "", fmt.Errorf("bad vertex list: %v", err)
		}
		vs[i] = board.GTP(size, p)
	}
	b.SetToMove(board.White)
	s.b = b
	return strings.Join(vs, " "), nil
}

// emptyBoard: no stone on the board and no move played.
func (s *Server) emptyBoard() bool {
	if len(s.b.Moves()) > 0 {
		return false
	}
	for _, p := range board.AllPoints(s.b.Size()) {
		if s.b.At(p) != board.Empty {
			return false
		}
	}
	return true
}
