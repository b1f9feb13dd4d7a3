package sgmp

import (
	"fmt"
	"time"

	"github.com/kisen-go/kisen/board"
)

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

// phase is where the handshake stands.
type phase int

const (
	phaseNotStarted phase = iota
	phaseBlackWaitRound
	phaseWhiteWaitNewGame
	phaseAsking
	phaseWhiteWaitPeerRound
	phaseDone
)

// handshake is the game set-up's state, owned by the loop goroutine.
type handshake struct {
	phase phase
	// pendingNewGame: Black's NEWGAME came before Handshake was called; it
	// is answered by our first QUERY when Handshake starts.
	pendingNewGame bool
	toAsk          []uint16
	asked          *uint16 // the query whose ANSWER (or DENY) comes next
	quiet          *time.Timer
}

func (h *handshake) done() bool { return h.phase == phaseDone }

// quietC fires when GMP White has waited one resend interval for Black's
// query round and starts the game without it.
func (h *handshake) quietC() <-chan time.Time {
	if h.quiet == nil {
		return nil
	}
	return h.quiet.C
}

func (s *Session) startHandshake() error {
	if s.hs.phase != phaseNotStarted {
		return nil
	}
	if s.opt.Color == board.Black {
		s.hs.phase = phaseBlackWaitRound
		if err := s.l.enqueue(outgoing{p: Packet{Cmd: NewGame}}); err != nil {
			return err
		}
		return s.l.pump()
	}
	s.hs.phase = phaseWhiteWaitNewGame
	if s.hs.pendingNewGame {
		s.startAsking()
		return s.l.pump()
	}
	return nil
}

// queries are what we ask. In SGMP White asks the board size too, last: a
// peer that does not know answers 0 and is taken at its word.
func (s *Session) queries() []uint16 {
	if s.opt.Mode == ModeGMP {
		return []uint16{QueryRules, QueryHandicap, QuerySize, QueryColor}
	}
	return []uint16{QueryColor, QueryHandicap, QuerySize}
}

// startAsking begins our query round; the first QUERY acknowledges the
// peer's NEWGAME (or its OK).
func (s *Session) startAsking() {
	s.trouble = trouble{} // a stale packet before is history now
	s.hs.phase = phaseAsking
	s.hs.toAsk = s.queries()
	s.askNext()
}

func (s *Session) askNext() {
	q := s.hs.toAsk[0]
	s.hs.toAsk = s.hs.toAsk[1:]
	s.l.queue = append(s.l.queue, outgoing{p: Packet{Cmd: Query, Value: q}})
}

// roundDone is called when our last query was answered.
func (s *Session) roundDone() {
	if s.opt.Mode == ModeGMP && s.opt.Color == board.White {
		s.hs.phase = phaseWhiteWaitPeerRound
		s.hs.quiet = time.NewTimer(s.l.timeout)
		return
	}
	s.finishHandshake()
}

func (s *Session) finishHandshake() {
	if s.hs.done() {
		return
	}
	if s.hs.quiet != nil {
		s.hs.quiet.Stop()
		s.hs.quiet = nil
	}
	s.hs.phase = phaseDone
	s.trouble = trouble{}
	s.log.Debug().Str("mode", s.opt.Mode.String()).Msg("sgmp handshake complete")
}

// onAcked reacts to the acknowledgement of our command p. It only changes
// state; the caller sends what is queued.
func (s *Session) onAcked(p Packet, explicit bool) error {
	switch {
	case p.Cmd == Query && !explicit:
		q := p.Value
		s.hs.asked = &q // the peer's ANSWER (or DENY) follows
	case p.Cmd == Query && explicit && s.hs.phase == phaseAsking:
		// An OK instead of an answer: treat as "unknown".
		return s.gotAnswer(p.Value, 0, false)
	case explicit && s.hs.phase == phaseBlackWaitRound && (p.Cmd == NewGame || p.Cmd == Answer):
		if s.opt.Mode == ModeGMP {
			s.startAsking()
		} else {
			s.finishHandshake()
		}
	case explicit && s.hs.phase == phaseWhiteWaitPeerRound && p.Cmd == Answer:
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
	if len(s.hs.toAsk) > 0 {
		s.askNext() // the next QUERY acknowledges the answer
		return nil
	}
	var err error
	if needOK {
		err = s.l.ok()
	}
	if s.hs.phase == phaseAsking {
		s.roundDone()
	}
	return err
}

// onNewGame handles the peer's NEWGAME. One during the game is not taken:
// the peer restarted, and the player waiting for a move is told.
func (s *Session) onNewGame(p Packet) error {
	switch s.hs.phase {
	case phaseDone:
		s.peerTrouble(CondPeerRestarted, "NEWGAME during the game", true)
		return nil
	case phaseNotStarted:
		s.l.take(p)
		s.hs.pendingNewGame = true // answered when Handshake starts
		return nil
	case phaseAsking:
		s.l.take(p)
		return s.l.ok()
	}
	s.l.take(p)
	if s.opt.Color == board.Black {
		if s.opt.Mode == ModeSGMP {
			return &DisagreeError{What: "colour", Ours: colorBlack, Theirs: colorBlack}
		}
		s.l.queue = s.l.queue[:0]
	}
	s.startAsking()
	return nil
}

// onQuery answers the peer's query. A query in the middle of a game is
// answered too (GMP allows it), but shown: it often means a restarted peer.
func (s *Session) onQuery(p Packet) error {
	s.l.take(p)
	if s.hs.done() && s.moves >= 2 {
		s.peerTrouble(CondPeerConfused, fmt.Sprintf("QUERY %s during the game (restarted?)", queryName(p.Value)), false)
	}
	return s.l.command(outgoing{p: Packet{Cmd: Answer, Value: s.answer(p.Value)}})
}

// onAnswer takes the peer's ANSWER (or DENY, an answer of "unknown") to
// our outstanding query.
func (s *Session) onAnswer(p Packet) error {
	s.l.take(p)
	if s.hs.asked == nil {
		if p.Cmd == Deny {
			s.log.Warn().Msg("sgmp: the peer denied our last command")
		} else {
			s.log.Debug().Msg("sgmp: unsolicited ANSWER acknowledged")
		}
		return s.l.ok()
	}
	q := *s.hs.asked
	s.hs.asked = nil
	v := p.Value
	if p.Cmd == Deny {
		v = 0
	}
	return s.gotAnswer(q, v, true)
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
