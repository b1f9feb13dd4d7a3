package match

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestPlainWatchLink: --ui plain prints the waiting state at once, again
// every 30 s while stuck (with the time grown), and each change once.
func TestPlainWatchLink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out syncBuf
		d := &Plain{w: &out}
		var mu sync.Mutex
		st := sgmp.Status{Cond: sgmp.CondListening}
		stop := d.WatchLink(func() sgmp.Status { mu.Lock(); defer mu.Unlock(); return st },
			LinkSetup{Port: "/dev/ttyUSB0", Us: board.White, Size: 19, Komi: 6.5})
		time.Sleep(65 * time.Second)
		mu.Lock()
		st = sgmp.Status{Cond: sgmp.CondReady}
		mu.Unlock()
		time.Sleep(90 * time.Second)
		stop()
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		want := []string{
			"link: listening on /dev/ttyUSB0 — White, 19x19, komi 6.5 — waiting for Black's NEWGAME (0:00)",
			"link: listening on /dev/ttyUSB0 — White, 19x19, komi 6.5 — waiting for Black's NEWGAME (0:30)",
			"link: listening on /dev/ttyUSB0 — White, 19x19, komi 6.5 — waiting for Black's NEWGAME (1:00)",
			"link: ok",
		}
		if strings.Join(lines, "\n") != strings.Join(want, "\n") {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	})
}

// TestPlainWatchLinkSilentPeer: while the peer is to move and nothing is
// heard, --ui plain says so once a minute has passed, and again every 30 s.
func TestPlainWatchLinkSilentPeer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out syncBuf
		d := &Plain{w: &out}
		st := sgmp.Status{Cond: sgmp.CondReady, Detail: "the peer is thinking", LastHeard: time.Now()}
		stop := d.WatchLink(func() sgmp.Status { return st }, LinkSetup{Port: "/dev/ttyUSB0", Us: board.Black, Size: 19, Komi: 6.5})
		time.Sleep(95 * time.Second)
		stop()
		want := "link: ok\n" +
			"link: ok — the peer is thinking (nothing heard for 1:00)\n" +
			"link: ok — the peer is thinking (nothing heard for 1:30)\n"
		if out.String() != want {
			t.Errorf("got\n%s\nwant\n%s", out.String(), want)
		}
	})
}

// TestClockText: the clock text the console and the move lines share.
func TestClockText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{40 * time.Minute, "40:00"},
		{59*time.Second + 999*time.Millisecond, "0:59"},
		{0, "0:00"},
		{-3 * time.Second, "-0:03"},
		{time.Hour + 2*time.Minute + 5*time.Second, "1:02:05"},
		{200 * time.Hour, "--:--"},
	} {
		if got := ClockText(tc.d); got != tc.want {
			t.Errorf("ClockText(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
