package tui

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgmp"
)

// rig is the real UI on a simulated 80x24 screen, wired to a real
// match.Console the way kisen play wires it.
type rig struct {
	t   *testing.T
	scr tcell.SimulationScreen
	ui  *UI
	con *match.Console
	g   *match.Game
	b   *board.Board

	mu   sync.Mutex
	link sgmp.Status
}

func newRig(t *testing.T, w, h, size int, withLink bool) *rig {
	t.Helper()
	r := &rig{t: t, scr: tcell.NewSimulationScreen("UTF-8")}
	g, err := match.NewGame(match.Options{Size: size, Komi: 6.5, MainTime: 40 * time.Minute},
		match.NewRandomPlayer("kisen", 1), match.NewRandomPlayer("GNU Go 3.8", 2))
	if err != nil {
		t.Fatal(err)
	}
	r.g = g
	r.b, _ = board.New(size)
	pr, pw := io.Pipe()
	r.con = match.NewConsole(pr, io.Discard)
	r.con.Attach(g, board.Black)
	opt := Options{Screen: r.scr, Game: g,
		Setup:  match.LinkSetup{Port: "/dev/ttyUSB0", Us: board.White, Size: size, Komi: 6.5, Rules: "japanese"},
		OnLine: func(l string) { io.WriteString(pw, l+"\n") }}
	if withLink {
		opt.Link = func() sgmp.Status { r.mu.Lock(); defer r.mu.Unlock(); return r.link }
	}
	r.scr.SetSize(w, h)
	ui, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	r.ui = ui
	r.con.SetScreen(ui)
	t.Cleanup(func() { ui.Close(); pw.Close() })
	return r
}

func (r *rig) setLink(st sgmp.Status) {
	r.mu.Lock()
	r.link = st
	r.mu.Unlock()
}

// rows is what the screen shows, one string per row.
func (r *rig) rows() []string {
	// The screen's cells are shared with the drawing goroutine: read them
	// while it cannot draw.
	r.ui.mu.Lock()
	defer r.ui.mu.Unlock()
	cells, w, h := r.scr.GetContents()
	rows := make([]string, h)
	for y := 0; y < h; y++ {
		var sb strings.Builder
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			if len(c.Runes) == 0 {
				sb.WriteByte(' ')
				continue
			}
			sb.WriteRune(c.Runes[0])
		}
		rows[y] = strings.TrimRight(sb.String(), " ")
	}
	return rows
}

// screen is the rows, then the side panel's text as one line (wrapped
// rows joined), so that a phrase is found wherever the width broke it.
func (r *rig) screen() string {
	rows := r.rows()
	x := 3 + 2*r.b.Size() + 4
	var side []string
	for _, row := range rows {
		if rs := []rune(row); len(rs) > x {
			side = append(side, strings.TrimSpace(string(rs[x:])))
		}
	}
	return strings.Join(rows, "\n") + "\n" + strings.Join(side, " ")
}

// waitFor waits until every want is visible (the UI draws on its own
// goroutine).
func (r *rig) waitFor(want ...string) {
	r.t.Helper()
	missing := ""
	r.waitUntil(func(s string) bool {
		missing = ""
		for _, w := range want {
			if !strings.Contains(s, w) {
				missing = w
				return false
			}
		}
		return true
	}, func() string { return fmt.Sprintf("%q not on screen", missing) })
}

