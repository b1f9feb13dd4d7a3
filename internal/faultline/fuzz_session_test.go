package faultline_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/rs/zerolog"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
)

// wire is one direction of an in-memory cable: writes never wait (a UART
// does not), and after `at` bytes the fuzzer's junk is spliced in.
type wire struct {
	mu     sync.Mutex
	data   []byte
	sent   int
	at     int
	junk   []byte
	ready  chan struct{} // has a value while data is waiting
	closed chan struct{}
	once   sync.Once
}

func newWire(at int, junk []byte) *wire {
	return &wire{at: at, junk: junk, ready: make(chan struct{}, 1), closed: make(chan struct{})}
}

func (w *wire) Write(p []byte) (int, error) {
	select {
	case <-w.closed:
		return 0, errors.New("wire closed")
	default:
	}
	w.mu.Lock()
	for _, b := range p {
		if w.sent == w.at && w.junk != nil {
			w.data = append(w.data, w.junk...)
			w.junk = nil
		}
		w.data = append(w.data, b)
		w.sent++
	}
	w.mu.Unlock()
	select {
	case w.ready <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (w *wire) Read(p []byte) (int, error) {
	for {
		w.mu.Lock()
		if len(w.data) > 0 {
			n := copy(p, w.data)
			w.data = w.data[n:]
			if len(w.data) > 0 {
				select {
				case w.ready <- struct{}{}:
				default:
				}
			}
			w.mu.Unlock()
			return n, nil
		}
		w.mu.Unlock()
		select {
		case <-w.ready:
		case <-w.closed:
			return 0, errors.New("EOF: wire closed")
		}
	}
}

func (w *wire) Close() { w.once.Do(func() { close(w.closed) }) }

type end struct{ in, out *wire }

func (e end) Read(p []byte) (int, error)  { return e.in.Read(p) }
func (e end) Write(p []byte) (int, error) { return e.out.Write(p) }

// script is the game the two sessions try to play: legal-looking points,
// then two passes.
var script = []board.Point{
	board.At(9, 2, 2), board.At(9, 6, 6), board.At(9, 2, 6), board.At(9, 6, 2), board.At(9, 4, 4),
	board.At(9, 3, 3), board.At(9, 5, 5), board.At(9, 0, 8), board.Pass, board.Pass,
}

// FuzzSessionScriptedPeer plays a scripted game between two live SGMP
// sessions on an in-memory cable and splices arbitrary bytes into one
// direction at an arbitrary place. Whatever the bytes, nothing panics,
// every call returns (synctest reports a deadlock of the bubble), and no
// side takes in more moves than were sent plus what the junk could forge.
func FuzzSessionScriptedPeer(f *testing.F) {
	f.Add([]byte{}, uint16(0), uint8(0))                                  // a clean cable: every move arrives
	f.Add([]byte{0x01, 0xd6, 0xd0, 0x86}, uint16(0), uint8(0))            // a MOVE before the handshake
	f.Add([]byte("\x03\xff\xf7\xff hello \x00\x81"), uint16(9), uint8(1)) // talk and a torn packet
	f.Add([]byte{0x00, 0x80, 0x80, 0x80, 0x02, 0xa2, 0xa0, 0x80}, uint16(40), uint8(2))
	f.Fuzz(func(t *testing.T, junk []byte, at uint16, flags uint8) {
		if len(junk) > 4096 {
			return
		}
		synctest.Test(t, func(t *testing.T) {
			playScripted(t, junk, int(at)%200, flags)
		})
	})
}

func playScripted(t *testing.T, junk []byte, at int, flags uint8) {
	ab, ba := newWire(-1, nil), newWire(-1, nil)
	if flags&1 == 0 {
		ab = newWire(at, junk)
	} else {
		ba = newWire(at, junk)
	}
	mode := sgmp.ModeSGMP
	if flags&2 != 0 {
		mode = sgmp.ModeGMP
	}
	opt := func(c board.Color) sgmp.Options {
		return sgmp.Options{Mode: mode, Color: c, Size: 9, ResendTimeout: time.Second, MaxResends: 3, Log: zerolog.Nop()}
	}
	black, err := sgmp.NewSession(end{in: ba, out: ab}, opt(board.Black))
	if err != nil {
		t.Fatal(err)
	}
	white, err := sgmp.NewSession(end{in: ab, out: ba}, opt(board.White))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sides := map[board.Color]*sgmp.Session{board.Black: black, board.White: white}
	var wg sync.WaitGroup
	received := map[board.Color]int{}
	var mu sync.Mutex
	for col, s := range sides {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Handshake(ctx); err != nil {
				return
			}
			for i, p := range script {
				mover := board.Black
				if i%2 == 1 {
					mover = board.White
				}
				if mover == col {
					if s.SendMove(ctx, board.Move{Color: col, Point: p}) != nil {
						return
					}
					continue
				}
				if _, err := s.ReceiveMove(ctx); err != nil {
					return
				}
				mu.Lock()
				received[col]++
				mu.Unlock()
			}
			s.Flush(ctx)
		}()
	}
	wg.Wait()
	ab.Close()
	ba.Close()
	black.Close()
	white.Close()
	if len(junk) == 0 && (received[board.Black] != len(script)/2 || received[board.White] != len(script)/2) {
		t.Fatalf("a clean cable lost moves: black took in %d, white %d of %d each", received[board.Black], received[board.White], len(script)/2)
	}
	limit := len(script)/2 + len(junk)/4 + 1
	for col, n := range received {
		if n > limit {
			t.Fatalf("%s took in %d moves; at most %d were sent or forged", col, n, limit)
		}
	}
}
