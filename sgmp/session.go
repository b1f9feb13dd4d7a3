package sgmp

import (
	"context"
	"errors"
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
	// Log gets every packet at trace level (dir, meaning, seq bits, hex)
	// and one line per move at info level.
	Log zerolog.Logger
	// Resume, if non-nil, skips the handshake and continues with these
	// sequence bits (after a crash); an unacknowledged command is resent.
	Resume *LinkState
}

// DisagreeError is a handshake parameter on which the two programs differ.
// Values are in the protocol's encoding: colour 1 = white, 2 = black (each
// side's own colour); handicap in stones; size; rules 1 = Japanese, 2 = Chinese.
type DisagreeError struct {
	What         string
	Ours, Theirs int
}

func (e *DisagreeError) Error() string {
	if e.What == "colour" {
		return fmt.Sprintf("sgmp handshake: both programs want to play %s (we are %s, the peer says it is %s); check --color on both machines",
			colorWord(e.Theirs), colorWord(e.Ours), colorWord(e.Theirs))
	}
	return fmt.Sprintf("sgmp handshake: %s does not agree: ours %d, the peer's %d; configure both programs alike", e.What, e.Ours, e.Theirs)
}

func colorWord(v int) string {
	switch v {
	case colorWhite:
		return "white"
	case colorBlack:
		return "black"
	}
	return fmt.Sprintf("colour %d", v)
}

// ErrGameOver is returned by ReceiveMove once two passes ended the game and
// every move has been delivered.
var ErrGameOver = errors.New("sgmp: the game is over (two passes)")

// UndoError is returned by ReceiveMove when the peer asked to take back N
// half-moves and Options.AllowUndo accepted it.
type UndoError struct{ N int }

func (e *UndoError) Error() string { return fmt.Sprintf("sgmp: the peer took back %d half-moves", e.N) }

// handshake phases
type phase int

const (
	phaseNotStarted phase = iota
	phaseBlackWaitRound
	phaseWhiteWaitNewGame
	phaseAsking
	phaseWhiteWaitPeerRound
	phaseDone
)

type rxItem struct {
	m   board.Move
	err error
}

// maxPending bounds moves received but not yet taken by ReceiveMove.
const maxPending = 1024

// Session is one game over one link. All protocol state lives in a
// background goroutine; the methods talk to it and are safe to call from
// several goroutines.
type Session struct {
	rw            io.ReadWriter
	opt           Options
	log           zerolog.Logger
	resendTimeout time.Duration
	maxResends    int

	// owned by the loop goroutine
	my, his        uint8
	unacked        *Packet
	queue          []outgoing
	timer          *time.Timer
	quiet          *time.Timer
	resends        int
	crossings      int
	phase          phase
	pendingNewGame bool
	toAsk          []uint16
	asked          *uint16
	passes         int

	rx   chan rxMsg
	reqs chan func() error
	quit chan struct{}
	done chan struct{}
	once sync.Once

	mu     sync.Mutex
	pub    LinkState
	queued int
	items  []rxItem
	over   bool
	err    error
	hsDone bool
	wakeCh chan struct{}
}

// NewSession starts the link on rw (usually a port from OpenPort). Nothing
// is sent before Handshake, except the resend of an unacknowledged command
// when resuming. Close stops it; rw stays open and belongs to the caller.
func NewSession(rw io.ReadWriter, opt Options) (*Session, error) {
	if opt.Color != board.Black && opt.Color != board.White {
		return nil, fmt.Errorf("sgmp: our colour must be black or white, not %v", opt.Color)
	}
	if opt.Size < board.MinSize || opt.Size > board.MaxSize {
		return nil, fmt.Errorf("sgmp: board size %d: the protocol carries sizes %d-%d", opt.Size, board.MinSize, board.MaxSize)
	}
	if opt.Handicap < 0 || opt.Handicap == 1 || opt.Handicap > 9 {
		return nil, fmt.Errorf("sgmp: handicap %d: want 0 (even game) or 2-9 stones", opt.Handicap)
	}
	s := &Session{
		rw:            rw,
		opt:           opt,
		log:           opt.Log,
		resendTimeout: opt.ResendTimeout,
		maxResends:    opt.MaxResends,
		rx:            make(chan rxMsg, 16),
		reqs:          make(chan func() error),
		quit:          make(chan struct{}),
		done:          make(chan struct{}),
		wakeCh:        make(chan struct{}),
	}
	if s.resendTimeout <= 0 {
		s.resendTimeout = 20 * time.Second
		if opt.Mode == ModeGMP {
			s.resendTimeout = 4 * time.Second
		}
	}
	if s.maxResends <= 0 {
		s.maxResends = 9
	}
	if r := opt.Resume; r != nil {
		s.my, s.his = r.My&1, r.His&1
		if r.Unacked != nil {
			p := *r.Unacked
			s.unacked = &p
		}
		// Resuming never repeats the handshake: a second NEWGAME kills GNU
		// Go, and the journaled game already agreed on everything.
		s.phase = phaseDone
		s.hsDone = true
	}
	s.publish()
	go s.reader()
	go s.loop()
	return s, nil
}

