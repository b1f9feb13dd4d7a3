package sgmp

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/rs/zerolog"
)

// Mode selects the handshake.
type Mode int

const (
	// ModeSGMP is the Japanese tournament subset: Black sends NEWGAME, White
	// asks COLOR and HANDICAP and closes with OK; 20 s resends.
	ModeSGMP Mode = iota
	// ModeGMP is the full Go Modem Protocol handshake: both sides ask RULES,
	// HANDICAP, SIZE and COLOR; 4 s resends.
	ModeGMP
)

func (m Mode) String() string {
	if m == ModeGMP {
		return "gmp"
	}
	return "sgmp"
}

// ParseMode reads "sgmp" or "gmp".
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "sgmp", "":
		return ModeSGMP, nil
	case "gmp":
		return ModeGMP, nil
	}
	return ModeSGMP, fmt.Errorf("protocol mode %q: want sgmp (tournament subset) or gmp (full Go Modem Protocol)", s)
}

// Options configure a Session.
type Options struct {
	Mode          Mode
	Color         board.Color   // our colour
	Size          int           // board size, 2-22
	Handicap      int           // 0 = even game
	Chinese       bool          // rules we announce: false = Japanese (1), true = Chinese (2)
	ResendTimeout time.Duration // 0 = default: 20s in ModeSGMP, 4s in ModeGMP
	MaxResends    int           // 0 = default 9; after that the link is down
	AllowUndo     bool          // default false: UNDO is denied (SGMP tournament policy)
	// HoldOK makes the OK of a received MOVE wait for Commit, so that a
	// caller that journals moves acknowledges only what it has recorded.
	HoldOK bool
	// Log gets every packet at trace level (dir, meaning, seq bits, hex)
	// and one line per move at info level.
	Log zerolog.Logger
	// Resume, if non-nil, skips the handshake and continues with these
	// sequence bits (after a crash); an unacknowledged command is resent.
	Resume *LinkState
}

// Session is one game over one link. All protocol state lives in a
// background goroutine, in three layers: the link (sequence bits, resends,
// duplicates, crossings), the handshake, and the moves. The methods talk
// to the loop and are safe to call from several goroutines.
type Session struct {
	opt     Options
	log     zerolog.Logger
	started time.Time

	// owned by the loop goroutine
	l             link
	hs            handshake
	passes, moves int
	peerMovedLast bool // the peer moved and we have not: its next MOVE is out of turn
	trouble       trouble
	troubleSent   bool // the waiting player was told of the current trouble

	rx   chan rxMsg
	reqs chan func() error
	quit chan struct{}
	done chan struct{}
	once sync.Once

	// shared with callers, under mu
	mu         sync.Mutex
	pub        snapshot
	items      []rxItem
	over       bool
	err        error
	failedAt   time.Time
	closedByUs bool
	wakeCh     chan struct{}
}

// snapshot is the loop's state as callers see it.
type snapshot struct {
	link   LinkState
	queued int
	status Status
}

// NewSession starts the link on rw (usually a port from OpenPort). Nothing
// is sent before Handshake, except the resend of an unacknowledged command
// (and an owed OK) when resuming. Close stops it; rw stays open and belongs
// to the caller.
func NewSession(rw io.ReadWriter, opt Options) (*Session, error) {
	if err := checkOptions(opt); err != nil {
		return nil, err
	}
	s := &Session{
		opt:     opt,
		log:     opt.Log,
		started: time.Now(),
		rx:      make(chan rxMsg, 16),
		reqs:    make(chan func() error),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		wakeCh:  make(chan struct{}),
	}
	s.l = link{rw: rw, log: opt.Log, describe: s.describe, timeout: opt.ResendTimeout, maxResends: opt.MaxResends,
		yields: opt.Color == board.White}
	if s.l.timeout <= 0 {
		s.l.timeout = 20 * time.Second
		if opt.Mode == ModeGMP {
			s.l.timeout = 4 * time.Second
		}
	}
	if s.l.maxResends <= 0 {
		s.l.maxResends = 9
	}
	if r := opt.Resume; r != nil {
		s.l.my, s.l.his, s.l.owed = r.My&1, r.His&1, r.OweOK
		if r.Unacked != nil {
			p := *r.Unacked
			s.l.unacked = &p
			s.l.sentAt = s.started
		}
		// Resuming never repeats the handshake: a second NEWGAME kills GNU
		// Go, and the journaled game already agreed on everything.
		s.hs.phase = phaseDone
	}
	s.publish()
	go readPort(rw, s.rx, s.quit, s.done)
	go s.loop()
	return s, nil
}

