package sgmp

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"
)

// ErrLinkDown is wrapped by every error that means the link is gone: resends
// exhausted, the port hung up (EOF), or a read or write failed.
var ErrLinkDown = errors.New("sgmp link down")

// errUnanswered is wrapped (with ErrLinkDown) when the resends run out.
var errUnanswered = errors.New("no acknowledgement")

// LinkState is what a journal needs to resume the link after a crash
// without a new handshake: both sequence bits, the command still waiting
// for its acknowledgement (resent on resume), and whether the peer's last
// command still waits for our OK (sent on resume: the journal holds it).
type LinkState struct {
	My      uint8   `json:"my"`
	His     uint8   `json:"his"`
	Unacked *Packet `json:"unacked,omitempty"`
	Started bool    `json:"started"`
	OweOK   bool    `json:"owe_ok,omitempty"`
}

// maxQueue bounds our own commands waiting behind the outstanding one.
const maxQueue = 32

// outgoing is one of our commands with the channel told when it is first
// written (nil if nobody waits).
type outgoing struct {
	p       Packet
	written chan error
}

// link is the lower layer: sequence and acknowledgement bits, one
// outstanding command with resends on our own timer, duplicates and
// crossings. It knows nothing of the game; receive reports what a packet
// means and the session decides what to do with a new command. Only the
// session's loop goroutine uses it.
type link struct {
	rw         io.ReadWriter
	log        zerolog.Logger
	describe   func(Packet) string
	timeout    time.Duration
	maxResends int
	yields     bool // on a repeated crossing this side gives its command up

	my, his   uint8
	unacked   *Packet
	sentAt    time.Time // when unacked was first written
	queue     []outgoing
	timer     *time.Timer
	resends   int
	crossings int
	// owed says the peer's last accepted command waits for a reply the
	// session has not given yet (a MOVE not yet journaled, a NEWGAME
	// before Handshake): its repeats get no OK meanwhile.
	owed  bool
	heard time.Time // when the last valid packet arrived
	// taken is the peer's last accepted command (nil after a resume): a
	// packet with its sequence bit but another command is no repeat.
	taken *Packet
}

// received is what one packet means to the session: our command
// acknowledged, and/or a new command of the peer, not yet accepted (take
// accepts it; a command not taken leaves the sequence bits alone).
type received struct {
	acked    *Packet
	explicit bool // acknowledged by OK rather than by the peer's next command
	cmd      *Packet
	// outOfSeq marks a cmd that carries the sequence bit of the peer's
	// last command without repeating it: a peer that restarted or lost
	// count. Taking it would break the bits; the session only reports it.
	outOfSeq bool
}

func (l *link) state() LinkState {
	st := LinkState{My: l.my, His: l.his, OweOK: l.owed}
	if l.unacked != nil {
		p := *l.unacked
		st.Unacked = &p
	}
	return st
}

// send writes one packet and traces it.
func (l *link) send(p Packet) error {
	b := p.Bytes()
	l.log.Trace().Str("dir", "tx").Str("pkt", l.describe(p)).
		Uint8("s", p.Seq).Uint8("a", p.Ack).Str("hex", hex.EncodeToString(b[:])).Msg("sgmp")
	if _, err := l.rw.Write(b[:]); err != nil {
		return fmt.Errorf("%w: write: %w", ErrLinkDown, err)
	}
	return nil
}

// ok acknowledges the peer's last accepted command. OK never toggles our
// sequence bit.
func (l *link) ok() error {
	l.owed = false
	return l.send(Packet{Seq: l.my, Ack: l.his, Cmd: OK, Value: okValue})
}

// command toggles our bit and sends o as the outstanding command; it also
// acknowledges the peer's last command. The caller has checked that
// nothing is outstanding.
func (l *link) command(o outgoing) error {
	l.my ^= 1
	o.p.Seq, o.p.Ack = l.my, l.his
	p := o.p
	l.unacked = &p
	l.sentAt = time.Now()
	l.resends, l.crossings = 0, 0
	l.owed = false
	l.arm()
	err := l.send(p)
	if o.written != nil {
		o.written <- err
	}
	return err
}

// enqueue puts one of our commands behind the outstanding one.
func (l *link) enqueue(o outgoing) error {
	if len(l.queue) >= maxQueue {
		return fmt.Errorf("sgmp: %d commands already queued behind an unacknowledged %v; the peer is not answering", len(l.queue), l.unacked.Cmd)
	}
	l.queue = append(l.queue, o)
	return nil
}

// pump sends the next queued command if nothing is outstanding.
func (l *link) pump() error {
	if l.unacked != nil || len(l.queue) == 0 {
		return nil
	}
	o := l.queue[0]
	l.queue = l.queue[1:]
	return l.command(o)
}

// arm (re)starts the resend timer. It runs on our clock only, so a silent
// peer still gets our resends.
func (l *link) arm() {
	if l.timer == nil {
		l.timer = time.NewTimer(l.timeout)
		return
	}
	l.timer.Stop()
	l.timer.Reset(l.timeout)
}

// timerC is the resend timer's channel while a command is outstanding.
func (l *link) timerC() <-chan time.Time {
	if l.timer == nil || l.unacked == nil {
		return nil
	}
	return l.timer.C
}

func (l *link) stop() {
	if l.timer != nil {
		l.timer.Stop()
	}
}

