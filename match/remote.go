package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
)

// RemotePlayer is the other program, at the far end of an SGMP link. Its
// moves arrive over the link; ours are sent to it in Opponent.
type RemotePlayer struct {
	name    string
	sess    *sgmp.Session
	resumed bool
}

// NewRemotePlayer wraps an SGMP session. resumed says the session was
// created from a journaled link state: no handshake then.
func NewRemotePlayer(name string, s *sgmp.Session, resumed bool) *RemotePlayer {
	return &RemotePlayer{name: name, sess: s, resumed: resumed}
}

func (p *RemotePlayer) Name() string { return p.name }

// Start runs the protocol handshake, unless the game is resumed with a
// journaled link state (the session was created with it).
func (p *RemotePlayer) Start(ctx context.Context, info Info) error {
	if p.resumed {
		return nil
	}
	return linkErr(p.sess.Handshake(ctx))
}

// Move waits for the remote program's move.
func (p *RemotePlayer) Move(ctx context.Context, req Request) (Action, error) {
	m, err := p.sess.ReceiveMove(ctx)
	if err != nil {
		return Action{}, linkErr(err)
	}
	return Action{Point: m.Point}, nil
}

// Opponent sends our move over the link.
func (p *RemotePlayer) Opponent(ctx context.Context, m board.Move) error {
	return linkErr(p.sess.SendMove(ctx, m))
}

// End waits briefly for the last move's acknowledgement.
func (p *RemotePlayer) End(ctx context.Context, o Outcome) error {
	ctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	return linkErr(p.sess.Flush(ctx))
}

// LinkStatus is one line for the display.
func (p *RemotePlayer) LinkStatus() string { return p.sess.Status().Line(time.Now()) }

// Commit acknowledges the move just journaled: journal first, then OK.
func (p *RemotePlayer) Commit(ctx context.Context) error { return linkErr(p.sess.Commit(ctx)) }

// LinkState is journaled after every move.
func (p *RemotePlayer) LinkState() any { return p.sess.State() }

func linkErr(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if errors.Is(err, sgmp.ErrLinkDown) || errors.Is(err, sgmp.ErrPeerTrouble) {
		return fmt.Errorf("%w: %w", ErrLink, err)
	}
	return err
}
