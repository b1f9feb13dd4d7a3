package sgmp

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/rs/zerolog"
)

// FuzzSession feeds arbitrary bytes from a hostile peer to a session of
// either colour and mode: it must never panic, never deliver more moves than
// the peer sent packets, and stop cleanly when the line hangs up.
func FuzzSession(f *testing.F) {
	nm := Packet{Seq: 1, Cmd: NewGame}.Bytes()
	mv := Packet{Seq: 0, Ack: 1, Cmd: Move, Value: 41}.Bytes()
	f.Add(append(nm[:], mv[:]...), uint8(0))
	f.Add([]byte{0x03, 0xff, 0xf7, 0xff, 0x01, 0x85, 'h', 'i', 0x00}, uint8(3))
	f.Add(append(nm[:], mv[:]...), uint8(8))
	f.Add(mv[:], uint8(4|8|16))
	f.Fuzz(func(t *testing.T, in []byte, flags uint8) {
		synctest.Test(t, func(t *testing.T) {
			a, b := duplex()
			opt := Options{Color: board.Black, Size: 9, Log: zerolog.Nop(), ResendTimeout: time.Second, MaxResends: 2}
			if flags&1 != 0 {
				opt.Color = board.White
			}
			if flags&2 != 0 {
				opt.Mode = ModeGMP
			}
			if flags&4 != 0 {
				opt.Resume = &LinkState{Started: true, OweOK: flags&16 != 0}
			}
			opt.HoldOK = flags&8 != 0
			s, err := NewSession(a, opt)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			go s.Handshake(ctx)
			committed := make(chan struct{})
			cctx, stopCommits := context.WithCancel(ctx)
			go func() { // the referee journals each move, then commits
				defer close(committed)
				for opt.HoldOK && s.Commit(cctx) == nil {
					select {
					case <-time.After(100 * time.Millisecond):
					case <-cctx.Done():
						return
					}
				}
			}()
			b.Write(in)
			go func() { // drain what the session writes
				buf := make([]byte, 64)
				for {
					if _, err := b.Read(buf); err != nil {
						return
					}
				}
			}()
			time.Sleep(10 * time.Second)
			b.Close()
			n := 0
			for {
				if _, err := s.ReceiveMove(ctx); err != nil && (errors.Is(err, ErrGameOver) || ctx.Err() != nil || isLinkDown(err)) {
					break
				}
				n++
				if n > len(in)/4+1 {
					t.Fatalf("%d moves delivered from %d bytes", n, len(in))
				}
			}
			stopCommits()
			<-committed
			s.Close()
			a.Close()
		})
	})
}

func isLinkDown(err error) bool {
	var de *DisagreeError
	return errors.Is(err, ErrLinkDown) || errors.As(err, &de)
}
