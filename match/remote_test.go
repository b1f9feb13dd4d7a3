package match

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
	"github.com/rs/zerolog"
)

// wirePeer is a far end scripted packet by packet, as GNU Go as White.
type wirePeer struct {
	t       *testing.T
	c       net.Conn
	dec     sgmp.Decoder
	pending []sgmp.Packet
	my, his uint8
}

func (p *wirePeer) expect(cmd sgmp.Command) sgmp.Packet {
	p.t.Helper()
	buf := make([]byte, 64)
	for len(p.pending) == 0 {
		p.c.SetReadDeadline(time.Now().Add(10 * time.Second))
		n, err := p.c.Read(buf)
		if err != nil {
			p.t.Errorf("peer read: %v", err)
			return sgmp.Packet{}
		}
		p.pending = p.dec.Decode(p.pending, buf[:n])
	}
	q := p.pending[0]
	p.pending = p.pending[1:]
	if q.Cmd != cmd {
		p.t.Errorf("peer expected %v, got %v", cmd, q)
	}
	if cmd != sgmp.OK {
		p.his = q.Seq
	}
	return q
}

func (p *wirePeer) send(cmd sgmp.Command, v uint16) {
	if cmd != sgmp.OK {
		p.my ^= 1
	}
	b := sgmp.Packet{Seq: p.my, Ack: p.his, Cmd: cmd, Value: v}.Bytes()
	p.c.Write(b[:])
}

// TestRemoteJournalFirstThenRestart: over a real session, the peer's move
// is in the journal before its OK leaves (issue 23 defect 1); then the
// peer restarts with a NEWGAME, and the operator is asked at once (well
// within one resend interval) and enters the rest by hand.
func TestRemoteJournalFirstThenRestart(t *testing.T) {
	o := opts(t)
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	s, err := sgmp.NewSession(a, sgmp.Options{Color: board.Black, Size: 9, HoldOK: true, ResendTimeout: 2 * time.Second, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	restarted := make(chan time.Time, 1)
	asked := make(chan time.Duration, 1)
	o.OnLinkDown = func(ctx context.Context, col board.Color, err error) (Player, error) {
		if !errors.Is(err, sgmp.ErrPeerTrouble) || !strings.Contains(err.Error(), "NEWGAME during the game") {
			t.Errorf("OnLinkDown(%v, %v)", col, err)
		}
		asked <- time.Since(<-restarted)
		return &scripted{name: "typed", moves: []string{"C3"}}, nil
	}
	go func() {
		p := &wirePeer{t: t, c: b}
		p.expect(sgmp.NewGame)
		p.send(sgmp.Query, sgmp.QueryColor)
		p.expect(sgmp.Answer)
		p.send(sgmp.Query, sgmp.QueryHandicap)
		p.expect(sgmp.Answer)
		p.send(sgmp.OK, 0)
		p.expect(sgmp.Move)                                               // E5
		p.send(sgmp.Move, uint16(0x200|board.SGMP(9, board.At(9, 3, 3)))) // W D4
		p.expect(sgmp.OK)
		if rec := readRecord(t, o.Journal); len(rec.Nodes) != 2 {
			t.Errorf("the OK of D4 left before D4 was journaled (%d moves in the journal)", len(rec.Nodes))
		}
		p.expect(sgmp.Move) // F5
		p.send(sgmp.OK, 0)
		p.my, p.his = 0, 0 // a fresh GNU Go
		restarted <- time.Now()
		p.send(sgmp.NewGame, 0)
		buf := make([]byte, 64)
		for {
			if _, err := b.Read(buf); err != nil {
				return
			}
		}
	}()
	black := &scripted{name: "kisen", moves: []string{"E5", "F5"}}
	res, _ := run(t, o, black, NewRemotePlayer("gnugo", s, false))
	select {
	case d := <-asked:
		if d > 2*time.Second {
			t.Errorf("asked %v after the NEWGAME, more than one resend interval", d)
		}
	default:
		t.Fatal("the operator was never asked")
	}
	rec := readRecord(t, o.Journal)
	var got []string
	for _, n := range rec.Nodes {
		got = append(got, board.GTP(9, n.Move.Point))
	}
	if res.Reason != TwoPasses || strings.Join(got, " ") != "E5 D4 F5 C3 pass pass" {
		t.Fatalf("outcome %+v, moves %v", res, got)
	}
}
