package sgmp

import (
	"encoding/hex"

	"errors"
	"fmt"
	"github.com/kisen-go/kisen/board"
	"io"
	"time"
)

// ErrLinkDown is wrapped by every error that means the link is gone: resends
// exhausted, the port hung up (EOF), or a read or write failed.
var ErrLinkDown = errors.New("sgmp link down")

// LinkState is what a journal needs to resume the link after a crash
// without a new handshake: both sequence bits and the command still waiting
// for its acknowledgement (resent on resume).
type LinkState struct {
	My      uint8   `json:"my"`
	His     uint8   `json:"his"`
	Unacked *Packet `json:"unacked,omitempty"`
	Started bool    `json:"started"`
}

// maxQueue bounds our own commands waiting behind the outstanding one.
const maxQueue = 32

// outgoing is one of our commands with the channel told when it is first
// written (nil if nobody waits).
type outgoing struct {
	p       Packet
	written chan error
}

// send writes one packet and traces it. Only the loop goroutine calls it.
func (s *Session) send(p Packet) error {
	b := p.Bytes()
	s.log.Trace().Str("dir", "tx").Str("pkt", s.describe(p)).
		Uint8("s", p.Seq).Uint8("a", p.Ack).Str("hex", hex.EncodeToString(b[:])).Msg("sgmp")
	if _, err := s.rw.Write(b[:]); err != nil {
		return fmt.Errorf("%w: write: %w", ErrLinkDown, err)
	}
	return nil
}

// sendOK acknowledges the peer's last accepted command. OK never toggles
// our sequence bit.
func (s *Session) sendOK() error {
	return s.send(Packet{Seq: s.my, Ack: s.his, Cmd: OK, Value: okValue})
}

// sendCommand toggles our bit and sends c as the outstanding command. The
// caller has checked that nothing is outstanding.
func (s *Session) sendCommand(o outgoing) error {
	s.my ^= 1
	o.p.Seq, o.p.Ack = s.my, s.his
	p := o.p
	s.unacked = &p
	s.resends = 0
	s.crossings = 0
	s.armTimer()
	s.publish()
	err := s.send(p)
	if o.written != nil {
		o.written <- err
	}
	return err
}

// enqueue puts one of our commands behind the outstanding one.
func (s *Session) enqueue(o outgoing) error {
	if len(s.queue) >= maxQueue {
		return fmt.Errorf("sgmp: %d commands already queued behind an unacknowledged %v; the peer is not answering", len(s.queue), s.unacked.Cmd)
	}
	s.queue = append(s.queue, o)
	return nil
}

// pump sends the next queued command if nothing is outstanding.
func (s *Session) pump() error {
	if s.unacked != nil || len(s.queue) == 0 {
		return nil
	}
	o := s.queue[0]
	s.queue = s.queue[1:]
	return s.sendCommand(o)
}

// armTimer (re)starts the resend timer; it runs on our clock only, so a
// silent peer still gets our resends.
func (s *Session) armTimer() {
	if s.timer == nil {
		s.timer = time.NewTimer(s.resendTimeout)
		return
	}
	s.timer.Stop()
	s.timer.Reset(s.resendTimeout)
}

// resend is called when the resend timer fires.
func (s *Session) resend() error {
	if s.unacked == nil {
		return nil
	}
	s.resends++
	if s.resends > s.maxResends {
		return fmt.Errorf("%w: no acknowledgement of %v after %d resends %v apart", ErrLinkDown, s.unacked.Cmd, s.maxResends, s.resendTimeout)
	}
	s.log.Debug().Int("resend", s.resends).Str("pkt", s.describe(*s.unacked)).Msg("sgmp resend")
	s.armTimer()
	return s.send(*s.unacked)
}

// acked marks the outstanding command acknowledged (explicitly or by a
// following command of the peer) and lets the handshake react.
func (s *Session) acked(explicit bool) error {
	p := *s.unacked
	s.unacked = nil
	s.resends = 0
	s.crossings = 0
	if s.timer != nil {
		s.timer.Stop()
	}
	s.publish()
	return s.onAcked(p, explicit)
}