func (s *Session) loop() {
	defer close(s.done)
	var dec Decoder
	if s.unacked != nil {
		s.armTimer()
		if err := s.send(*s.unacked); err != nil {
			s.fail(err)
			return
		}
	}
	for {
		var tc, qc <-chan time.Time
		if s.timer != nil && s.unacked != nil {
			tc = s.timer.C
		}
		if s.quiet != nil {
			qc = s.quiet.C
		}
		var err error
		select {
		case <-s.quit:
			return
		case msg := <-s.rx:
			err = msg.err
			for _, b := range msg.data {
				if p, ok := dec.Feed(b); ok {
					if s.quiet != nil {
						s.quiet.Reset(s.resendTimeout)
					}
					if err = s.receive(p, dec.LastBytes()); err != nil {
						break
					}
				}
			}
			if t := dec.TakeTalk(); t != "" {
				s.log.Debug().Str("talk", t).Msg("sgmp talk from peer")
			}
		case f := <-s.reqs:
			err = f()
		case <-tc:
			err = s.resend()
		case <-qc:
			s.quiet = nil
			s.finishHandshake()
		}
		if err != nil {
			s.fail(err)
			return
		}
	}
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
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.quiet != nil {
		s.quiet.Stop()
	}
	s.log.Debug().Err(err).Msg("sgmp link stopped")
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.wakeLocked()
	s.mu.Unlock()
}

func (s *Session) wakeLocked() {
	close(s.wakeCh)
	s.wakeCh = make(chan struct{})
}

// publish copies the loop's state for State, Flush and the waiters.
func (s *Session) publish() {
	st := LinkState{My: s.my, His: s.his, Started: s.phase == phaseDone}
	if s.unacked != nil {
		p := *s.unacked
		st.Unacked = &p
	}
	s.mu.Lock()
	s.pub = st
	s.queued = len(s.queue)
	s.wakeLocked()
	s.mu.Unlock()
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
	return s.wait(ctx, func() bool { return s.hsDone })
}

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
		if err := s.enqueue(outgoing{p: Packet{Cmd: Move, Value: v}, written: written}); err != nil {
			written <- err
			return nil
		}
		s.countMove(m, "tx")
		if err := s.pump(); err != nil {
			return err
		}
		s.publish()
		return nil
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
// failure are still delivered; then the failure is returned.
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

// Flush waits until our last command has been acknowledged.
func (s *Session) Flush(ctx context.Context) error {
	return s.wait(ctx, func() bool { return s.pub.Unacked == nil && s.queued == 0 })
}

// Err is the error that stopped the link, or nil while it is up.
func (s *Session) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// State returns the link state for the journal.
func (s *Session) State() LinkState {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.pub
	if st.Unacked != nil {
		p := *st.Unacked
		st.Unacked = &p
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
	}
	s.wakeLocked()
	s.mu.Unlock()
	return nil
}

// ---- handshake, on the loop goroutine ----

func (s *Session) startHandshake() error {
	if s.phase != phaseNotStarted {
		return nil
	}
	if s.opt.Color == board.Black {
		s.phase = phaseBlackWaitRound
		if err := s.enqueue(outgoing{p: Packet{Cmd: NewGame}}); err != nil {
			return err
		}
		return s.pump()
	}
	s.phase = phaseWhiteWaitNewGame
	if s.pendingNewGame {
		s.startAsking()
		return s.pump()
	}
	return nil
}

func (s *Session) queries() []uint16 {
	if s.opt.Mode == ModeGMP {
		return []uint16{QueryRules, QueryHandicap, QuerySize, QueryColor}
	}
	return []uint16{QueryColor, QueryHandicap}
}

// startAsking begins our query round; the first QUERY acknowledges the
// peer's NEWGAME (or its OK).
func (s *Session) startAsking() {
	s.phase = phaseAsking
	s.toAsk = s.queries()
	s.askNext()
}