// waitUntil polls the screen until done accepts it, failing after five
// seconds with what() and the screen.
func (r *rig) waitUntil(done func(screen string) bool, what func() string) {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s := r.screen()
		if done(s) {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("%s:\n%s", what(), s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (r *rig) typeText(s string) {
	for _, c := range s {
		r.scr.InjectKey(tcell.KeyRune, c, tcell.ModNone)
	}
}

func (r *rig) enter() { r.scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone) }

// play makes n random moves and shows each as the referee would.
func (r *rig) play(n int) {
	rng := board.NewRand(7)
	for i := 0; i < n; i++ {
		col := r.b.ToMove()
		m := board.Move{Color: col, Point: r.b.RandomMove(col, rng)}
		if err := r.b.Play(m); err != nil {
			r.t.Fatal(err)
		}
		r.ui.Event(match.Event{Kind: match.MovePlayed, Move: m, Number: r.b.MoveNumber(), Board: r.b.Clone()})
		r.ui.Event(match.Event{Kind: match.ToMove, Color: col.Opponent(), Number: r.b.MoveNumber() + 1})
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHelpAndConfirmationSurviveMoves: the help text and a pending
// resignation question stay on screen through five moves, and the answer
// typed afterwards still reaches the question.
func TestHelpAndConfirmationSurviveMoves(t *testing.T) {
	r := newRig(t, 80, 24, 19, false)
	r.typeText("help")
	r.enter()
	r.waitFor("they resign", "Ctrl-C")
	r.typeText("resign")
	r.enter()
	r.waitFor("type yes to confirm")
	r.play(5)
	r.waitFor("last: 1 B", "5 B ")
	s := r.screen()
	for _, want := range []string{"they resign", "Ctrl-C", "type yes to confirm"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q gone after five moves:\n%s", want, s)
		}
	}
	r.typeText("no")
	r.enter()
	r.waitFor("not resigned; the game goes on")
	if strings.Contains(r.screen(), "type yes to confirm") {
		t.Errorf("the question stays after it was answered:\n%s", r.screen())
	}
}

// TestTypedTextSurvivesRedraws: half-typed text stays on the input line
// through moves, clock ticks and a resize.
func TestTypedTextSurvivesRedraws(t *testing.T) {
	r := newRig(t, 80, 24, 19, false)
	r.typeText("they res")
	r.waitFor("> they res")
	r.play(3)
	time.Sleep(1100 * time.Millisecond) // a clock tick
	r.scr.SetSize(120, 40)
	r.ui.poke()
	deadline := time.Now().Add(5 * time.Second)
	for {
		rows := r.rows()
		if len(rows) == 40 && strings.HasPrefix(rows[39], "> they res") && strings.Contains(r.screen(), "3 B ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("typed text not on the input row after a resize:\n%s", r.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWaitingScreen: before the handshake the screen names the port, our
// colour, the size and komi, and how long kisen has been waiting, with the
// empty board (star points) and both columns of coordinates on 80x24.
func TestWaitingScreen(t *testing.T) {
	r := newRig(t, 80, 24, 19, true)
	r.setLink(sgmp.Status{Cond: sgmp.CondListening, Since: time.Now().Add(-42 * time.Second)})
	r.ui.pollLink()
	r.ui.poke()
	r.waitFor("/dev/ttyUSB0", "White, 19x19, komi 6.5", "waiting for", "Black's NEWGAME", "(0:42)")
	rows := r.rows()
	if !strings.HasPrefix(rows[0], "    A B C D E F G H J K L M N O P Q R S T") {
		t.Errorf("column letters not on the top row: %q", rows[0])
	}
	if !strings.HasPrefix(rows[1], "19 ") || !strings.HasPrefix(rows[19], " 1 ") {
		t.Errorf("rows 19..1 do not fit 80x24: %q ... %q", rows[1], rows[19])
	}
	if strings.Count(r.screen(), "+") != 9 {
		t.Errorf("want the 9 star points of 19x19:\n%s", r.screen())
	}
}

// TestLinkStatesWithSeconds: a stuck link and a restarted peer appear with
// how long they have lasted, and grow as the seconds pass.
func TestLinkStatesWithSeconds(t *testing.T) {
	r := newRig(t, 80, 24, 19, true)
	start := time.Now()
	r.setLink(sgmp.Status{Cond: sgmp.CondWaitingAck, Waiting: "MOVE D4", Resends: 1, Since: start.Add(-12 * time.Second)})
	r.ui.pollLink()
	r.ui.poke()
	r.waitFor("MOVE D4", "resent 1")
	r.waitForSeconds(12, start)
	r.waitForSeconds(13, start) // polled every second
	start = time.Now()
	r.setLink(sgmp.Status{Cond: sgmp.CondPeerRestarted, Detail: "NEWGAME during the game", Since: start.Add(-5 * time.Second)})
	r.waitFor("peer restarted", "NEWGAME during the game")
	r.waitForSeconds(5, start)
}

// waitForSeconds waits until the link line shows "N s" with N at least
// least, and fails if N is more than least plus the seconds since start: the
// display polls every second, and a loaded machine may draw a second late,
// so an exact figure would race.
func (r *rig) waitForSeconds(least int, start time.Time) {
	r.t.Helper()
	shown, screen := 0, ""
	r.waitUntil(func(s string) bool {
		for _, m := range secondsShown.FindAllStringSubmatch(s, -1) {
			if n, _ := strconv.Atoi(m[1]); n >= least {
				shown, screen = n, s
				return true
			}
		}
		return false
	}, func() string { return fmt.Sprintf("no duration of %d s or more on screen", least) })
	if most := least + int(time.Since(start).Seconds()) + 1; shown > most {
		r.t.Fatalf("the link line shows %d s, want %d-%d:\n%s", shown, least, most, screen)
	}
}

// secondsShown matches a duration on the link line.
var secondsShown = regexp.MustCompile(`\b(\d+) s\b`)

// TestLinkDownQuestionStays: the operator's choice after a link failure
// stays on screen through clock ticks until answered, and the answer goes
// to the question.
func TestLinkDownQuestionStays(t *testing.T) {
	r := newRig(t, 80, 24, 19, false)
	ans := make(chan string, 1)
	go func() {
		s, _ := r.con.ReadLine(context.Background(), "The peer restarted. hand, wait or stop? ")
		ans <- s
	}()
	r.waitFor("hand, wait or stop?")
	r.play(2)
	time.Sleep(1100 * time.Millisecond)
	r.waitFor("hand, wait or stop?")
	r.typeText("wait")
	r.enter()
	if got := <-ans; got != "wait" {
		t.Errorf("answer %q", got)
	}
}

// TestPassMarkerAndGameOver: a pass is shown under the board; the end
// shows the result and, for a counted game, kisen's count.
func TestPassMarkerAndGameOver(t *testing.T) {
	r := newRig(t, 80, 24, 9, false)
	r.b.Play(board.Move{Color: board.Black, Point: board.At(9, 4, 4)})
	r.ui.Event(match.Event{Kind: match.MovePlayed, Move: board.Move{Color: board.Black, Point: board.At(9, 4, 4)}, Number: 1, Board: r.b.Clone()})
	r.waitFor("(X)")
	r.b.Play(board.Move{Color: board.White, Point: board.Pass})
	r.ui.Event(match.Event{Kind: match.MovePlayed, Move: board.Move{Color: board.White, Point: board.Pass}, Number: 2, Board: r.b.Clone()})
	r.waitFor("White PASSED (move 2)", "2 W pass")
	sc := r.b.Score(board.Japanese, 6.5, nil, nil)
	r.ui.Event(match.Event{Kind: match.GameOver, Board: r.b.Clone(), Score: &sc,
		Outcome: match.Outcome{Reason: match.TwoPasses, Result: sc.Result, Detail: "two passes"}})
	r.waitFor("GAME OVER: "+sc.Result, fmt.Sprintf("Black %.1f, White %.1f", sc.Black, sc.White))
}

func TestWrap(t *testing.T) {
	got := wrap("link: waiting for the OK of MOVE D4 (12 s, resent 1×)", 20)
	for _, l := range got {
		if len([]rune(l)) > 20 {
			t.Errorf("row %q longer than 20", l)
		}
	}
	if strings.Join(got, "") == "" || !strings.Contains(strings.Join(got, " "), "MOVE D4") {
		t.Errorf("wrap lost words: %q", got)
	}
}

// TestColourAndNoColour: the board has a colour where the terminal has
// colours, and no cell has one with NoColor (NO_COLOR).
func TestColourAndNoColour(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		scr := tcell.NewSimulationScreen("UTF-8")
		scr.SetSize(80, 24)
		ui, err := New(Options{Screen: scr, NoColor: noColor,
			Setup: match.LinkSetup{Port: "/dev/ttyUSB0", Us: board.Black, Size: 19, Komi: 6.5}})
		if err != nil {
			t.Fatal(err)
		}
		ui.poke()
		time.Sleep(100 * time.Millisecond)
		ui.mu.Lock()
		cells, _, _ := scr.GetContents()
		coloured := 0
		for _, c := range cells {
			if fg, bg, _ := c.Style.Decompose(); fg != tcell.ColorDefault || bg != tcell.ColorDefault {
				coloured++
			}
		}
		ui.mu.Unlock()
		ui.Close()
		if noColor && coloured > 0 {
			t.Errorf("NoColor: %d cells have a colour", coloured)
		}
		if !noColor && coloured < 19*19 {
			t.Errorf("colour: only %d cells coloured, want at least the board", coloured)
		}
	}
}