func checkOptions(opt Options) error {
	if opt.Color != board.Black && opt.Color != board.White {
		return fmt.Errorf("sgmp: our colour must be black or white, not %v", opt.Color)
	}
	if opt.Size < board.MinSize || opt.Size > board.MaxSize {
		return fmt.Errorf("sgmp: board size %d: the protocol carries sizes %d-%d", opt.Size, board.MinSize, board.MaxSize)
	}
	if opt.Handicap < 0 || opt.Handicap == 1 || opt.Handicap > 9 {
		return fmt.Errorf("sgmp: handicap %d: want 0 (even game) or 2-9 stones", opt.Handicap)
	}
	return nil
}

// resume sends what a crash left owed: the OK of the peer's journaled
// move, then our unacknowledged command.
func (s *Session) resume() error {
	if s.l.owed {
		if err := s.l.ok(); err != nil {
			return err
		}
	}
	if s.l.unacked != nil {
		s.l.arm()
		return s.l.send(*s.l.unacked)
	}
	return nil
}

func (s *Session) loop() {
	defer close(s.done)
	var dec Decoder
	err := s.resume()
	for err == nil {
		select {
		case <-s.quit:
			return
		case msg := <-s.rx:
			err = s.feed(&dec, msg)
		case f := <-s.reqs:
			err = f()
		case <-s.l.timerC():
			err = s.l.resend()
		case <-s.hs.quietC():
			s.hs.quiet = nil
			s.finishHandshake()
		}
		s.publish()
	}
	s.fail(err)
}

// feed decodes a chunk from the port and handles each packet; msg.err,
// the reader's last word, comes after its bytes.
func (s *Session) feed(dec *Decoder, msg rxMsg) error {
	for _, b := range msg.data {
		p, ok := dec.Feed(b)
		if !ok {
			continue
		}
		if s.hs.quiet != nil {
			s.hs.quiet.Reset(s.l.timeout)
		}
		if err := s.receive(p, dec.LastBytes()); err != nil {
			return err
		}
	}
	if t := dec.TakeTalk(); t != "" {
		s.log.Debug().Str("talk", t).Msg("sgmp talk from peer")
	}
	return msg.err
}

// receive passes one packet down to the link and its meaning up to the
// handshake and the moves: an acknowledgement of ours first, then the
// peer's new command; then whatever is queued goes out.
func (s *Session) receive(p Packet, raw [4]byte) error {
	r, err := s.l.receive(p, raw)
	if err != nil {
		return err
	}
	if r.acked != nil {
		if err := s.onAcked(*r.acked, r.explicit); err != nil {
			return err
		}
	}
	switch {
	case r.outOfSeq:
		s.onOutOfSequence(*r.cmd)
	case r.cmd != nil:
		if err := s.onCommand(*r.cmd); err != nil {
			return err
		}
	}
	return s.l.pump()
}

// onCommand dispatches a new command of the peer. Nothing of ours is
// outstanding here; whatever is queued next acknowledges the command
// implicitly, otherwise an OK does (or, for a held MOVE, Commit).
func (s *Session) onCommand(p Packet) error {
	switch p.Cmd {
	case NewGame:
		return s.onNewGame(p)
	case Query:
		return s.onQuery(p)
	case Answer, Deny:
		return s.onAnswer(p)
	case Move:
		return s.onMove(p)
	case Undo:
		return s.onUndo(p)
	case Extended:
		s.l.take(p)
		return s.l.command(outgoing{p: Packet{Cmd: Deny}})
	}
	return nil
}

