package sgmp

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/rs/zerolog"
)

// peer is a scripted far end that follows the protocol by hand.
type peer struct {
	t       *testing.T
	rw      end
	dec     Decoder
	pending []Packet
	my, his uint8
	size    int
}

func newPeer(t *testing.T, rw end) *peer { return &peer{t: t, rw: rw, size: 9} }

// next reads the next packet the session sent.
func (p *peer) next() Packet {
	p.t.Helper()
	buf := make([]byte, 64)
	for len(p.pending) == 0 {
		n, err := p.rw.Read(buf)
		if err != nil {
			p.t.Fatalf("peer read: %v", err)
		}
		p.pending = p.dec.Decode(p.pending, buf[:n])
	}
	q := p.pending[0]
	p.pending = p.pending[1:]
	return q
}

// expect reads a packet and checks its command (and value, unless v < 0);
// a new command is accepted (his updated).
func (p *peer) expect(cmd Command, v int) Packet {
	p.t.Helper()
	q := p.next()
	if q.Cmd != cmd || (v >= 0 && int(q.Value) != v) {
		p.t.Fatalf("peer expected %v %d, got %v", cmd, v, q)
	}
	if cmd != OK {
		p.his = q.Seq
	}
	return q
}

func (p *peer) write(q Packet) {
	p.t.Helper()
	b := q.Bytes()
	if _, err := p.rw.Write(b[:]); err != nil {
		p.t.Fatalf("peer write: %v", err)
	}
}

// cmd sends a new command (toggles the peer's bit).
func (p *peer) cmd(c Command, v uint16) Packet {
	p.my ^= 1
	q := Packet{Seq: p.my, Ack: p.his, Cmd: c, Value: v}
	p.write(q)
	return q
}

func (p *peer) ok() { p.write(Packet{Seq: p.my, Ack: p.his, Cmd: OK}) }

func (p *peer) move(c board.Color, col, row int) Packet {
	v := uint16(board.SGMP(p.size, board.At(p.size, col, row)))
	if c == board.White {
		v |= moveWhite
	}
	return p.cmd(Move, v)
}

func newTestSession(t *testing.T, rw end, opt Options) *Session {
	t.Helper()
	if opt.Size == 0 {
		opt.Size = 9
	}
	opt.Log = zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.TraceLevel)
	s, err := NewSession(rw, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(); rw.Close() })
	return s
}

// whiteHandshake plays GNU Go's White side of the SGMP handshake against
// a Black session.
func whiteHandshake(t *testing.T, s *Session, p *peer) {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- s.Handshake(context.Background()) }()
	p.expect(NewGame, 0)
	p.cmd(Query, QueryColor)
	p.expect(Answer, colorBlack)
	p.cmd(Query, QueryHandicap)
	p.expect(Answer, 1)
	p.ok()
	if err := <-errc; err != nil {
		t.Fatalf("handshake: %v", err)
	}
}

func sendMove(t *testing.T, s *Session, c board.Color, col, row int) {
	t.Helper()
	if err := s.SendMove(context.Background(), board.Move{Color: c, Point: board.At(9, col, row)}); err != nil {
		t.Fatalf("SendMove: %v", err)
	}
}

func receive(t *testing.T, s *Session) board.Move {
	t.Helper()
	m, err := s.ReceiveMove(context.Background())
	if err != nil {
		t.Fatalf("ReceiveMove: %v", err)
	}
	return m
}

func TestSGMPBlackGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		if st := s.State(); !st.Started || st.Unacked != nil {
			t.Fatalf("state after handshake %+v", st)
		}
		sendMove(t, s, board.Black, 4, 4)
		q := p.expect(Move, board.SGMP(9, board.At(9, 4, 4)))
		if q.Ack != p.my {
			t.Fatalf("move's ack bit %d, peer's last command %d", q.Ack, p.my)
		}
		p.ok()
		if err := s.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		// GNU Go sets the wrong colour bit: the session trusts the turn.
		p.move(board.Black, 2, 2)
		p.expect(OK, -1)
		if m := receive(t, s); m != (board.Move{Color: board.White, Point: board.At(9, 2, 2)}) {
			t.Fatalf("received %+v", m)
		}
	})
}

