package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

// scripted plays the given GTP vertices in order, thinking for delay each,
// then passes.
type scripted struct {
	name  string
	moves []string
	delay time.Duration
	i     int
	seen  []board.Move
}

func (p *scripted) Name() string                       { return p.name }
func (p *scripted) Start(context.Context, Info) error  { return nil }
func (p *scripted) End(context.Context, Outcome) error { return nil }
func (p *scripted) Opponent(_ context.Context, m board.Move) error {
	p.seen = append(p.seen, m)
	return nil
}
func (p *scripted) Move(ctx context.Context, req Request) (Action, error) {
	select {
	case <-time.After(p.delay):
	case <-ctx.Done():
		return Action{}, ctx.Err()
	}
	if p.i >= len(p.moves) {
		return Action{Point: board.Pass}, nil
	}
	v := p.moves[p.i]
	p.i++
	if v == "resign" {
		return Action{Resign: true}, nil
	}
	pt, err := board.ParseGTP(req.Board.Size(), v)
	if err != nil {
		return Action{}, err
	}
	return Action{Point: pt}, nil
}

// silent never answers: a peer that has gone quiet.
type silent struct{ scripted }

func (p *silent) Move(ctx context.Context, req Request) (Action, error) {
	<-ctx.Done()
	return Action{}, ctx.Err()
}

func opts(t *testing.T) Options {
	return Options{Size: 9, Komi: 6.5, Rules: board.Japanese, MainTime: 10 * time.Minute, MoveCap: 400,
		Application: "kisen:test", Journal: filepath.Join(t.TempDir(), "game.sgf")}
}

func run(t *testing.T, o Options, b, w Player) (Outcome, *Game) {
	t.Helper()
	g, err := NewGame(o, b, w)
	if err != nil {
		t.Fatal(err)
	}
	out, err := g.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return out, g
}

func readRecord(t *testing.T, path string) *sgf.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestTwoPassesScoresAndRecords(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		b := &scripted{name: "B", moves: []string{"E5", "pass"}, delay: 3 * time.Second}
		w := &scripted{name: "W", moves: []string{"pass"}, delay: 2 * time.Second}
		// B E5, W pass, B pass: two consecutive passes.
		out, _ := run(t, o, b, w)
		if out.Reason != TwoPasses || out.Result != "B+73.5" {
			t.Fatalf("outcome %+v, want two passes B+73.5 (80 points of territory less komi 6.5)", out)
		}
		rec := readRecord(t, o.Journal)
		if rec.Result != out.Result || len(rec.Nodes) != 3 {
			t.Fatalf("record RE %q with %d nodes", rec.Result, len(rec.Nodes))
		}
		// The final node carries the count: TB for the 80 empty points, no
		// TW, and the summary in C[].
		if len(rec.FinalTB) != 80 || len(rec.FinalTW) != 0 || !strings.Contains(rec.FinalComment, "territory 80") ||
			!strings.Contains(rec.FinalComment, "Count: B+73.5") {
			t.Fatalf("final node: %d TB, %d TW, C[%s]", len(rec.FinalTB), len(rec.FinalTW), rec.FinalComment)
		}
		if got := rec.Nodes[0].TimeLeft; got != 597 {
			t.Fatalf("Black's time left after move 1: %v, want 597", got)
		}
		if got := rec.Nodes[1].TimeLeft; got != 598 {
			t.Fatalf("White's time left after move 2: %v, want 598", got)
		}
		if len(w.seen) != 2 || len(b.seen) != 1 {
			t.Fatalf("players were told %d and %d moves", len(w.seen), len(b.seen))
		}
	})
}

func TestFlagFallEachSide(t *testing.T) {
	for _, loser := range []board.Color{board.Black, board.White} {
		synctest.Test(t, func(t *testing.T) {
			o := opts(t)
			o.MainTime = time.Minute
			slow := &scripted{name: "slow", moves: []string{"E5", "D5", "C5"}, delay: 25 * time.Second}
			fast := &scripted{name: "fast", moves: []string{"E4", "D4", "C4"}, delay: time.Second}
			var b, w Player = slow, fast
			if loser == board.White {
				b, w = fast, slow
			}
			start := time.Now()
			out, g := run(t, o, b, w)
			want := loser.Opponent().Letter() + "+T"
			if out.Reason != Timeout || out.Result != want {
				t.Fatalf("outcome %+v, want %s", out, want)
			}
			if used := g.Clock().Used(loser); used < time.Minute || used > time.Minute+time.Second {
				t.Fatalf("loser used %v", used)
			}
			if time.Since(start) > 2*time.Minute {
				t.Fatal("the flag fall was noticed late")
			}
		})
	}
}