// onOutOfSequence reports a command that reuses the sequence bit of the
// peer's last one. A NEWGAME in mid-game is a restarted peer (its fresh
// bits often match ours by chance); anything else is shown and dropped.
func (s *Session) onOutOfSequence(p Packet) {
	if p.Cmd == NewGame && s.hs.done() {
		s.peerTrouble(CondPeerRestarted, "NEWGAME during the game", true)
		return
	}
	s.peerTrouble(CondPeerConfused, fmt.Sprintf("sequence error: %s reuses the bit of its last command; ignored", s.describe(p)), false)
}

// do runs f on the loop goroutine.
func (s *Session) do(ctx context.Context, f func() error) error {
	errc := make(chan error, 1)
	select {
	case s.reqs <- func() error { err := f(); errc <- err; return nil }:
	case <-s.done:
		return s.linkErr()
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-errc
}

func (s *Session) linkErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	return fmt.Errorf("%w: session closed", ErrLinkDown)
}

func (s *Session) fail(err error) {
	if err == nil {
		return
	}
	s.l.stop()
	if s.hs.quiet != nil {
		s.hs.quiet.Stop()
	}
	s.log.Debug().Err(err).Msg("sgmp link stopped")
	s.mu.Lock()
	if s.err == nil {
		s.err = err
		s.failedAt = time.Now()
	}
	s.wakeLocked()
	s.mu.Unlock()
}

func (s *Session) wakeLocked() {
	close(s.wakeCh)
	s.wakeCh = make(chan struct{})
}

// publish copies the loop's state for callers: State, Status, Flush and
// the waiters.
func (s *Session) publish() {
	s.mu.Lock()
	s.publishLocked()
	s.wakeLocked()
	s.mu.Unlock()
}

// publishLocked is publish's copy, with mu held and the waiters left to
// the caller.
func (s *Session) publishLocked() {
	st := s.l.state()
	st.Started = s.hs.done()
	s.pub.link = st
	s.pub.queued = len(s.l.queue)
	s.pub.status = s.status(s.pub.status)
}

// wait blocks until cond (called with mu held) is true, the link fails, or
// ctx ends.
func (s *Session) wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		if cond() {
			s.mu.Unlock()
			return nil
		}
		if s.err != nil {
			err := s.err
			s.mu.Unlock()
			return err
		}
		w := s.wakeCh
		s.mu.Unlock()
		select {
		case <-w:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Handshake starts the game set-up and returns when moves may start: for
// Black after White's closing OK, for White after sending its own OK (and
// in ModeGMP after the peer's round). With Options.Resume it returns at once.
func (s *Session) Handshake(ctx context.Context) error {
	if err := s.do(ctx, s.startHandshake); err != nil {
		return err
	}
	return s.wait(ctx, func() bool { return s.pub.link.Started })
}

// Flush waits until our last command has been acknowledged.
func (s *Session) Flush(ctx context.Context) error {
	return s.wait(ctx, func() bool { return s.pub.link.Unacked == nil && s.pub.queued == 0 })
}

// Err is the error that stopped the link, or nil while it is up.
func (s *Session) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// State returns the link state for the journal, read on the loop
// goroutine so that it holds every packet sent or taken before the call
// (a move SendMove has just written included); once the loop has ended,
// its last state.
func (s *Session) State() LinkState {
	var st LinkState
	err := s.do(context.Background(), func() error {
		st = s.l.state()
		st.Started = s.hs.done()
		return nil
	})
	if err != nil {
		s.mu.Lock()
		st = s.pub.link
		s.mu.Unlock()
		if st.Unacked != nil {
			p := *st.Unacked
			st.Unacked = &p
		}
	}
	return st
}

// Close stops the background loop. It does not close rw; the reading
// goroutine ends when the caller closes the port.
func (s *Session) Close() error {
	s.once.Do(func() { close(s.quit) })
	<-s.done
	s.mu.Lock()
	if s.err == nil {
		s.err = fmt.Errorf("%w: session closed", ErrLinkDown)
		s.closedByUs = true
	}
	s.wakeLocked()
	s.mu.Unlock()
	return nil
}
