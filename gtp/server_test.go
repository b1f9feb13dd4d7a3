package gtp

import (
	"context"
	"io"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// run sends commands to s through Handle and fails on an error.
func run(t *testing.T, s *Server, cmds ...string) string {
	t.Helper()
	var out string
	for _, c := range cmds {
		f := strings.Fields(c)
		var err error
		if out, err = s.Handle(context.Background(), f[0], f[1:]); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	return out
}

// slowPlayer takes a fixed time per move and plays the first empty point
// that is legal; it records the clocks it gets and the pondering calls.
type slowPlayer struct {
	took    time.Duration
	clocks  []engine.Clock
	ponders []string
	closed  int
}

func (p *slowPlayer) GenMove(ctx context.Context, b *board.Board, c board.Color, clk engine.Clock) (engine.Decision, error) {
	p.clocks = append(p.clocks, clk)
	time.Sleep(p.took)
	for _, q := range board.AllPoints(b.Size()) {
		if b.Check(board.Move{Color: c, Point: q}) == nil {
			return engine.Decision{Move: q}, nil
		}
	}
	return engine.Decision{Move: board.Pass}, nil
}

func (p *slowPlayer) Ponder(b *board.Board, c board.Color) bool {
	p.ponders = append(p.ponders, c.String()+" "+board.GTP(b.Size(), b.Last().Point))
	return true
}

func (p *slowPlayer) Close() error { p.closed++; return nil }

func (p *slowPlayer) last() engine.Clock { return p.clocks[len(p.clocks)-1] }

// TestServerClockGovernsAfterTimeCommands: before time commands the player
// gets no clock (its own fixed effort applies); time_settings makes the
// clock govern and the server counts the time its genmove takes; time_left
// corrects the count.
func TestServerClockGovernsAfterTimeCommands(t *testing.T) {
	fp := &slowPlayer{took: 60 * time.Millisecond}
	s := NewServer("x", "y", func(int, float64) (Player, error) { return fp, nil })
	run(t, s, "boardsize 9", "genmove b")
	if got := fp.last(); got != (engine.Clock{MoveCap: 400}) {
		t.Errorf("clock without time commands %+v, want none", got)
	}
	run(t, s, "time_settings 600 0 0", "genmove w")
	if got := fp.last(); !got.Governs || got.Main != 600*time.Second || got.OurLeft != 600*time.Second || got.Stones != 0 {
		t.Errorf("clock after time_settings %+v", got)
	}
	run(t, s, "genmove w")
	if got := fp.last(); got.OurLeft > 600*time.Second-50*time.Millisecond || got.OurLeft < 590*time.Second {
		t.Errorf("white's own count after a 60ms move: %v left", got.OurLeft)
	}
	if got := fp.last(); got.TheirLeft != 600*time.Second {
		t.Errorf("black's clock %v, want untouched 600s", got.TheirLeft)
	}
	run(t, s, "time_left w 42.5 0", "genmove w")
	if got := fp.last(); got.OurLeft != 42500*time.Millisecond {
		t.Errorf("after time_left: %v, want 42.5s", got.OurLeft)
	}
	// time_left alone (a new game, no time_settings) governs too.
	fp2 := &slowPlayer{}
	s2 := NewServer("x", "y", func(int, float64) (Player, error) { return fp2, nil })
	run(t, s2, "boardsize 9", "time_left b 30 0", "genmove b")
	if got := fp2.last(); !got.Governs || got.OurLeft != 30*time.Second {
		t.Errorf("clock after time_left alone %+v", got)
	}
	// Byo-yomi time without stones means no time limits.
	fp3 := &slowPlayer{}
	s3 := NewServer("x", "y", func(int, float64) (Player, error) { return fp3, nil })
	run(t, s3, "boardsize 9", "time_settings 0 1 0", "genmove b")
	if got := fp3.last(); got.Governs {
		t.Errorf("clock with no time limits %+v", got)
	}
	for _, bad := range []string{"time_settings 10 0", "time_settings -1 0 0", "time_settings x 0 0", "time_left b 10", "time_left x 10 0", "time_left b -3 0", "time_left b 10 z"} {
		f := strings.Fields(bad)
		if _, err := s.Handle(context.Background(), f[0], f[1:]); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestServerByoYomiCount: main time runs into Canadian byo-yomi periods;
// a period starts again after its stones.
func TestServerByoYomiCount(t *testing.T) {
	fp := &slowPlayer{}
	s := NewServer("x", "y", func(int, float64) (Player, error) { return fp, nil })
	run(t, s, "boardsize 9", "time_settings 1 10 2")
	s.spend(board.Black, 1500*time.Millisecond) // main runs out: first stone of a period
	if got := s.clock[board.Black]; got != (sideClock{left: 9500 * time.Millisecond, stones: 1}) {
		t.Errorf("after main time: %+v", got)
	}
	if got := s.engineClock(board.Black); got.Stones != 1 || got.Main != 10*time.Second || got.OurLeft != 9500*time.Millisecond {
		t.Errorf("engine clock in byo-yomi %+v", got)
	}
	s.spend(board.Black, 2*time.Second) // the period's last stone: a new period
	if got := s.clock[board.Black]; got != (sideClock{left: 10 * time.Second, stones: 2}) {
		t.Errorf("after the period: %+v", got)
	}
	run(t, s, "time_settings 0 30 5")
	if got := s.engineClock(board.White); got.Stones != 5 || got.OurLeft != 30*time.Second {
		t.Errorf("byo-yomi from the start: %+v", got)
	}
}

// TestServerEngineFollowsClock: an engine fixed at many playouts answers
// fast once the controller says only 2 s are left.
func TestServerEngineFollowsClock(t *testing.T) {
	s := NewServer("kisen", "test", func(size int, komi float64) (Player, error) {
		return engine.New(engine.Options{Size: size, Komi: komi, Threads: 1, Playouts: 10_000_000, Seed: 1})
	})
	run(t, s, "boardsize 9", "time_settings 60 0 0", "time_left b 2 0")
	start := time.Now()
	if out := run(t, s, "genmove b"); out == "" || out == "resign" {
		t.Fatalf("genmove answered %q", out)
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("genmove took %v with 2s on the clock", el)
	}
	s.dropPlayer()
}

// TestServerFinalScoreAndStatus: a dead white stone inside Black's area is
// counted by final_score and listed by final_status_list dead; the three
// lists split the stones, and dead is exactly what the count takes off.
func TestServerFinalScoreAndStatus(t *testing.T) {
	s := newServer()
	run(t, s, "boardsize 9", "clear_board", "komi 6.5")
	for row := 1; row <= 9; row++ {
		run(t, s, "play b E"+itoa(row), "play w F"+itoa(row))
	}
	run(t, s, "play b pass", "play w B2", "play b pass", "play w pass")
	score := run(t, s, "final_score")
	// Black: 36 points west of the wall (B2's included) plus B2 as a
	// prisoner = 37; White: 27 + 6.5.
	if score != "B+3.5" {
		t.Errorf("final_score %q, want B+3.5", score)
	}
	dead := run(t, s, "final_status_list dead")
	if dead != "B2" {
		t.Errorf("dead %q, want B2", dead)
	}
	alive := strings.Fields(run(t, s, "final_status_list alive"))
	seki := strings.Fields(run(t, s, "final_status_list seki"))
	if len(seki) != 0 || len(alive) != 18 {
		t.Errorf("alive %d stones %v, seki %v", len(alive), alive, seki)
	}
	if _, err := s.Handle(context.Background(), "final_status_list", []string{"sleepy"}); err == nil {
		t.Error("final_status_list sleepy accepted")
	}

	// Any position: dead agrees with the count's dead stones (which
	// include chains of unclear status), and the lists partition the stones.
	s2 := newServer()
	run(t, s2, "boardsize 9")
	b := board.MustNew(9)
	r := board.NewRand(11) // a position with chains of unclear status counted dead
	for i := 0; i < 50; i++ {
		c := b.ToMove()
		p := b.RandomMove(c, r)
		if err := b.Play(board.Move{Color: c, Point: p}); err != nil {
			t.Fatal(err)
		}
		run(t, s2, "play "+c.String()+" "+board.GTP(9, p))
	}
	j := engine.Judge(b, engine.JudgeOptions{Playouts: 1000, Rules: board.Japanese, Komi: 6.5})
	var want []string
	unclear := 0
	for _, p := range j.Dead {
		want = append(want, board.GTP(9, p))
		if j.Status[p] == engine.Unknown {
			unclear++
		}
	}
	t.Logf("%d dead stones, %d of them of unclear status", len(want), unclear)
	got := strings.Fields(run(t, s2, "final_status_list dead"))
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("final_status_list dead %v, the count's dead stones %v", got, want)
	}
	if sc := run(t, s2, "final_score"); sc != j.Score.Result {
		t.Errorf("final_score %q, Judge %q", sc, j.Score.Result)
	}
	n := len(got) + len(strings.Fields(run(t, s2, "final_status_list alive"))) + len(strings.Fields(run(t, s2, "final_status_list seki")))
	stones := 0
	for _, p := range board.AllPoints(9) {
		if b.At(p) != board.Empty {
			stones++
		}
	}
	if n != stones {
		t.Errorf("lists hold %d stones, the board %d", n, stones)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestServerListCommands: list_commands (one name a line, as GoGui reads
// it) names every GTP command kisen promises, including loadsgf and the
// handicap commands, and each listed command is known and handled.
func TestServerListCommands(t *testing.T) {
	s := newServer()
	run(t, s, "boardsize 9")
	// GoGui reads the answer over the wire: "= " then one name a line,
	// ended by an empty line.
	var wire strings.Builder
	if err := s.Serve(context.Background(), strings.NewReader("list_commands\n"), &wire); err != nil {
		t.Fatal(err)
	}
	answer, ok := strings.CutPrefix(wire.String(), "= ")
	if !ok || !strings.HasSuffix(answer, "\n\n") {
		t.Fatalf("list_commands on the wire: %q", wire.String())
	}
	list := strings.Split(strings.TrimSuffix(answer, "\n\n"), "\n")
	have := map[string]bool{}
	for _, c := range list {
		have[c] = true
	}
	for _, c := range []string{"protocol_version", "name", "version", "known_command", "list_commands", "quit",
		"boardsize", "clear_board", "komi", "play", "genmove", "undo", "time_settings", "time_left",
		"final_score", "final_status_list", "showboard",
		"loadsgf", "fixed_handicap", "place_free_handicap", "set_free_handicap"} {
		if !have[c] {
			t.Errorf("list_commands lacks %s", c)
		}
	}
	for _, c := range list {
		if run(t, s, "known_command "+c) != "true" {
			t.Errorf("%s listed but not known", c)
		}
		if c == "quit" {
			continue
		}
		if _, err := s.Handle(context.Background(), c, nil); err != nil && err.Error() == "unknown command" {
			t.Errorf("%s listed but unknown to Handle", c)
		}
	}
}

// TestServerPondersAndCloses: after genmove the server asks a Ponderer to
// ponder on the position after its move, and closes the player at the end
// of the session.
func TestServerPondersAndCloses(t *testing.T) {
	fp := &slowPlayer{}
	s := NewServer("x", "y", func(int, float64) (Player, error) { return fp, nil })
	in := "boardsize 9\ngenmove b\nplay w E5\ngenmove b\n"
	if err := s.Serve(context.Background(), strings.NewReader(in), io.Discard); err != nil {
		t.Fatal(err)
	}
	if strings.Join(fp.ponders, ",") != "white A1,white B1" {
		t.Errorf("ponder calls %q", fp.ponders)
	}
	if fp.closed != 1 {
		t.Errorf("player closed %d times at the end of the session", fp.closed)
	}
}

// TestServerPonderingEngineLeavesNoGoroutines: a real engine with
// pondering on stops its search when the session ends.
func TestServerPonderingEngineLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	s := NewServer("kisen", "test", func(size int, komi float64) (Player, error) {
		return engine.New(engine.Options{Size: size, Komi: komi, Threads: 2, Playouts: 200, Seed: 1, Ponder: true})
	})
	in := "boardsize 9\ngenmove b\n"
	if err := s.Serve(context.Background(), strings.NewReader(in), io.Discard); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the session, %d before", n, before)
	}
}