// resend is called when the resend timer fires.
func (l *link) resend() error {
	if l.unacked == nil {
		return nil
	}
	l.resends++
	if l.resends > l.maxResends {
		return fmt.Errorf("%w: %w of %v after %d resends %v apart", ErrLinkDown, errUnanswered, l.unacked.Cmd, l.maxResends, l.timeout)
	}
	l.log.Debug().Int("resend", l.resends).Str("pkt", l.describe(*l.unacked)).Msg("sgmp resend")
	l.arm()
	return l.send(*l.unacked)
}

// acked clears the outstanding command and returns it.
func (l *link) acked() *Packet {
	p := l.unacked
	l.unacked = nil
	l.resends, l.crossings = 0, 0
	l.stop()
	return p
}

// take accepts the peer's new command: its sequence bit becomes the one
// our replies acknowledge, and a reply is owed until ok or command.
func (l *link) take(p Packet) {
	l.his = p.Seq
	l.owed = true
	l.taken = &p
}

// receive sorts one decoded packet: an acknowledgement of ours, a
// duplicate (answered here), a crossing (resolved here) or a new command
// for the session.
func (l *link) receive(p Packet, raw [4]byte) (received, error) {
	l.heard = time.Now()
	l.log.Trace().Str("dir", "rx").Str("pkt", l.describe(p)).
		Uint8("s", p.Seq).Uint8("a", p.Ack).Str("hex", hex.EncodeToString(raw[:])).Msg("sgmp")
	var r received
	if p.Cmd == OK {
		if l.unacked != nil && p.Ack == l.unacked.Seq {
			r.acked, r.explicit = l.acked(), true
			return r, nil
		}
		l.log.Debug().Str("pkt", p.String()).Msg("sgmp: OK acknowledges nothing outstanding; ignored")
		return r, nil
	}
	if p.Seq == l.his {
		if t := l.taken; t == nil || t.Cmd == p.Cmd && t.Value == p.Value {
			if t != nil && p.Ack != t.Ack && l.unacked != nil && p.Ack == l.unacked.Seq {
				// The same command built afresh (a resumed peer resending
				// its last move) after the peer took ours: its ack bit is
				// news. Without this both sides repeat their commands to
				// each other for ever.
				t.Ack = p.Ack
				r.acked = l.acked()
			}
			return r, l.duplicate(p)
		}
		r.cmd, r.outOfSeq = &p, true
		return r, nil
	}
	if l.unacked != nil {
		if p.Ack == l.unacked.Seq {
			r.acked = l.acked()
		} else if yielded, err := l.crossing(p); !yielded {
			return r, err
		}
	}
	r.cmd = &p
	return r, nil
}

// duplicate answers a repeat of the command we already accepted: our reply
// was lost. If a command of ours is outstanding it carries the
// acknowledgement (and may be the ANSWER the peer waits for), so it is
// repeated; otherwise the OK is. A command is never applied twice, and a
// reply still owed by the session is not replaced by an OK.
func (l *link) duplicate(p Packet) error {
	if l.owed {
		l.log.Debug().Str("pkt", p.String()).Msg("sgmp: duplicate of a command not yet answered; waiting")
		return nil
	}
	l.log.Debug().Str("pkt", p.String()).Msg("sgmp: duplicate, acknowledged again, not applied")
	if l.unacked != nil {
		return l.send(*l.unacked)
	}
	return l.ok()
}

// crossing handles a new command of the peer that does not acknowledge
// ours: both sides sent at once. GNU Go abandons its own command and waits
// for ours, so we keep ours, drop theirs and resend. A peer that keeps its
// command too (another kisen) would livelock, so the yielding side gives
// its command up on the second crossing and takes the peer's (yielded).
func (l *link) crossing(p Packet) (yielded bool, err error) {
	l.crossings++
	if l.yields && l.crossings >= 2 {
		l.log.Debug().Str("pkt", p.String()).Msg("sgmp: crossing again; yielding our command")
		l.queue = append([]outgoing{{p: *l.unacked}}, l.queue...)
		l.unacked = nil
		l.my ^= 1
		l.stop()
		return true, nil
	}
	l.log.Debug().Str("pkt", p.String()).Msg("sgmp: crossing; keeping our command and resending it")
	if l.crossings > 3 {
		return false, nil // let the timer resend
	}
	l.arm()
	return false, l.send(*l.unacked)
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

// readPort copies rw into rx until the first read error, which it sends
// last; (0, nil) reads are tolerated a bounded number of times in a row. It
// ends early when quit or done closes.
func readPort(rw io.Reader, rx chan<- rxMsg, quit, done <-chan struct{}) {
	buf := make([]byte, 256)
	zero := 0
	for {
		n, err := rw.Read(buf)
		if n > 0 {
			zero = 0
			chunk := make([]byte, n)
			copy(chunk, buf[:n])
			select {
			case rx <- rxMsg{data: chunk}:
			case <-quit:
				return
			case <-done:
				return
			}
		}
		if isTimeout(err) {
			// A read timeout is not a failure: no byte yet. The resend
			// timer, not the reader, decides when the peer is gone.
			select {
			case <-quit:
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
			select {
			case rx <- rxMsg{err: readErr(err)}: // same channel: bytes read before the error come first
			case <-quit:
			case <-done:
			}
			return
		}
	}
}

func readErr(err error) error {
	if errors.Is(err, ErrPortClosed) {
		return fmt.Errorf("%w: %w", ErrLinkDown, err) // the port has said it in words
	}
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: the port hung up (peer gone or cable pulled): %w", ErrLinkDown, err)
	}
	return fmt.Errorf("%w: read: %w", ErrLinkDown, err)
}