func TestSGMPWhiteHandshake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		p := newPeer(t, b)
		p.cmd(NewGame, 0) // Black's NEWGAME is already waiting when we start
		s := newTestSession(t, a, Options{Color: board.White})
		errc := make(chan error, 1)
		go func() { errc <- s.Handshake(context.Background()) }()
		q := p.expect(Query, QueryColor)
		if q.Ack != 1 {
			t.Fatalf("QUERY does not acknowledge NEWGAME: %v", q)
		}
		p.cmd(Answer, colorBlack)
		p.expect(Query, QueryHandicap)
		p.cmd(Answer, 1)
		p.expect(Query, QuerySize)
		p.cmd(Answer, 0) // GNU Go does not know its size: taken at its word
		p.expect(OK, -1)
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		p.move(board.Black, 4, 4)
		p.expect(OK, -1)
		if m := receive(t, s); m.Color != board.Black || m.Point != board.At(9, 4, 4) {
			t.Fatalf("received %+v", m)
		}
		sendMove(t, s, board.White, 2, 2)
		p.expect(Move, 0x200|board.SGMP(9, board.At(9, 2, 2)))
	})
}

func TestDisagreements(t *testing.T) {
	cases := []struct {
		name   string
		opt    Options
		answer []uint16 // to COLOR, HANDICAP, SIZE in turn
		what   string
	}{
		{"colour", Options{Color: board.White}, []uint16{colorWhite}, "colour"},
		{"handicap", Options{Color: board.White}, []uint16{colorBlack, 3}, "handicap"},
		{"size", Options{Color: board.White}, []uint16{colorBlack, 1, 13}, "board size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				a, b := duplex()
				p := newPeer(t, b)
				s := newTestSession(t, a, c.opt)
				errc := make(chan error, 1)
				go func() { errc <- s.Handshake(context.Background()) }()
				p.cmd(NewGame, 0)
				for i, q := range []int{QueryColor, QueryHandicap, QuerySize}[:len(c.answer)] {
					p.expect(Query, q)
					p.cmd(Answer, c.answer[i])
				}
				err := <-errc
				var de *DisagreeError
				if !errors.As(err, &de) || de.What != c.what {
					t.Fatalf("got %v", err)
				}
				t.Log(err)
			})
		})
	}
}

func TestLostMoveResent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		lost := 0
		a.w.drop = func(b []byte) bool {
			if b[2]>>4&7 == byte(Move) && lost == 0 {
				lost++
				return true
			}
			return false
		}
		start := time.Now()
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, board.SGMP(9, board.At(9, 4, 4)))
		if d := time.Since(start); d != 20*time.Second {
			t.Fatalf("resent after %v, want 20s", d)
		}
		p.ok()
		p.move(board.White, 2, 2)
		p.expect(OK, -1)
		receive(t, s)
		sendMove(t, s, board.Black, 5, 5)
		p.expect(Move, -1)
		p.ok()
		if err := s.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDuplicateMoveAppliedOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.White})
		p := newPeer(t, b)
		go s.Handshake(context.Background())
		p.cmd(NewGame, 0)
		p.expect(Query, QueryColor)
		p.cmd(Answer, colorBlack)
		p.expect(Query, QueryHandicap)
		p.cmd(Answer, 1)
		p.expect(Query, QuerySize)
		p.cmd(Answer, 0) // GNU Go does not know its size: taken at its word
		p.expect(OK, -1)
		q := p.move(board.Black, 4, 4)
		p.expect(OK, -1)
		p.write(q) // our OK "was lost": the peer repeats the move
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 4, 4) {
			t.Fatal(m)
		}
		sendMove(t, s, board.White, 3, 3)
		p.expect(Move, -1)
		p.ok()
		p.move(board.Black, 6, 6)
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 6, 6) {
			t.Fatalf("duplicate delivered twice: got %v", m)
		}
	})
}

func TestCorruptedPacketAndTalk(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, -1)
		p.rw.Write([]byte("hello from the peer\r\n\xff\x01\x85"))
		p.ok()
		p.rw.Write([]byte("talk"))
		p.my ^= 1
		good := Packet{Seq: p.my, Ack: p.his, Cmd: Move, Value: 0x200 | uint16(board.SGMP(9, board.At(9, 2, 2)))}
		bad := good.Bytes()
		bad[1] ^= 0x01
		p.rw.Write(bad[:])
		time.Sleep(5 * time.Second)
		synctest.Wait()
		if len(p.pending) != 0 {
			t.Fatalf("session answered a corrupted packet: %v", p.pending)
		}
		p.write(good) // the peer's own resend
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 2, 2) {
			t.Fatal(m)
		}
		if err := s.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestCrossingWithGNUGoLikePeer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		sendMove(t, s, board.Black, 4, 4)
		// The peer sends a command before reading ours: a crossing.
		p.my ^= 1
		cross := Packet{Seq: p.my, Ack: p.his, Cmd: Query, Value: QuerySize}
		p.write(cross)
		p.expect(Move, -1)
		// Like GNU Go, the peer abandons its command (flips its bit back)
		// and takes our resend.
		p.my ^= 1
		p.expect(Move, -1) // the immediate resend
		p.ok()
		if err := s.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		p.cmd(Query, QuerySize)
		p.expect(Answer, 9)
		p.ok()
		p.move(board.White, 1, 1)
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 1, 1) {
			t.Fatal(m)
		}
	})
}

