package match

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/gtp"
)

// GTPPlayer is an external GTP program (e.g. "/usr/games/gnugo --mode gtp")
// playing in place of the embedded engine: kisen becomes the bridge that
// lets any GTP engine play at an SGMP tournament.
//
// The program's board is brought in line with the referee's before every
// genmove (only the new moves are sent; after a resume or a mismatch the
// whole game is replayed), and it is told both clocks with time_left.
type GTPPlayer struct {
	name   string
	client *gtp.Client
	info   Info
	known  []board.Move // moves the program has been told, in order
}

// NewGTPPlayer wraps a started GTP client; the player closes it at End.
func NewGTPPlayer(name string, c *gtp.Client) *GTPPlayer {
	return &GTPPlayer{name: name, client: c}
}

// Name is the name given at construction.
func (p *GTPPlayer) Name() string { return p.name }

// Start sets the board size, komi, the time system and handicap stones.
func (p *GTPPlayer) Start(ctx context.Context, info Info) error {
	p.info = info
	return p.reset()
}

func (p *GTPPlayer) reset() error {
	c := p.client
	if err := c.Boardsize(p.info.Size); err != nil {
		return err
	}
	if err := c.ClearBoard(); err != nil {
		return err
	}
	if err := c.Komi(p.info.Komi); err != nil {
		return err
	}
	p.known = p.known[:0]
	if p.info.Main > 0 {
		// Sudden death: the program plans its time on the whole of it,
		// not only on the time_left before each genmove. time_settings is
		// optional in GTP: a program without it still plays.
		if err := c.TimeSettings(p.info.Main); err != nil && !errors.Is(err, gtp.ErrEngine) {
			return err
		}
	}
	if p.info.Handicap >= 2 {
		pts, err := board.HandicapPoints(p.info.Size, p.info.Handicap)
		if err != nil {
			return err
		}
		vs := make([]string, len(pts))
		for i, pt := range pts {
			vs[i] = board.GTP(p.info.Size, pt)
		}
		if _, err := c.Send(context.Background(), "set_free_handicap "+strings.Join(vs, " ")); err != nil {
			return err
		}
	}
	return nil
}

// sync tells the program the moves of b it does not know yet.
func (p *GTPPlayer) sync(b *board.Board) error {
	moves := b.Moves()
	same := len(p.known) <= len(moves)
	for i := 0; same && i < len(p.known); i++ {
		same = p.known[i] == moves[i]
	}
	if !same {
		if err := p.reset(); err != nil {
			return err
		}
	}
	for _, m := range moves[len(p.known):] {
		if err := p.client.Play(m); err != nil {
			return fmt.Errorf("telling %s move %d (%s %s): %w", p.name, len(p.known)+1, m.Color, board.GTP(b.Size(), m.Point), err)
		}
		p.known = append(p.known, m)
	}
	return nil
}

// Move brings the program's board up to date, tells it both clocks and
// asks for its move.
func (p *GTPPlayer) Move(ctx context.Context, req Request) (Action, error) {
	if err := p.sync(req.Board); err != nil {
		return Action{}, err
	}
	if req.Main > 0 {
		// time_left is optional in GTP: a program without it still plays.
		if err := p.client.TimeLeft(req.Color, req.Left); err != nil && !errors.Is(err, gtp.ErrEngine) {
			return Action{}, err
		}
		if err := p.client.TimeLeft(req.Color.Opponent(), req.OppLeft); err != nil && !errors.Is(err, gtp.ErrEngine) {
			return Action{}, err
		}
	}
	pt, resign, err := p.client.GenMove(ctx, req.Color)
	if err != nil {
		return Action{}, err
	}
	if resign {
		return Action{Resign: true}, nil
	}
	p.known = append(p.known, board.Move{Color: req.Color, Point: pt})
	return Action{Point: pt}, nil
}

// Opponent is a no-op: the moves are sent in bulk before the next genmove.
func (p *GTPPlayer) Opponent(context.Context, board.Move) error { return nil }

// End asks the program to quit.
func (p *GTPPlayer) End(context.Context, Outcome) error { return p.client.Close() }