func (s *Session) askNext() {
	q := s.toAsk[0]
	s.toAsk = s.toAsk[1:]
	s.queue = append(s.queue, outgoing{p: Packet{Cmd: Query, Value: q}})
}

// roundDone is called when our last query was answered.
func (s *Session) roundDone() {
	switch {
	case s.opt.Mode == ModeGMP && s.opt.Color == board.White:
		s.phase = phaseWhiteWaitPeerRound
		s.quiet = time.NewTimer(s.resendTimeout)
	default:
		s.finishHandshake()
	}
}

func (s *Session) finishHandshake() {
	if s.phase == phaseDone {
		return
	}
	if s.quiet != nil {
		s.quiet.Stop()
		s.quiet = nil
	}
	s.phase = phaseDone
	s.log.Debug().Str("mode", s.opt.Mode.String()).Msg("sgmp handshake complete")
	s.publish()
	s.mu.Lock()
	s.hsDone = true
	s.wakeLocked()
	s.mu.Unlock()
}

// onAcked reacts to the acknowledgement of our command p. It only changes
// state; the caller sends what is queued.
func (s *Session) onAcked(p Packet, explicit bool) error {
	switch {
	case p.Cmd == Query && !explicit:
		q := p.Value
		s.asked = &q // the peer's ANSWER (or DENY) follows in handle
	case p.Cmd == Query && explicit && s.phase == phaseAsking:
		// An OK instead of an answer: treat as "unknown".
		return s.gotAnswer(p.Value, 0, false)
	case explicit && s.phase == phaseBlackWaitRound && (p.Cmd == NewGame || p.Cmd == Answer):
		if s.opt.Mode == ModeGMP {
			s.startAsking()
		} else {
			s.finishHandshake()
		}
	case explicit && s.phase == phaseWhiteWaitPeerRound && p.Cmd == Answer:
		s.finishHandshake()
	}
	return nil
}

// gotAnswer checks an answer to our query q and continues the round. needOK
// says the peer's packet (ANSWER, DENY) needs acknowledging.
func (s *Session) gotAnswer(q, v uint16, needOK bool) error {
	if err := s.check(q, int(v)); err != nil {
		return err
	}
	if len(s.toAsk) > 0 {
		s.askNext() // the next QUERY acknowledges the answer
		return nil
	}
	if s.phase == phaseAsking {
		if needOK {
			if err := s.sendOK(); err != nil {
				return err
			}
		}
		s.roundDone()
		return nil
	}
	if needOK {
		return s.sendOK()
	}
	return nil
}

func (s *Session) colorCode() int {
	if s.opt.Color == board.White {
		return colorWhite
	}
	return colorBlack
}

func (s *Session) rulesCode() int {
	if s.opt.Chinese {
		return rulesChinese
	}
	return rulesJapanese
}

// check compares the peer's answer with our settings; 0 means "unknown"
// and is accepted.
func (s *Session) check(q uint16, v int) error {
	if v == 0 {
		return nil
	}
	switch q {
	case QueryColor:
		if v == s.colorCode() {
			return &DisagreeError{What: "colour", Ours: s.colorCode(), Theirs: v}
		}
	case QueryHandicap:
		h := v
		if h == 1 {
			h = 0
		}
		if h != s.opt.Handicap {
			return &DisagreeError{What: "handicap", Ours: s.opt.Handicap, Theirs: h}
		}
	case QuerySize:
		if v != s.opt.Size {
			return &DisagreeError{What: "board size", Ours: s.opt.Size, Theirs: v}
		}
	case QueryRules:
		if v != s.rulesCode() {
			return &DisagreeError{What: "rules (1 Japanese, 2 Chinese)", Ours: s.rulesCode(), Theirs: v}
		}
	}
	return nil
}

// answer is our reply to the peer's query q (0 = unknown).
func (s *Session) answer(q uint16) uint16 {
	switch q {
	case QueryGame:
		return 1
	case QueryRules:
		return uint16(s.rulesCode())
	case QueryHandicap:
		if s.opt.Handicap == 0 {
			return 1
		}
		return uint16(s.opt.Handicap)
	case QuerySize:
		return uint16(s.opt.Size)
	case QueryColor:
		return uint16(s.colorCode())
	}
	return 0
}

