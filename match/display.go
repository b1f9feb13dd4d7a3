package match

import (
	"fmt"
	"io"
	"strings"
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
			board.GTP(d.size, e.Move.Point), fmtClock(d.clock.Left(board.Black)), fmtClock(d.clock.Left(board.White)),
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

// fmtClock shows time left as m:ss (h:mm:ss past an hour); negative after
// a flag fall.
func fmtClock(d time.Duration) string {
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

// Terminal redraws a full screen like a tournament goban: the board with
// the last move marked, names and colours, prisoners, both clocks
// counting, whose turn, the move number, the last moves and notices. It
// only renders events and reads the clock; it holds no game logic.
type Terminal struct {
	mu      sync.Mutex
	w       io.Writer
	size    int
	clock   *Clock
	names   [3]string
	komi    float64
	b       *board.Board
	last    []string
	notes   []string
	toMove  board.Color
	number  int
	over    string
	link    string
	stop    chan struct{}
	stopped sync.Once
}

// NewTerminal starts a live display of g on w, refreshing the clocks
// twice a second until Close.
func NewTerminal(w io.Writer, g *Game) *Terminal {
	t := &Terminal{w: w, size: g.opt.Size, clock: g.clock, komi: g.opt.Komi, b: g.board.Clone(),
		names: [3]string{"", g.players[board.Black].Name(), g.players[board.White].Name()},
		stop:  make(chan struct{})}
	go func() {
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				t.mu.Lock()
				t.drawClocks()
				t.mu.Unlock()
			case <-t.stop:
				return
			}
		}
	}()
	return t
}

// Close stops the refresh.
func (t *Terminal) Close() { t.stopped.Do(func() { close(t.stop) }) }

// Event updates the screen.
func (t *Terminal) Event(e Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e.Link != "" {
		t.link = e.Link
	}
	switch e.Kind {
	case GameStarted:
		t.b = e.Board
	case ToMove:
		t.toMove, t.number = e.Color, e.Number
	case MovePlayed:
		t.b = e.Board
		t.last = append(t.last, fmt.Sprintf("%d %s %s", e.Number, e.Move.Color.Letter(), board.GTP(t.size, e.Move.Point)))
		if len(t.last) > 8 {
			t.last = t.last[1:]
		}
	case Notice:
		t.notes = append(t.notes, e.Text)
		if len(t.notes) > 4 {
			t.notes = t.notes[1:]
		}
	case GameOver:
		t.b = e.Board
		t.over = fmt.Sprintf("GAME OVER: %s — %s", resultOrNone(e.Outcome.Result), e.Outcome.Detail)
		t.toMove = board.Empty
	}
	t.draw()
}

func (t *Terminal) draw() {
	var sb strings.Builder
	sb.WriteString("\x1b[H\x1b[2J")
	sb.WriteString(renderBoard(t.b))
	sb.WriteString("\n")
	for _, c := range []board.Color{board.Black, board.White} {
		sb.WriteString(t.clockLine(c) + "\n")
	}
	fmt.Fprintf(&sb, "komi %.1f   move %d\n", t.komi, t.b.MoveNumber())
	if t.link != "" {
		sb.WriteString("link: " + t.link + "\n")
	}
	if len(t.last) > 0 {
		sb.WriteString("last: " + strings.Join(t.last, ", ") + "\n")
	}
	for _, n := range t.notes {
		sb.WriteString("! " + n + "\n")
	}
	if t.over != "" {
		sb.WriteString(t.over + "\n")
	}
	io.WriteString(t.w, sb.String())
}

func (t *Terminal) clockLine(c board.Color) string {
	turn := "  "
	if c == t.toMove {
		turn = "▶ "
	}
	stone := "X"
	if c == board.White {
		stone = "O"
	}
	return fmt.Sprintf("%s%s %-28s %s  prisoners %d", turn, stone, t.names[c], fmtClock(t.clock.Left(c)), t.b.Captured(c))
}

// drawClocks rewrites only the two clock lines, leaving the cursor where
// it was, so that what the operator is typing at a prompt stays on screen.
func (t *Terminal) drawClocks() {
	if t.over != "" {
		return
	}
	row := t.b.Size() + 3 // header, the rows, a blank line
	var sb strings.Builder
	sb.WriteString("\x1b7")
	for i, c := range []board.Color{board.Black, board.White} {
		fmt.Fprintf(&sb, "\x1b[%d;1H%s\x1b[K", row+i, t.clockLine(c))
	}
	sb.WriteString("\x1b8")
	io.WriteString(t.w, sb.String())
}

// renderBoard draws b with the last move in brackets.
func renderBoard(b *board.Board) string {
	size := b.Size()
	last := b.Last()
	var sb strings.Builder
	sb.WriteString("   ")
	for c := 0; c < size; c++ {
		sb.WriteString(" " + board.GTP(size, board.At(size, c, 0))[:1])
	}
	sb.WriteString("\n")
	for r := size - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := 0; c < size; c++ {
			p := board.At(size, c, r)
			ch := "."
			switch b.At(p) {
			case board.Black:
				ch = "X"
			case board.White:
				ch = "O"
			}
			if p == last.Point && last.Color != board.Empty && last.Point != board.Pass {
				sb.WriteString("(" + ch)
				continue
			}
			if c > 0 && board.At(size, c-1, r) == last.Point && last.Point != board.Pass && last.Color != board.Empty {
				sb.WriteString(")" + ch)
				continue
			}
			sb.WriteString(" " + ch)
		}
		if board.At(size, size-1, r) == last.Point && last.Color != board.Empty {
			sb.WriteString(")")
		}
		fmt.Fprintf(&sb, " %2d\n", r+1)
	}
	return sb.String()
}
