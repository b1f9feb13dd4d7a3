package gtp

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

func newServer() *Server {
	return NewServer("kisen", "test", func(size int, komi float64) (Player, error) {
		return engine.New(engine.Options{Size: size, Komi: komi, Threads: 1, Playouts: 200, Seed: 1})
	})
}

func TestServerSession(t *testing.T) {
	in := strings.Join([]string{
		"1 protocol_version", "name", "boardsize 9", "clear_board", "komi 6.5",
		"play b E5", "play w E5", "known_command genmove", "known_command foo",
		"genmove w", "undo", "boardsize 99", "bogus", "# comment", "showboard", "quit", "name",
	}, "\n") + "\n"
	var out strings.Builder
	if err := newServer().Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	resp := strings.Split(strings.TrimRight(out.String(), "\n"), "\n\n")
	want := []string{"=1 2", "= kisen", "=", "=", "=", "=", "? illegal move", "= true", "= false"}
	for i, w := range want {
		if resp[i] != w {
			t.Errorf("response %d = %q, want %q", i, resp[i], w)
		}
	}
	if !strings.HasPrefix(resp[9], "= ") || resp[9] == "= E5" {
		t.Errorf("genmove answer %q", resp[9])
	}
	if resp[10] != "=" || resp[11] != "? unacceptable size" || resp[12] != "? unknown command" {
		t.Errorf("undo/boardsize/bogus: %q", resp[10:13])
	}
	if len(resp) != 15 {
		t.Errorf("%d responses (quit must end the session): %q", len(resp), resp)
	}
}

const gnugo = "/usr/games/gnugo"

func TestClientAgainstGNUGo(t *testing.T) {
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Start(ctx, gnugo+" --mode gtp --level 1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Boardsize(9); err != nil {
		t.Fatal(err)
	}
	if err := c.ClearBoard(); err != nil {
		t.Fatal(err)
	}
	if err := c.Komi(6.5); err != nil {
		t.Fatal(err)
	}
	p, _ := board.ParseGTP(9, "E5")
	if err := c.Play(board.Move{Color: board.Black, Point: p}); err != nil {
		t.Fatal(err)
	}
	if err := c.Play(board.Move{Color: board.Black, Point: p}); err == nil {
		t.Error("occupied point accepted")
	}
	if err := c.TimeLeft(board.White, 90*time.Second); err != nil {
		t.Fatal(err)
	}
	m, resign, err := c.GenMove(ctx, board.White)
	if err != nil || resign || m == board.Pass || m == p {
		t.Fatalf("genmove: %v %v %v", m, resign, err)
	}
	if s, err := c.FinalScore(); err != nil || s == "" {
		t.Errorf("final_score %q %v", s, err)
	}
}

func TestStartRejectsNonGTP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := Start(ctx, ""); err == nil {
		t.Error("empty command accepted")
	}
	if _, err := Start(ctx, "/nonexistent/engine"); err == nil {
		t.Error("missing program accepted")
	}
	if _, err := Start(ctx, "/bin/echo hello"); err == nil {
		t.Error("echo accepted as a GTP engine")
	}
}

type fakePlayer struct {
	clk  engine.Clock
	move board.Point
}

func (f *fakePlayer) GenMove(ctx context.Context, b *board.Board, c board.Color, clk engine.Clock) (engine.Decision, error) {
	f.clk = clk
	return engine.Decision{Move: f.move}, nil
}

func TestServerPassesClockAndRecordsMove(t *testing.T) {
	fp := &fakePlayer{}
	s := NewServer("x", "y", func(int, float64) (Player, error) { return fp, nil })
	ctx := context.Background()
	for _, c := range []string{"boardsize 9", "time_settings 2400 0 0", "time_left b 1200 0", "time_left w 900.5 0"} {
		f := strings.Fields(c)
		if _, err := s.Handle(ctx, f[0], f[1:]); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	fp.move, _ = board.ParseGTP(9, "C3")
	out, err := s.Handle(ctx, "genmove", []string{"b"})
	if err != nil || out != "C3" {
		t.Fatalf("genmove = %q, %v", out, err)
	}
	want := engine.Clock{Main: 2400 * time.Second, OurLeft: 1200 * time.Second, TheirLeft: 900500 * time.Millisecond, MoveCap: 400, Governs: true}
	if fp.clk != want {
		t.Errorf("clock %+v, want %+v", fp.clk, want)
	}
	if _, err := s.Handle(ctx, "play", []string{"w", "C3"}); err == nil {
		t.Error("play on the engine's stone accepted")
	}
	if out, _ := s.Handle(ctx, "showboard", nil); !strings.Contains(out, "X") {
		t.Errorf("showboard lacks the move:\n%s", out)
	}
}
