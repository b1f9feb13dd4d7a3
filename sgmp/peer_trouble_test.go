package sgmp

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kisen-go/kisen/board"
)

// silent checks that the session has sent nothing the peer has not read,
// once every goroutine is idle.
func (p *peer) silent() {
	p.t.Helper()
	synctest.Wait()
	p.rw.r.mu.Lock()
	n := len(p.rw.r.data)
	p.rw.r.mu.Unlock()
	if n > 0 || len(p.pending) > 0 {
		p.t.Fatalf("peer expected silence, got %d bytes", n)
	}
}

// blackHandshake plays Black's side of the SGMP handshake against a White
// session.
func blackHandshake(t *testing.T, s *Session, p *peer) {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- s.Handshake(context.Background()) }()
	p.cmd(NewGame, 0)
	p.expect(Query, QueryColor)
	p.cmd(Answer, colorBlack)
	p.expect(Query, QueryHandicap)
	p.cmd(Answer, 1)
	p.expect(Query, QuerySize)
	p.cmd(Answer, 9)
	p.expect(OK, -1)
	if err := <-errc; err != nil {
		t.Fatalf("handshake: %v", err)
	}
}

// started joins a session to a scripted peer and plays the SGMP
// handshake from the peer's side.
func started(t *testing.T, opt Options) (*Session, *peer) {
	t.Helper()
	a, b := duplex()
	s := newTestSession(t, a, opt)
	p := newPeer(t, b)
	if opt.Color == board.Black {
		whiteHandshake(t, s, p)
	} else {
		blackHandshake(t, s, p)
	}
	return s, p
}

// TestStaleMoveBeforeNewGame: a MOVE left in the line before Black's
// NEWGAME (issue 23 defect 2) is ignored without touching the sequence
// bits, so the real NEWGAME, with the same bit, still starts the game.
func TestStaleMoveBeforeNewGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.White})
		p := newPeer(t, b)
		go s.Handshake(context.Background())
		synctest.Wait()
		p.write(Packet{Seq: 1, Ack: 0, Cmd: Move, Value: uint16(board.SGMP(9, board.At(9, 4, 4)))})
		p.silent()
		if st := s.Status(); st.Cond != CondPeerConfused || !strings.Contains(st.Detail, "before the game started") {
			t.Fatalf("status %+v", st)
		}
		blackHandshake(t, s, p)
		if st := s.Status(); st.Cond != CondReady {
			t.Fatalf("status after the handshake %+v", st)
		}
	})
}

// TestMoveOutOfTurnRefused: a second MOVE of the peer before ours (issue
// 23 defect 3) is neither acknowledged nor delivered, and the status says
// so; the game goes on with our move.
func TestMoveOutOfTurnRefused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, p := started(t, Options{Color: board.White})
		first := p.move(board.Black, 4, 4)
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 4, 4) {
			t.Fatal(m)
		}
		p.move(board.Black, 2, 2) // out of turn
		p.silent()
		st := s.Status()
		if st.Cond != CondPeerConfused || !strings.Contains(st.Detail, "MOVE B C3 out of turn") {
			t.Fatalf("status %+v", st)
		}
		sendMove(t, s, board.White, 6, 6)
		q := p.next()
		if q.Cmd != Move || q.Ack != first.Seq {
			t.Fatalf("our move %v does not leave the refused MOVE unacknowledged", q)
		}
		p.his = q.Seq
		p.my ^= 1 // the peer takes its refused move back and answers ours
		p.move(board.Black, 2, 6)
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 2, 6) {
			t.Fatalf("received %v, want C7 (the refused C3 never delivered)", m)
		}
	})
}

// TestHoldOKUntilCommit: with HoldOK the peer's MOVE is acknowledged only
// after Commit, and a repeat of it meanwhile gets no OK either (issue 23
// defect 1: journal first, then OK).
func TestHoldOKUntilCommit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, p := started(t, Options{Color: board.White, HoldOK: true, ResendTimeout: time.Second})
		q := p.move(board.Black, 4, 4)
		receive(t, s)
		// What the referee journals right away must hold the move's bit
		// and the owed OK (a stale state resumed one move behind).
		if st := s.State(); st.His != q.Seq || !st.OweOK {
			t.Fatalf("state when the move is handed over: %+v, want his %d and an owed OK", st, q.Seq)
		}
		p.silent()
		if !s.State().OweOK {
			t.Fatal("the journal's link state does not say an OK is owed")
		}
		p.write(q) // the peer's resend
		p.silent()
		if err := s.Commit(context.Background()); err != nil {
			t.Fatal(err)
		}
		p.expect(OK, -1)
		if s.State().OweOK {
			t.Fatal("OK still owed after Commit")
		}
		p.write(q) // a later repeat is a plain duplicate again
		p.expect(OK, -1)
	})
}

// TestResumeSendsOwedOK: a journal taken between the move and its OK
// resumes by sending the OK, so the peer need not wait a resend interval.
func TestResumeSendsOwedOK(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		p := newPeer(t, b)
		newTestSession(t, a, Options{Color: board.White, HoldOK: true, Resume: &LinkState{My: 1, His: 0, Started: true, OweOK: true}})
		q := p.expect(OK, -1)
		if q.Ack != 0 || q.Seq != 1 {
			t.Fatalf("owed OK %v", q)
		}
	})
}

