package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// ManualPlayer is the operator typing moves (the tournament fallback when
// the link fails, or a program without a link). It accepts GTP vertices
// ("D4"), "pass" and "resign", and asks again after a typo or an illegal
// move. Typing time counts on the clock, as the rules say.
type ManualPlayer struct {
	name  string
	lines chan lineOrErr
	out   io.Writer
}

type lineOrErr struct {
	s   string
	err error
}

// NewManualPlayer reads the operator's lines from in and prompts on out.
// One goroutine reads in for the player's lifetime, so a cancelled prompt
// does not lose the next line.
func NewManualPlayer(name string, in io.Reader, out io.Writer) *ManualPlayer {
	p := &ManualPlayer{name: name, lines: make(chan lineOrErr), out: out}
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 1024), 1024)
		for sc.Scan() {
			p.lines <- lineOrErr{s: sc.Text()}
		}
		err := sc.Err()
		if err == nil {
			err = io.EOF
		}
		p.lines <- lineOrErr{err: err}
		close(p.lines)
	}()
	return p
}

func (p *ManualPlayer) Name() string                               { return p.name }
func (p *ManualPlayer) Start(context.Context, Info) error          { return nil }
func (p *ManualPlayer) Opponent(context.Context, board.Move) error { return nil }
func (p *ManualPlayer) End(context.Context, Outcome) error         { return nil }

// Move prompts until the operator enters a legal move, pass or resign.
func (p *ManualPlayer) Move(ctx context.Context, req Request) (Action, error) {
	size := req.Board.Size()
	for {
		fmt.Fprintf(p.out, "%s to play (move %d), e.g. D4, pass, resign: ", req.Color, req.Board.MoveNumber()+1)
		var l lineOrErr
		var ok bool
		select {
		case <-ctx.Done():
			return Action{}, ctx.Err()
		case l, ok = <-p.lines:
		}
		if !ok || l.err != nil {
			return Action{}, fmt.Errorf("reading the operator's move: %w", l.err)
		}
		s := strings.TrimSpace(l.s)
		switch strings.ToLower(s) {
		case "":
			continue
		case "resign":
			return Action{Resign: true}, nil
		}
		pt, err := board.ParseGTP(size, s)
		if err != nil {
			fmt.Fprintf(p.out, "%v; try again\n", err)
			continue
		}
		if err := req.Board.Check(board.Move{Color: req.Color, Point: pt}); err != nil {
			fmt.Fprintf(p.out, "%v; try again\n", err)
			continue
		}
		return Action{Point: pt}, nil
	}
}