func TestCrossingKisenVsKisen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		resume := &LinkState{Started: true}
		bl := newTestSession(t, a, Options{Color: board.Black, Resume: resume})
		wh := newTestSession(t, b, Options{Color: board.White, Resume: resume})
		ctx := context.Background()
		// Both send at once (not in the rules, but a link must survive it).
		go bl.SendMove(ctx, board.Move{Color: board.Black, Point: board.At(9, 4, 4)})
		go wh.SendMove(ctx, board.Move{Color: board.White, Point: board.At(9, 2, 2)})
		m1 := receive(t, wh)
		m2 := receive(t, bl)
		if m1.Point != board.At(9, 4, 4) || m2.Point != board.At(9, 2, 2) {
			t.Fatal(m1, m2)
		}
		if err := bl.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if err := wh.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPeerVanishes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, -1)
		p.ok()
		p.move(board.White, 2, 2)
		p.rw.Close() // cable pulled
		if m := receive(t, s); m.Point != board.At(9, 2, 2) {
			t.Fatal(m)
		}
		if _, err := s.ReceiveMove(context.Background()); !errors.Is(err, ErrLinkDown) {
			t.Fatalf("got %v, want ErrLinkDown", err)
		}
	})
}

func TestSilentPeerLinkDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black, ResendTimeout: 3 * time.Second, MaxResends: 4})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		start := time.Now()
		sendMove(t, s, board.Black, 4, 4)
		for i := 0; i < 5; i++ {
			p.expect(Move, -1)
		}
		err := s.Flush(context.Background())
		if !errors.Is(err, ErrLinkDown) {
			t.Fatalf("got %v", err)
		}
		if d := time.Since(start); d != 15*time.Second {
			t.Fatalf("link down after %v, want 15s (4 resends 3s apart, then one more timeout)", d)
		}
	})
}

func TestDenyUndoExtended(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		p.cmd(Extended, 3)
		q := p.expect(Deny, 0)
		p.ok()
		p.cmd(Undo, 1)
		q2 := p.expect(Deny, 0)
		if q2.Seq == q.Seq {
			t.Fatal("DENY did not toggle the sequence bit")
		}
		p.ok()
		p.cmd(Deny, 0)
		p.expect(OK, -1)
		if st := s.State(); st.Unacked != nil {
			t.Fatalf("unacked %v", st.Unacked)
		}
	})
}

func TestUndoAllowed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black, AllowUndo: true})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		p.cmd(Undo, 2)
		p.expect(OK, -1)
		_, err := s.ReceiveMove(context.Background())
		var ue *UndoError
		if !errors.As(err, &ue) || ue.N != 2 {
			t.Fatalf("got %v", err)
		}
	})
}

func TestTwoPassesAndTrailingPass(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		whiteHandshake(t, s, p)
		ctx := context.Background()
		if err := s.SendMove(ctx, board.Move{Color: board.Black, Point: board.Pass}); err != nil {
			t.Fatal(err)
		}
		p.expect(Move, 0)
		p.ok()
		p.cmd(Move, 0x200) // White passes: game over
		p.expect(OK, -1)
		p.cmd(Move, 0x200) // GNU Go's extra trailing pass
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.Pass || m.Color != board.White {
			t.Fatal(m)
		}
		if _, err := s.ReceiveMove(ctx); !errors.Is(err, ErrGameOver) {
			t.Fatalf("got %v, want ErrGameOver", err)
		}
	})
}

// gmpWhitePeer plays GNU Go's White side of the full GMP handshake (trace
// in docs/sgmp.md) and answers kisen's round.
func TestGMPBlackHandshake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Mode: ModeGMP, Color: board.Black})
		p := newPeer(t, b)
		errc := make(chan error, 1)
		go func() { errc <- s.Handshake(context.Background()) }()
		p.expect(NewGame, 0)
		for _, q := range []struct{ q, a uint16 }{{QueryRules, 1}, {QuerySize, 9}, {QueryHandicap, 1}, {QueryColor, colorBlack}} {
			p.cmd(Query, q.q)
			p.expect(Answer, int(q.a))
		}
		p.ok()
		for _, q := range []struct{ q, a uint16 }{{QueryRules, 1}, {QueryHandicap, 1}, {QuerySize, 0}, {QueryColor, colorWhite}} {
			p.expect(Query, int(q.q))
			p.cmd(Answer, q.a)
		}
		p.expect(OK, -1)
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	})
}

