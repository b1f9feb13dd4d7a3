package match

import (
	"context"
	"fmt"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// ManualPlayer is the operator typing moves (the tournament fallback when
// the link fails, or a program without a link). It accepts GTP vertices
// ("D4"), "pass" and "resign", and asks again after a typo or an illegal
// move. Typing time counts on the clock, as the rules say.
type ManualPlayer struct {
	name string
	con  *Console
}

// NewManualPlayer asks for moves on the operator's console.
func NewManualPlayer(name string, con *Console) *ManualPlayer {
	return &ManualPlayer{name: name, con: con}
}

func (p *ManualPlayer) Name() string                               { return p.name }
func (p *ManualPlayer) Start(context.Context, Info) error          { return nil }
func (p *ManualPlayer) Opponent(context.Context, board.Move) error { return nil }
func (p *ManualPlayer) End(context.Context, Outcome) error         { return nil }

// Move prompts until the operator enters a legal move, pass or resign.
func (p *ManualPlayer) Move(ctx context.Context, req Request) (Action, error) {
	size := req.Board.Size()
	for {
		s, err := p.con.ReadLine(ctx, fmt.Sprintf("%s (%s) to play, move %d — e.g. D4, pass, resign: ",
			p.name, req.Color, req.Board.MoveNumber()+1))
		if err != nil {
			if ctx.Err() != nil {
				return Action{}, ctx.Err()
			}
			return Action{}, fmt.Errorf("reading the operator's move: %w", err)
		}
		switch strings.ToLower(s) {
		case "":
			continue
		case "help", "?":
			p.con.Say("type the move as a letter and a number (D4; there is no I), pass, or resign")
			continue
		case "resign":
			return Action{Resign: true}, nil
		}
		pt, err := board.ParseGTP(size, s)
		if err != nil {
			p.con.Say(fmt.Sprintf("%v; try again", err))
			continue
		}
		if err := req.Board.Check(board.Move{Color: req.Color, Point: pt}); err != nil {
			p.con.Say(fmt.Sprintf("%s: %v; try again", board.GTP(size, pt), err))
			continue
		}
		return Action{Point: pt}, nil
	}
}
