package match

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
)

// Plain writes one line per event: safe for logs, pipes and CI.
type Plain struct {
	mu    sync.Mutex
	w     io.Writer
	size  int
	clock *Clock
	names [3]string
}

// NewPlain returns a line-per-event display for a game.
func NewPlain(w io.Writer, g *Game) *Plain {
	return &Plain{w: w, size: g.opt.Size, clock: g.clock,
		names: [3]string{"", g.players[board.Black].Name(), g.players[board.White].Name()}}
}

// Event prints e.
func (d *Plain) Event(e Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch e.Kind {
	case GameStarted:
		fmt.Fprintf(d.w, "game: %s\n", e.Text)
	case MovePlayed:
		fmt.Fprintf(d.w, "move %3d  %s %-4s  B %s  W %s%s\n", e.Number, e.Move.Color.Letter(),
			board.GTP(d.size, e.Move.Point), ClockText(d.clock.Left(board.Black)), ClockText(d.clock.Left(board.White)),
			suffix(e.Text))
	case Notice:
		fmt.Fprintf(d.w, "notice: %s\n", e.Text)
	case GameOver:
		fmt.Fprintf(d.w, "game over after %d moves: %s — %s\n", e.Outcome.Moves, resultOrNone(e.Outcome.Result), e.Outcome.Detail)
	}
}

func suffix(s string) string {
	if s == "" {
		return ""
	}
	return "  " + s
}

func resultOrNone(r string) string {
	if r == "" {
		return "no result"
	}
	return r
}

// ClockText shows a clock's time (time left, or the time the link line has
// waited) as m:ss, h:mm:ss past an hour, negative after a flag fall. The
// operator's console (tui) shows its clocks the same way.
func ClockText(d time.Duration) string {
	if d > 100*time.Hour {
		return "--:--"
	}
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%s%d:%02d:%02d", sign, s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%s%d:%02d", sign, s/60, s%60)
}
