package sgmp

// STAND-IN, to be deleted when the session's rewrite lands: it adds the
// real link status API (Condition, Status, Session.Status, Status.Line,
// ErrPeerTrouble) that the displays are built against. Status here is
// derived from State and Err only, without timing or resend counts.

import (
	"errors"
	"fmt"
	"time"

	"github.com/kisen-go/kisen/board"
)

// ErrPeerTrouble marks errors where the peer misbehaves rather than the
// line failing: it restarted, moved out of turn, disagrees on the size or
// stopped answering.
var ErrPeerTrouble = errors.New("sgmp: peer trouble")

// Condition is the link's state in one word.
type Condition int

const (
	CondIdle Condition = iota
	CondListening
	CondHandshaking
	CondReady
	CondWaitingAck
	CondPeerRestarted
	CondPeerConfused
	CondEnded
	CondDown
)

// Status is the link's state for a display.
type Status struct {
	Cond      Condition
	Since     time.Time // when Cond began
	Waiting   string    // e.g. "MOVE D4"
	Resends   int
	LastHeard time.Time
	Detail    string
	Err       error
}

// Status returns the link's state now.
func (s *Session) Status() Status {
	if err := s.Err(); err != nil {
		return Status{Cond: CondDown, Err: err}
	}
	s.mu.Lock()
	hs, over, st := s.hsDone, s.over, s.pub
	s.mu.Unlock()
	switch {
	case over:
		return Status{Cond: CondEnded}
	case !hs && s.opt.Color == board.White:
		return Status{Cond: CondListening}
	case !hs:
		return Status{Cond: CondHandshaking}
	case st.Unacked != nil:
		return Status{Cond: CondWaitingAck, Waiting: st.Unacked.Cmd.String()}
	}
	return Status{Cond: CondReady}
}

// Line says the state in words, with the time it has lasted.
func (st Status) Line(now time.Time) string {
	el := ""
	if !st.Since.IsZero() {
		el = fmt.Sprintf(" (%d s", int(now.Sub(st.Since)/time.Second))
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
		return "ok"
	case CondWaitingAck:
		return "waiting for the OK of " + st.Waiting + el
	case CondPeerRestarted:
		return "peer restarted: " + st.Detail + el
	case CondPeerConfused:
		return "peer out of step: " + st.Detail + el
	case CondEnded:
		return "game over"
	case CondDown:
		if st.Err != nil {
			return "DOWN: " + st.Err.Error()
		}
		return "DOWN"
	}
	return "idle"
}