// receive handles one decoded packet: acknowledgements, duplicates,
// crossings, then the command itself.
func (s *Session) receive(p Packet, raw [4]byte) error {
	s.log.Trace().Str("dir", "rx").Str("pkt", s.describe(p)).
		Uint8("s", p.Seq).Uint8("a", p.Ack).Str("hex", hex.EncodeToString(raw[:])).Msg("sgmp")
	if p.Cmd == OK {
		if s.unacked != nil && p.Ack == s.unacked.Seq {
			if err := s.acked(true); err != nil {
				return err
			}
			return s.pump()
		}
		s.log.Debug().Str("pkt", p.String()).Msg("sgmp: OK acknowledges nothing outstanding; ignored")
		return nil
	}
	if p.Seq == s.his {
		// A repeat of the command we already accepted: our reply was lost.
		// If a command of ours is outstanding it carries the acknowledgement
		// (and may be the ANSWER the peer waits for), so repeat it;
		// otherwise repeat the OK. Never apply the command twice.
		if p.Cmd == NewGame && s.pendingNewGame && s.phase == phaseNotStarted {
			// Our reply to NEWGAME is the QUERY sent when Handshake starts;
			// an OK now would tell Black the handshake is over.
			return nil
		}
		s.log.Debug().Str("pkt", p.String()).Msg("sgmp: duplicate, acknowledged again, not applied")
		if s.unacked != nil {
			return s.send(*s.unacked)
		}
		return s.sendOK()
	}
	if s.unacked != nil {
		if p.Ack == s.unacked.Seq {
			if err := s.acked(false); err != nil {
				return err
			}
		} else {
			// Crossing: both sides sent a command. GNU Go abandons its own
			// and waits for ours, so we keep ours, drop theirs and resend.
			// A peer that keeps its command too (another kisen) would
			// livelock; there White yields on the second crossing.
			s.crossings++
			if s.opt.Color == board.White && s.crossings >= 2 {
				s.log.Debug().Str("pkt", p.String()).Msg("sgmp: crossing again; White yields its command")
				s.queue = append([]outgoing{{p: *s.unacked}}, s.queue...)
				s.unacked = nil
				s.my ^= 1
				s.publish()
			} else {
				s.log.Debug().Str("pkt", p.String()).Msg("sgmp: crossing; keeping our command and resending it")
				if s.crossings > 3 {
					return nil // let the timer resend
				}
				s.armTimer()
				return s.send(*s.unacked)
			}
		}
	}
	s.his = p.Seq
	s.publish()
	if err := s.handle(p); err != nil {
		return err
	}
	return s.pump()
}

// isTimeout reports whether err is a read timeout (the port's ErrTimeout,
// or any error answering Timeout() true).
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return err != nil && (errors.Is(err, ErrTimeout) || errors.As(err, &t) && t.Timeout())
}

// rxMsg is a chunk read from the port, or the error that ended reading.
type rxMsg struct {
	data []byte
	err  error
}

// reader copies the port into the loop. It ends on the first read error;
// (0, nil) reads are tolerated a bounded number of times in a row.
func (s *Session) reader() {
	buf := make([]byte, 256)
	zero := 0
	for {
		n, err := s.rw.Read(buf)
		if n > 0 {
			zero = 0
			chunk := make([]byte, n)
			copy(chunk, buf[:n])
			select {
			case s.rx <- rxMsg{data: chunk}:
			case <-s.quit:
				return
			case <-s.done:
				return
			}
		}
		if isTimeout(err) {
			// A read timeout is not a failure: no byte yet. The resend
			// timer, not the reader, decides when the peer is gone.
			select {
			case <-s.quit:
				return
			default:
			}
			continue
		}
		if err == nil && n == 0 {
			zero++
			if zero < 1000 {
				continue
			}
			err = io.ErrNoProgress
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = fmt.Errorf("%w: the port hung up (peer gone or cable pulled): %w", ErrLinkDown, err)
			} else {
				err = fmt.Errorf("%w: read: %w", ErrLinkDown, err)
			}
			select {
			case s.rx <- rxMsg{err: err}: // same channel: bytes read before the error come first
			case <-s.quit:
			case <-s.done:
			}
			return
		}
	}
}