func TestFlagFallWhileWaitingForSilentPeer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		o.MainTime = 5 * time.Minute
		b := &scripted{name: "us", moves: []string{"E5"}, delay: time.Second}
		w := &silent{scripted{name: "silent peer"}}
		out, g := run(t, o, b, w)
		if out.Reason != Timeout || out.Result != "B+T" {
			t.Fatalf("outcome %+v", out)
		}
		if g.Clock().Used(board.White) != 5*time.Minute {
			t.Fatalf("white used %v", g.Clock().Used(board.White))
		}
		if rec := readRecord(t, o.Journal); rec.Result != "B+T" || len(rec.Nodes) != 1 {
			t.Fatalf("record RE %q, %d nodes", rec.Result, len(rec.Nodes))
		}
	})
}

func TestMoveCapCountsPasses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		o.MoveCap = 6
		// Black passes twice, but never two in a row overall.
		b := &scripted{name: "B", moves: []string{"pass", "E5", "pass"}}
		w := &scripted{name: "W", moves: []string{"D4", "C3", "G7"}}
		out, g := run(t, o, b, w)
		if out.Reason != MoveCap || out.Result != "?" || g.Board().MoveNumber() != 6 {
			t.Fatalf("outcome %+v after %d moves", out, g.Board().MoveNumber())
		}
		if !strings.Contains(out.Detail, "referee decides") || !strings.Contains(out.Detail, "kisen's count") {
			t.Fatalf("detail %q", out.Detail)
		}
	})
}

func TestResignation(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		b := &scripted{name: "B", moves: []string{"E5", "resign"}}
		w := &scripted{name: "W", moves: []string{"D4"}}
		out, _ := run(t, o, b, w)
		if out.Reason != Resignation || out.Result != "W+R" {
			t.Fatalf("outcome %+v", out)
		}
	})
}

func TestOperatorResignsWhileWaiting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		b := &scripted{name: "B", moves: []string{"E5"}}
		w := &silent{scripted{name: "W"}}
		g, err := NewGame(o, b, w)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			time.Sleep(30 * time.Second)
			g.Resign(board.Black)
		}()
		out, err := g.Run(context.Background())
		if err != nil || out.Result != "W+R" {
			t.Fatalf("outcome %+v, %v", out, err)
		}
	})
}

func TestIllegalOpponentMoveLoses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		b := &scripted{name: "B", moves: []string{"E5", "D5"}}
		w := &scripted{name: "W", moves: []string{"E5"}} // occupied
		out, _ := run(t, o, b, w)
		if out.Reason != IllegalMove || out.Result != "B+F" || !strings.Contains(out.Detail, "occupied") || !strings.Contains(out.Detail, "E5") {
			t.Fatalf("outcome %+v", out)
		}
		rec := readRecord(t, o.Journal)
		if rec.Result != "B+F" || !strings.Contains(rec.FinalComment+rec.Nodes[len(rec.Nodes)-1].Comment, "occupied") {
			t.Fatalf("record RE %q, comment %q", rec.Result, rec.FinalComment)
		}
	})
}

func TestRepeatedPositionStops(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := opts(t)
		o.Journal = ""
		// Three kos (the position of board.TestTripleKoRepetition): after
		// six ko captures the whole board repeats and the referee is called.
		b := &scripted{name: "B", moves: []string{"C2", "C8", "G2"}}
		w := &scripted{name: "W", moves: []string{"H2", "B2", "B8"}}
		g, err := NewGame(o, b, w)
		if err != nil {
			t.Fatal(err)
		}
		rows := []string{
			".XO......",
			"XO.O.....",
			".XO......",
			".........",
			".........",
			".........",
			".XO...OX.",
			"XO.O.OX.X",
			".XO...OX.",
		}
		for i, row := range rows {
			for c, ch := range row {
				col := map[rune]board.Color{'X': board.Black, 'O': board.White}[ch]
				if col != board.Empty {
					if err := g.board.Setup(col, board.At(9, c, 8-i)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		out, err := g.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Reason != Repetition || out.Result != "?" || out.Moves != 6 || !strings.Contains(out.Detail, "referee") {
			t.Fatalf("outcome %+v", out)
		}
	})
}