// TestNewGameDuringTheGame: a peer that restarts and sends NEWGAME in mid
// game is reported at once to the player waiting for a move, as peer
// trouble; the session stays up, so waiting again works.
func TestNewGameDuringTheGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, p := started(t, Options{Color: board.Black})
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, -1)
		p.ok()
		errc := make(chan error, 1)
		go func() { _, err := s.ReceiveMove(context.Background()); errc <- err }()
		synctest.Wait()
		start := time.Now()
		p.my, p.his = 0, 0 // a fresh program
		p.cmd(NewGame, 0)
		err := <-errc
		if !errors.Is(err, ErrPeerTrouble) || !strings.Contains(err.Error(), "NEWGAME during the game") {
			t.Fatalf("ReceiveMove: %v", err)
		}
		if d := time.Since(start); d > 0 {
			t.Fatalf("reported after %v", d)
		}
		st := s.Status()
		if st.Cond != CondPeerRestarted || !strings.Contains(st.Line(time.Now().Add(5*time.Second)), "peer restarted: NEWGAME during the game (5 s)") {
			t.Fatalf("status %+v: %s", st, st.Line(time.Now()))
		}
		p.silent() // not acknowledged: a restarted GNU Go would take an OK as the end of its handshake
		if s.Err() != nil {
			t.Fatalf("the session stopped: %v", s.Err())
		}
	})
}

// TestStatusTellsTheWait: the status follows our command from sending to
// acknowledgement, with resends, then silence, then the end of the game.
func TestStatusTellsTheWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black, ResendTimeout: 10 * time.Second})
		p := newPeer(t, b)
		if st := s.Status(); st.Cond != CondHandshaking {
			t.Fatalf("before the handshake %+v", st)
		}
		whiteHandshake(t, s, p)
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, -1)
		time.Sleep(5 * time.Second)
		st := s.Status()
		if got := st.Line(time.Now()); got != "waiting for the OK of MOVE B E5 (5 s)" {
			t.Fatalf("line %q", got)
		}
		time.Sleep(6 * time.Second) // resent once, nothing heard
		p.expect(Move, -1)
		synctest.Wait()
		st = s.Status()
		if got := st.Line(time.Now()); st.Cond != CondPeerSilent || got != "peer silent 0:11 (MOVE B E5 not acknowledged, resent 1×)" {
			t.Fatalf("status %+v line %q", st, got)
		}
		p.ok()
		synctest.Wait()
		st = s.Status()
		if st.Cond != CondReady || st.LastHeard.IsZero() || st.Line(time.Now().Add(59*time.Second)) != "ok" {
			t.Fatalf("after the OK %+v", st)
		}
		// Then the peer thinks, or died: the line says how long it has been.
		if got := st.Line(time.Now().Add(65 * time.Second)); got != "ok — the peer is thinking (nothing heard for 1:05)" {
			t.Fatalf("line %q", got)
		}
		s.Close()
		if st := s.Status(); st.Cond != CondEnded || st.Line(time.Now()) != "game over" {
			t.Fatalf("after Close %+v", st)
		}
	})
}

// TestStatusDownSaysWhy: a hang-up is "DOWN: cable pulled or peer gone",
// not the wrapped error chain.
func TestStatusDownSaysWhy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a, b := duplex()
		s := newTestSession(t, a, Options{Color: board.Black})
		b.Close()
		synctest.Wait()
		if got := s.Status().Line(time.Now()); got != "DOWN: cable pulled or peer gone" {
			t.Fatalf("line %q", got)
		}
	})
}

// TestStateHoldsTheMoveJustSent: the referee journals State() as soon as
// SendMove returns; it must hold the move's sequence bit, or a kill then
// resumes with the bit unspent (kill soak seed 2026, game 6). Real
// goroutines, not synctest: the race is between the caller and the loop.
func TestStateHoldsTheMoveJustSent(t *testing.T) {
	for i := 0; i < 200; i++ {
		s, p := started(t, Options{Color: board.Black, ResendTimeout: time.Minute})
		before := s.State().My
		sendMove(t, s, board.Black, 4, 4)
		if st := s.State(); st.My == before || st.Unacked == nil || st.Unacked.Seq != st.My {
			t.Fatalf("run %d: state after SendMove %+v (my was %d)", i, st, before)
		}
		p.expect(Move, -1)
		s.Close()
	}
}

// TestResentMoveAcknowledgesOurs (kill soak seed 2026, game 15): the peer
// is killed after sending its move and resumed; our answer arrives before
// its resend, which it builds afresh with the same sequence bit and an ack
// bit that acknowledges our answer. That is a repeat of its move (not
// played twice) and the acknowledgement of ours; before, each side
// repeated its move to the other for ever.
func TestResentMoveAcknowledgesOurs(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, p := started(t, Options{Color: board.Black})
		sendMove(t, s, board.Black, 4, 4)
		p.expect(Move, -1)
		g3 := p.move(board.White, 6, 2) // acknowledges our E5
		p.expect(OK, -1)
		if m := receive(t, s); m.Point != board.At(9, 6, 2) {
			t.Fatal(m)
		}
		sendMove(t, s, board.Black, 3, 4) // D5, implicitly acknowledging G3
		d5 := p.expect(Move, -1)
		// The peer, resumed, sends G3 again, now acknowledging D5.
		p.write(Packet{Seq: g3.Seq, Ack: d5.Seq, Cmd: Move, Value: g3.Value})
		p.expect(OK, -1)
		if err := s.Flush(context.Background()); err != nil {
			t.Fatalf("D5 not acknowledged: %v", err)
		}
		p.silent()
		if st := s.Status(); st.Cond != CondReady {
			t.Fatalf("status %+v", st)
		}
	})
}