func TestGMPWhiteHandshake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Mode: ModeGMP, Color: board.White})
		p := newPeer(t, b)
		errc := make(chan error, 1)
		go func() { errc <- s.Handshake(context.Background()) }()
		p.cmd(NewGame, 0)
		for _, q := range []struct{ q, a uint16 }{{QueryRules, 1}, {QueryHandicap, 0}, {QuerySize, 0}, {QueryColor, colorBlack}} {
			p.expect(Query, int(q.q))
			p.cmd(Answer, q.a)
		}
		p.expect(OK, -1)
		// GNU Go's own round: it does not know the size, we must answer.
		p.cmd(Query, QuerySize)
		p.expect(Answer, 9)
		p.cmd(Query, QueryHandicap)
		p.expect(Answer, 1)
		p.ok()
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		p.move(board.Black, 4, 4)
		p.expect(OK, -1)
		receive(t, s)
	})
}

func TestResumeResendsUnacked(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		un := Packet{Seq: 1, Ack: 0, Cmd: Move, Value: 41}
		st := LinkState{My: 1, His: 0, Unacked: &un, Started: true}
		js, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var back LinkState
		if err := json.Unmarshal(js, &back); err != nil {
			t.Fatal(err)
		}
		s := newTestSession(t, a, Options{Color: board.Black, Resume: &back})
		if err := s.Handshake(context.Background()); err != nil {
			t.Fatal(err)
		}
		p := newPeer(t, b)
		if q := p.next(); q != un {
			t.Fatalf("resent %v, want %v (journal %s)", q, un, js)
		}
		p.his = 1
		p.ok()
		if err := s.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestParseMode(t *testing.T) {
	if m, err := ParseMode("GMP"); err != nil || m != ModeGMP {
		t.Fatal(m, err)
	}
	if m, err := ParseMode("sgmp"); err != nil || m != ModeSGMP {
		t.Fatal(m, err)
	}
	if _, err := ParseMode("x"); err == nil {
		t.Fatal("accepted x")
	}
}

// A repeated QUERY (our ANSWER was lost) gets the ANSWER again, not an OK.
func TestLostAnswerRepeated(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		p := newPeer(t, b)
		errc := make(chan error, 1)
		go func() { errc <- s.Handshake(context.Background()) }()
		p.expect(NewGame, 0)
		q := p.cmd(Query, QueryColor)
		first := p.expect(Answer, colorBlack)
		p.write(q) // as if the ANSWER was lost
		if again := p.expect(Answer, colorBlack); again != first {
			t.Fatalf("repeat %v, first %v", again, first)
		}
		p.cmd(Query, QueryHandicap)
		p.expect(Answer, 1)
		p.ok()
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	})
}

// Black's repeated NEWGAME, before our Handshake starts, must not be OK'd:
// that OK would end Black's handshake before White asked anything.
func TestRepeatedNewGameBeforeHandshake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		p := newPeer(t, b)
		s := newTestSession(t, a, Options{Color: board.White})
		q := p.cmd(NewGame, 0)
		time.Sleep(20 * time.Second)
		p.write(q)
		time.Sleep(time.Second)
		synctest.Wait()
		go s.Handshake(context.Background())
		p.expect(Query, QueryColor)
	})
}

// TestGMPDisagreements: in full GMP mode the rules and the board size are
// asked too; a different answer stops the handshake naming both values.
func TestGMPDisagreements(t *testing.T) {
	cases := []struct {
		name    string
		answers []uint16 // rules, handicap, size
		what    string
	}{
		{"rules", []uint16{2}, "rules"},
		{"size", []uint16{1, 0, 13}, "board size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				a, b := duplex()
				p := newPeer(t, b)
				s := newTestSession(t, a, Options{Mode: ModeGMP, Color: board.White})
				errc := make(chan error, 1)
				go func() { errc <- s.Handshake(context.Background()) }()
				p.cmd(NewGame, 0)
				for i, q := range []uint16{QueryRules, QueryHandicap, QuerySize}[:len(c.answers)] {
					p.expect(Query, int(q))
					p.cmd(Answer, c.answers[i])
				}
				err := <-errc
				var de *DisagreeError
				if !errors.As(err, &de) || !strings.HasPrefix(de.What, c.what) {
					t.Fatalf("got %v", err)
				}
				if !strings.Contains(err.Error(), strconv.Itoa(int(c.answers[len(c.answers)-1]))) {
					t.Fatalf("the message does not name their value: %v", err)
				}
				t.Log(err)
			})
		})
	}
}
