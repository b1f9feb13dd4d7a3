//go:build linux

package sgmp

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/internal/pty"
	"github.com/rs/zerolog"
)

// TestKisenVsKisenOverPty plays whole random games between two sessions on
// the two ends of an in-process null-modem pair of real ptys, opened with
// OpenPort like serial ports, in both modes and with the colours swapped.
func TestKisenVsKisenOverPty(t *testing.T) {
	for _, mode := range []Mode{ModeSGMP, ModeGMP} {
		for _, blackOnA := range []bool{true, false} {
			name := mode.String() + "/black-on-A"
			if !blackOnA {
				name = mode.String() + "/black-on-B"
			}
			t.Run(name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				pa, pb, closeFn, err := pty.NullModem(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer closeFn()
				ports := map[board.Color]string{board.Black: pa, board.White: pb}
				if !blackOnA {
					ports[board.Black], ports[board.White] = pb, pa
				}
				type result struct {
					moves []board.Move
					err   error
				}
				res := map[board.Color]chan result{board.Black: make(chan result, 1), board.White: make(chan result, 1)}
				// White listens first, as the tournament rules ask.
				for i, c := range []board.Color{board.White, board.Black} {
					port, err := OpenPort(PortConfig{Name: ports[c]})
					if err != nil {
						t.Fatal(err)
					}
					defer port.Close()
					log := zerolog.Nop()
					if testing.Verbose() {
						log = zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.DebugLevel).With().Str("us", c.String()).Logger()
					}
					s, err := NewSession(port, Options{Mode: mode, Color: c, Size: 9, ResendTimeout: 2 * time.Second, Log: log})
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					go func() {
						if err := s.Handshake(ctx); err != nil {
							res[c] <- result{err: err}
							return
						}
						ms, err := playGame(ctx, s, c, 9, uint64(7+i), false, 0)
						res[c] <- result{ms, err}
					}()
				}
				b, w := <-res[board.Black], <-res[board.White]
				if b.err != nil || w.err != nil {
					t.Fatalf("black: %v; white: %v", b.err, w.err)
				}
				if movesString(9, b.moves) != movesString(9, w.moves) {
					t.Fatalf("the two sides saw different games:\n%s\n%s", movesString(9, b.moves), movesString(9, w.moves))
				}
				t.Logf("%s: %d moves", name, len(b.moves))
			})
		}
	}
}

// TestPtyHangUp: closing the far end of the cable is reported as
// ErrLinkDown, after the move already received.
func TestPtyHangUp(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	master, path, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	port, err := OpenPort(PortConfig{Name: path})
	if err != nil {
		master.Close()
		t.Fatal(err)
	}
	defer port.Close()
	s, err := NewSession(port, Options{Color: board.Black, Size: 9, Resume: &LinkState{Started: true}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mv := Packet{Seq: 1, Cmd: Move, Value: 0x200 | 41}.Bytes()
	master.Write(mv[:])
	m, err := s.ReceiveMove(ctx)
	if err != nil || m.Point != board.At(9, 4, 4) {
		t.Fatalf("%v %v", m, err)
	}
	master.Close()
	if _, err := s.ReceiveMove(ctx); !errors.Is(err, ErrLinkDown) {
		t.Fatalf("got %v, want ErrLinkDown", err)
	}
}

func TestOpenPortErrors(t *testing.T) {
	_, err := OpenPort(PortConfig{Name: "/dev/does-not-exist-kisen"})
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("got %v", err)
	}
	t.Log(err)
	_, err = OpenPort(PortConfig{Name: "/dev/null"})
	if !errors.Is(err, ErrNotSerial) {
		t.Fatalf("got %v", err)
	}
	if _, err := OpenPort(PortConfig{Name: "/dev/null", Parity: "mark"}); err == nil {
		t.Fatal("mark parity accepted")
	}
	if _, err := OpenPort(PortConfig{Name: "/dev/null", FlowControl: "rtscts"}); err == nil {
		t.Fatal("rtscts accepted")
	}
	if _, err := ListPorts(); err != nil {
		t.Logf("ListPorts: %v", err)
	}
}

// TestPtyReadTimeout: the library's (0, nil) timeout read becomes an error
// matching ErrTimeout, and a session on such a port keeps reading through
// the timeouts: a move that arrives after several of them is received.
func TestPtyReadTimeout(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	master, path, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	port, err := OpenPort(PortConfig{Name: path, ReadTimeout: 30 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer port.Close()
	buf := make([]byte, 4)
	n, err := port.Read(buf)
	var to interface{ Timeout() bool }
	if n != 0 || !errors.Is(err, ErrTimeout) || !errors.As(err, &to) || !to.Timeout() {
		t.Fatalf("read on a quiet line: %d, %v", n, err)
	}
	s, err := NewSession(port, Options{Color: board.Black, Size: 9, Resume: &LinkState{Started: true}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	time.Sleep(200 * time.Millisecond) // several timeouts
	mv := Packet{Seq: 1, Cmd: Move, Value: 0x200 | 41}.Bytes()
	master.Write(mv[:])
	if m, err := s.ReceiveMove(ctx); err != nil || m.Point != board.At(9, 4, 4) {
		t.Fatalf("%v %v", m, err)
	}
}

// TestOpenErrorsNameTheFix: permission and busy errors tell the operator
// what to do (the dialout group; close the other program).
func TestOpenErrorsNameTheFix(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want error
		fix  string
	}{
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.EACCES}, ErrPermission, "dialout"},
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.EBUSY}, ErrBusy, "another program"},
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.ENOENT}, ErrNoDevice, "kisen ports"},
	} {
		err := openError("/dev/ttyUSB0", tc.err)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.fix) || !strings.Contains(err.Error(), "/dev/ttyUSB0") {
			t.Errorf("%v: got %v", tc.err, err)
		}
	}
}
