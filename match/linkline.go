package match

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgmp"
)

// LinkSetup is what the waiting screen says about the game before the
// handshake, so that the operator can check it against the other table.
type LinkSetup struct {
	Port  string
	Us    board.Color
	Size  int
	Komi  float64
	Rules string
}

// Title is the colour with a capital letter: "White".
func Title(c board.Color) string {
	s := c.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// LinkWatch remembers when the link's state began, for a status that does
// not say (the displays poll it every second and show how long).
type LinkWatch struct {
	key   string
	since time.Time
}

// See returns st with Since filled in and whether the state changed since
// the last call.
func (w *LinkWatch) See(st sgmp.Status, now time.Time) (sgmp.Status, bool) {
	key := fmt.Sprint(st.Cond, "|", st.Waiting, "|", st.Detail, "|", st.Resends)
	changed := key != w.key
	if changed {
		w.key, w.since = key, now
	}
	if st.Since.IsZero() {
		st.Since = w.since
	}
	return st, changed
}

// LinkLine says the link's state in words with how long it has lasted.
// Before the handshake it names the port, our colour, the size and komi:
// "listening on /dev/ttyUSB0 — White, 19x19, komi 6.5 — waiting for
// Black's NEWGAME (0:42)".
func LinkLine(st sgmp.Status, setup LinkSetup, now time.Time) string {
	el := ClockText(now.Sub(st.Since))
	game := fmt.Sprintf("%s, %dx%d, komi %.1f", Title(setup.Us), setup.Size, setup.Size, setup.Komi)
	switch st.Cond {
	case sgmp.CondIdle, sgmp.CondListening, sgmp.CondHandshaking:
		what := fmt.Sprintf("waiting for %s's NEWGAME", Title(setup.Us.Opponent()))
		switch {
		case setup.Us == board.Black:
			what = "NEWGAME sent, waiting for White's answer"
		case st.Cond == sgmp.CondHandshaking:
			what = "agreeing on the game with Black"
		}
		return fmt.Sprintf("listening on %s — %s — %s (%s)", setup.Port, game, what, el)
	}
	// Every state the operator waits on says for how long (Status.Line).
	return st.Line(now)
}

// stuck says the link is in a state the operator should be reminded of.
func stuck(c sgmp.Condition) bool {
	switch c {
	case sgmp.CondReady, sgmp.CondEnded, sgmp.CondDown:
		return false
	}
	return true
}

// plainRepeat is how often --ui plain repeats a state the link is stuck in.
const plainRepeat = 30 * time.Second

// WatchLink prints the link's state as lines: each change once, and again
// every 30 seconds while it is stuck (waiting for the peer's NEWGAME or an
// acknowledgement). The returned function stops it.
func (d *Plain) WatchLink(src func() sgmp.Status, setup LinkSetup) func() {
	stop := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var w LinkWatch
		var printed time.Time
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			now := time.Now()
			st, changed := w.See(src(), now)
			line := LinkLine(st, setup, now)
			// "ok — the peer is thinking (nothing heard for 1:05)" is
			// repeated like a stuck state: a dead peer looks like that.
			waiting := stuck(st.Cond) || st.Cond == sgmp.CondReady && line != "ok"
			if changed || (waiting && now.Sub(printed) >= plainRepeat) {
				d.line("link: " + line)
				printed = now
			}
			select {
			case <-tick.C:
			case <-stop:
				return
			}
		}
	}()
	return func() {
		once.Do(func() { close(stop) })
		wg.Wait()
	}
}

func (d *Plain) line(s string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	io.WriteString(d.w, s+"\n")
}
