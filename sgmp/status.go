package sgmp

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
)

// ErrPeerTrouble marks errors where the peer misbehaves rather than the
// line failing: it restarted, moved out of turn or sent a move that cannot
// be on our board. The session stays up: the operator may keep waiting.
var ErrPeerTrouble = errors.New("sgmp: peer trouble")

// Condition is the link's state in one word.
type Condition int

const (
	CondIdle          Condition = iota
	CondListening               // White, waiting for Black's NEWGAME
	CondHandshaking             // agreeing on the game
	CondReady                   // nothing outstanding
	CondWaitingAck              // our command sent, its OK not yet here
	CondPeerSilent              // our command resent and nothing heard since
	CondPeerRestarted           // NEWGAME during the game
	CondPeerConfused            // a move out of turn, before the game, off the board
	CondEnded                   // the game is over or we closed the link
	CondDown                    // the line failed
)

// Status is the link's state for a display.
type Status struct {
	Cond      Condition
	Since     time.Time // when Cond began (for CondPeerSilent: the last byte heard)
	Waiting   string    // the command waiting for its OK, e.g. "MOVE D4"
	Resends   int
	LastHeard time.Time // the last valid packet from the peer (zero: none yet)
	Detail    string
	Err       error
}

// Line says the state in words, with the time it has lasted.
func (st Status) Line(now time.Time) string {
	el := ""
	if !st.Since.IsZero() {
		el = " (" + elapsed(now.Sub(st.Since))
		if st.Resends > 0 {
			el += fmt.Sprintf(", resent %d×", st.Resends)
		}
		el += ")"
	}
	switch st.Cond {
	case CondListening:
		return "listening" + el
	case CondHandshaking:
		return "starting the game" + el
	case CondReady:
		if st.Detail != "" && !st.LastHeard.IsZero() && now.Sub(st.LastHeard) >= time.Minute {
			// A dead peer and a thinking one look alike on a serial line:
			// say how long it has been, the operator knows the engine.
			return fmt.Sprintf("ok — %s (nothing heard for %s)", st.Detail, clock(now.Sub(st.LastHeard)))
		}
		return "ok"
	case CondWaitingAck:
		return "waiting for the OK of " + st.Waiting + el
	case CondPeerSilent:
		return fmt.Sprintf("peer silent %s (%s not acknowledged, resent %d×)", clock(now.Sub(st.Since)), st.Waiting, st.Resends)
	case CondPeerRestarted:
		return "peer restarted: " + st.Detail + el
	case CondPeerConfused:
		return "peer out of step: " + st.Detail + el
	case CondEnded:
		return "game over"
	case CondDown:
		switch {
		case st.Detail != "":
			return "DOWN: " + st.Detail
		case st.Err != nil:
			return "DOWN: " + strings.TrimPrefix(st.Err.Error(), ErrLinkDown.Error()+": ")
		}
		return "DOWN"
	}
	return "idle"
}

// elapsed is "12 s" under a minute, else m:ss.
func elapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d s", int(d/time.Second))
	}
	return clock(d)
}

func clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Brief says a link or peer error in a few words for the operator's
// screen; the whole chain belongs in the log file.
func Brief(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrPeerTrouble):
		msg := err.Error()
		if i := strings.Index(msg, ErrPeerTrouble.Error()+": "); i >= 0 {
			return "the peer " + msg[i+len(ErrPeerTrouble.Error())+2:]
		}
		return msg
	case errors.Is(err, ErrLinkDown):
		if d := downDetail(err); d != "" {
			return d
		}
		msg := err.Error()
		if i := strings.Index(msg, ErrLinkDown.Error()+": "); i >= 0 {
			return msg[i+len(ErrLinkDown.Error())+2:]
		}
		return msg
	}
	return err.Error()
}

// downDetail is the cause of a failure in a few words: every carrier
// reports a hang-up as ErrPortClosed or io.EOF.
func downDetail(err error) string {
	switch {
	case errors.Is(err, ErrPortClosed), errors.Is(err, io.EOF):
		return "cable pulled or peer gone"
	case errors.Is(err, errUnanswered):
		return "the peer stopped answering"
	}
	return ""
}

// Status returns the link's state now.
func (s *Session) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.pub.status
	switch {
	case s.closedByUs:
		st = Status{Cond: CondEnded, LastHeard: st.LastHeard}
	case s.err != nil:
		st = Status{Cond: CondDown, Err: s.err, Detail: downDetail(s.err), LastHeard: st.LastHeard, Since: s.failedAt}
	case s.over:
		st = Status{Cond: CondEnded, LastHeard: st.LastHeard}
	}
	return st
}

// trouble is a peer misbehaviour the status shows until the next good move.
type trouble struct {
	cond   Condition
	detail string
	since  time.Time
}

// status derives the state from the loop's own; publish stores it,
// holding mu.
func (s *Session) status(prev Status) Status {
	l := &s.l
	st := Status{Cond: CondReady, LastHeard: l.heard}
	switch {
	case s.trouble.cond != CondIdle:
		st.Cond, st.Detail, st.Since = s.trouble.cond, s.trouble.detail, s.trouble.since
		return st
	case !s.hs.done() && s.opt.Color == board.White && s.hs.phase <= phaseWhiteWaitNewGame && !s.hs.pendingNewGame:
		st.Cond = CondListening
	case !s.hs.done():
		st.Cond = CondHandshaking
	case l.unacked != nil && l.resends > 0 && !l.heard.After(l.sentAt):
		st.Cond, st.Waiting, st.Resends = CondPeerSilent, l.describe(*l.unacked), l.resends
		st.Since = l.heard
		if st.Since.IsZero() {
			st.Since = s.started
		}
		return st
	case l.unacked != nil:
		st.Cond, st.Waiting, st.Resends, st.Since = CondWaitingAck, l.describe(*l.unacked), l.resends, l.sentAt
		return st
	}
	if s.moves > 0 && !s.peerMovedLast && !s.over {
		st.Detail = "the peer is thinking"
	}
	st.Since = prev.Since
	if prev.Cond != st.Cond || prev.Since.IsZero() {
		st.Since = time.Now()
	}
	return st
}
