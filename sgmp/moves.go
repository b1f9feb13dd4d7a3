package sgmp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kisen-go/kisen/board"
)

// ErrGameOver is returned by ReceiveMove once two passes ended the game and
// every move has been delivered.
var ErrGameOver = errors.New("sgmp: the game is over (two passes)")

// UndoError is returned by ReceiveMove when the peer asked to take back N
// half-moves and Options.AllowUndo accepted it.
type UndoError struct{ N int }

func (e *UndoError) Error() string { return fmt.Sprintf("sgmp: the peer took back %d half-moves", e.N) }

// rxItem is a received move, or a notice for the player waiting for one.
type rxItem struct {
	m   board.Move
	err error
}

// maxPending bounds moves received but not yet taken by ReceiveMove.
const maxPending = 1024

// SendMove queues our move and returns when it has been written (not when
// it is acknowledged: resends and the OK are the loop's business). The
// colour bit comes from m.Color.
func (s *Session) SendMove(ctx context.Context, m board.Move) error {
	if m.Point != board.Pass && !board.ValidPoint(s.opt.Size, m.Point) {
		return fmt.Errorf("sgmp: move %v is not on the %dx%d board", m.Point, s.opt.Size, s.opt.Size)
	}
	v := uint16(board.SGMP(s.opt.Size, m.Point))
	if m.Color == board.White {
		v |= moveWhite
	}
	written := make(chan error, 1)
	err := s.do(ctx, func() error {
		if err := s.l.enqueue(outgoing{p: Packet{Cmd: Move, Value: v}, written: written}); err != nil {
			written <- err
			return nil
		}
		s.peerMovedLast = false
		s.countMove(m, "tx")
		return s.l.pump()
	})
	if err != nil {
		return err
	}
	select {
	case err := <-written:
		return err
	case <-s.done:
		select {
		case err := <-written:
			return err
		default:
		}
		return s.linkErr()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ReceiveMove blocks for the peer's next move. Its colour is the peer's
// colour (GNU Go's colour bit is not trusted). Moves received before a link
// failure are still delivered; then the failure is returned. An error
// wrapping ErrPeerTrouble leaves the session up: the caller may call
// ReceiveMove again to keep waiting.
func (s *Session) ReceiveMove(ctx context.Context) (board.Move, error) {
	var it rxItem
	err := s.wait(ctx, func() bool {
		if len(s.items) > 0 {
			it = s.items[0]
			s.items = s.items[1:]
			return true
		}
		return s.over
	})
	if err != nil {
		return board.Move{}, err
	}
	if it == (rxItem{}) {
		return board.Move{}, ErrGameOver
	}
	return it.m, it.err
}

// Commit sends the OK for the peer's last move. With Options.HoldOK the
// OK waits for it, so that the move is in the journal before the peer
// learns it arrived: a crash in between makes the peer resend it. Without
// HoldOK, or with nothing owed, it does nothing.
func (s *Session) Commit(ctx context.Context) error {
	return s.do(ctx, func() error {
		if !s.opt.HoldOK || !s.l.owed || !s.hs.done() {
			return nil
		}
		return s.l.ok()
	})
}

// onMove takes the peer's MOVE, or refuses it without touching the
// sequence bits when it cannot belong to the game: before the handshake
// (a stale packet left in the line) or out of turn. A refused move is not
// acknowledged; the status shows it.
func (s *Session) onMove(p Packet) error {
	if s.hs.phase == phaseWhiteWaitPeerRound {
		s.finishHandshake() // GMP Black may start without its own round
	}
	desc := s.l.describe(p)
	switch {
	case !s.hs.done():
		s.log.Warn().Str("pkt", p.String()).Msg("sgmp: a MOVE before the game started (stale packet?); ignored")
		s.trouble = trouble{cond: CondPeerConfused, detail: desc + " before the game started; ignored", since: time.Now()}
		return nil
	case s.peerMovedLast && !s.overNow():
		s.peerTrouble(CondPeerConfused, fmt.Sprintf("%s out of turn (it is our move); not accepted", desc), false)
		return nil
	}
	s.l.take(p)
	// Deliver before acknowledging: a move that arrived is kept even if
	// the OK can no longer be written.
	if err := s.deliverMove(p.Value); err != nil {
		return err
	}
	if s.opt.HoldOK {
		return nil // the OK goes out on Commit, once the move is journaled
	}
	return s.l.ok()
}

func (s *Session) onUndo(p Packet) error {
	s.l.take(p)
	if !s.opt.AllowUndo {
		s.log.Info().Uint16("n", p.Value).Msg("sgmp: UNDO denied (policy)")
		return s.l.command(outgoing{p: Packet{Cmd: Deny}})
	}
	if err := s.l.ok(); err != nil {
		return err
	}
	s.passes = 0
	return s.deliver(rxItem{err: &UndoError{N: int(p.Value)}})
}

func (s *Session) overNow() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.over
}

func (s *Session) deliverMove(v uint16) error {
	c := s.opt.Color.Opponent()
	pt, err := board.FromSGMP(s.opt.Size, int(v&0x1FF))
	if s.overNow() {
		s.log.Debug().Str("move", board.GTP(s.opt.Size, pt)).Msg("sgmp: move after the game ended; acknowledged and ignored")
		return nil
	}
	if err != nil {
		s.peerTrouble(CondPeerConfused, fmt.Sprintf("sent MOVE value %d, which is not on our %dx%d board: board size mismatch? check both programs' size",
			v&0x1FF, s.opt.Size, s.opt.Size), true)
		return nil
	}
	s.trouble = trouble{}
	s.troubleSent = false
	s.peerMovedLast = true
	// Deliver before counting: the second pass marks the game over, and a
	// ReceiveMove woken by that must find the pass already queued.
	m := board.Move{Color: c, Point: pt}
	if err := s.deliver(rxItem{m: m}); err != nil {
		return err
	}
	s.countMove(m, "rx")
	return nil
}

// peerTrouble shows a misbehaving peer and, if tell, hands the player
// waiting for a move an error wrapping ErrPeerTrouble, once per episode.
func (s *Session) peerTrouble(c Condition, detail string, tell bool) {
	s.log.Warn().Msg("sgmp: peer " + detail)
	if s.trouble.cond != c || s.trouble.detail != detail {
		s.trouble = trouble{cond: c, detail: detail, since: time.Now()}
	}
	if tell && !s.troubleSent {
		s.troubleSent = true
		// A full queue fails the link, which the player learns anyway.
		_ = s.deliver(rxItem{err: fmt.Errorf("%w: %s", ErrPeerTrouble, detail)})
	}
}

// countMove logs a move and tracks the two passes that end the game.
func (s *Session) countMove(m board.Move, dir string) {
	verb := "received"
	if dir == "tx" {
		verb = "sent"
	}
	s.log.Info().Str("dir", dir).Str("color", m.Color.Letter()).Str("move", board.GTP(s.opt.Size, m.Point)).
		Msgf("%s %s %s", verb, m.Color, board.GTP(s.opt.Size, m.Point))
	s.moves++
	if m.Point == board.Pass {
		s.passes++
	} else {
		s.passes = 0
	}
	if s.passes >= 2 {
		s.mu.Lock()
		s.over = true
		s.wakeLocked()
		s.mu.Unlock()
	}
}

// deliver queues a move or an error for the player and publishes the
// status with it, in one step, so that a player woken by the item reads
// the status that goes with it (a peer's trouble, or its end).
func (s *Session) deliver(it rxItem) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.publishLocked()
	defer s.wakeLocked()
	if len(s.items) >= maxPending {
		return fmt.Errorf("%w: the peer sent %d moves nobody took; it is not following the protocol", ErrLinkDown, maxPending)
	}
	s.items = append(s.items, it)
	return nil
}

// describe is a packet's meaning for the trace and the status, moves as
// GTP vertices.
func (s *Session) describe(p Packet) string {
	switch p.Cmd {
	case Move:
		pt, err := board.FromSGMP(s.opt.Size, int(p.Value&0x1FF))
		c := "B"
		if p.Value&moveWhite != 0 {
			c = "W"
		}
		if err != nil {
			return fmt.Sprintf("MOVE %s ?%d", c, p.Value&0x1FF)
		}
		return fmt.Sprintf("MOVE %s %s", c, board.GTP(s.opt.Size, pt))
	case OK:
		return "OK"
	case Query:
		return fmt.Sprintf("QUERY %s(%d)", queryName(p.Value), p.Value)
	}
	return fmt.Sprintf("%v %d", p.Cmd, p.Value)
}