// handle applies a newly accepted command of the peer. Nothing of ours is
// outstanding here; whatever handle queues is sent next and acknowledges
// the command implicitly, otherwise handle sends OK.
func (s *Session) handle(p Packet) error {
	switch p.Cmd {
	case Deny:
		if s.asked != nil {
			q := *s.asked
			s.asked = nil
			return s.gotAnswer(q, 0, true)
		}
		s.log.Warn().Msg("sgmp: the peer denied our last command")
		return s.sendOK()
	case NewGame:
		switch s.phase {
		case phaseDone:
			s.log.Warn().Msg("sgmp: NEWGAME during the game; acknowledged and ignored")
			return s.sendOK()
		case phaseNotStarted:
			s.pendingNewGame = true // answered when Handshake starts
			return nil
		case phaseAsking:
			return s.sendOK()
		}
		if s.opt.Color == board.Black {
			if s.opt.Mode == ModeSGMP {
				return &DisagreeError{What: "colour", Ours: colorBlack, Theirs: colorBlack}
			}
			s.queue = s.queue[:0]
		}
		s.startAsking()
		return nil
	case Query:
		return s.sendCommand(outgoing{p: Packet{Cmd: Answer, Value: s.answer(p.Value)}})
	case Answer:
		if s.asked == nil {
			s.log.Debug().Msg("sgmp: unsolicited ANSWER acknowledged")
			return s.sendOK()
		}
		q := *s.asked
		s.asked = nil
		return s.gotAnswer(q, p.Value, true)
	case Move:
		// Deliver before acknowledging: a move that arrived is kept even
		// if the OK can no longer be written.
		if s.phase == phaseWhiteWaitPeerRound {
			s.finishHandshake()
		}
		if err := s.deliverMove(p.Value); err != nil {
			return err
		}
		return s.sendOK()
	case Undo:
		if !s.opt.AllowUndo {
			s.log.Info().Uint16("n", p.Value).Msg("sgmp: UNDO denied (policy)")
			return s.sendCommand(outgoing{p: Packet{Cmd: Deny}})
		}
		if err := s.sendOK(); err != nil {
			return err
		}
		s.passes = 0
		return s.deliver(rxItem{err: &UndoError{N: int(p.Value)}})
	case Extended:
		return s.sendCommand(outgoing{p: Packet{Cmd: Deny}})
	}
	return nil
}

func (s *Session) deliverMove(v uint16) error {
	s.mu.Lock()
	over := s.over
	s.mu.Unlock()
	c := s.opt.Color.Opponent()
	pt, err := board.FromSGMP(s.opt.Size, int(v&0x1FF))
	if over {
		s.log.Debug().Str("move", board.GTP(s.opt.Size, pt)).Msg("sgmp: move after the game ended; acknowledged and ignored")
		return nil
	}
	if err != nil {
		return s.deliver(rxItem{err: fmt.Errorf("sgmp: the peer sent MOVE value %d: %w", v, err)})
	}
	// Deliver before counting: the second pass marks the game over, and a
	// ReceiveMove woken by that with the pass not yet queued returned
	// ErrGameOver instead of the pass (a lost move, seen once in
	// TestKisenVsKisenOverPty under -race).
	m := board.Move{Color: c, Point: pt}
	if err := s.deliver(rxItem{m: m}); err != nil {
		return err
	}
	s.countMove(m, "rx")
	return nil
}

// countMove logs a move and tracks the two passes that end the game.
func (s *Session) countMove(m board.Move, dir string) {
	verb := "received"
	if dir == "tx" {
		verb = "sent"
	}
	s.log.Info().Str("dir", dir).Str("color", m.Color.Letter()).Str("move", board.GTP(s.opt.Size, m.Point)).
		Msgf("%s %s %s", verb, m.Color, board.GTP(s.opt.Size, m.Point))
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

func (s *Session) deliver(it rxItem) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.items) >= maxPending {
		return fmt.Errorf("%w: the peer sent %d moves nobody took; it is not following the protocol", ErrLinkDown, maxPending)
	}
	s.items = append(s.items, it)
	s.wakeLocked()
	return nil
}

// describe is a packet's meaning for the trace, moves as GTP vertices.
func (s *Session) describe(p Packet) string {
	if p.Cmd == Move {
		pt, err := board.FromSGMP(s.opt.Size, int(p.Value&0x1FF))
		c := "B"
		if p.Value&moveWhite != 0 {
			c = "W"
		}
		if err != nil {
			return fmt.Sprintf("MOVE %s ?%d", c, p.Value&0x1FF)
		}
		return fmt.Sprintf("MOVE %s %s", c, board.GTP(s.opt.Size, pt))
	}
	if p.Cmd == OK {
		return "OK"
	}
	if p.Cmd == Query {
		return fmt.Sprintf("QUERY %s(%d)", queryName(p.Value), p.Value)
	}
	return fmt.Sprintf("%v %d", p.Cmd, p.Value)
}
