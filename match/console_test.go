package match

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
)

// syncBuffer is an io.Writer safe for the console's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

// TestManualEntryAsksAgain types a typo, an occupied point and then a good
// move for White; the game goes on with the good one.
func TestManualEntryAsksAgain(t *testing.T) {
	var out syncBuffer
	con := NewConsole(strings.NewReader("Z99\nE5\n\nD4\npass\n"), &out)
	o := opts(t)
	b := &scripted{name: "B", moves: []string{"E5", "pass"}}
	w := NewManualPlayer("typed", con)
	g, err := NewGame(o, b, w)
	if err != nil {
		t.Fatal(err)
	}
	con.Attach(g, board.Black)
	res, err := g.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != TwoPasses {
		t.Fatalf("outcome %+v\n%s", res, out.String())
	}
	moves := g.Board().Moves()
	if len(moves) != 4 || board.GTP(9, moves[1].Point) != "D4" {
		t.Fatalf("moves %v", moves)
	}
	for _, want := range []string{"Z99", "E5: point is occupied", "try again"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the operator was not told %q:\n%s", want, out.String())
		}
	}
}

// TestConsoleResignations: "resign" resigns kisen's side after "yes";
// "they resign" records the opponent's resignation; anything but "yes"
// cancels.
func TestConsoleResignations(t *testing.T) {
	for _, tc := range []struct {
		typed, result string
	}{
		{"resign\nyes\n", "W+R"},
		{"they resign\nyes\n", "B+R"},
		{"resign\nno\nthey resigned\nyes\n", "B+R"},
	} {
		t.Run(strings.Fields(tc.typed)[0], func(t *testing.T) {
			pr, pw := io.Pipe()
			defer pw.Close()
			var out syncBuffer
			con := NewConsole(pr, &out)
			o := opts(t)
			o.MainTime = 0
			b := &scripted{name: "kisen", moves: []string{"E5"}}
			w := &silent{scripted{name: "peer"}} // its move never comes
			g, err := NewGame(o, b, w)
			if err != nil {
				t.Fatal(err)
			}
			con.Attach(g, board.Black)
			done := make(chan Outcome, 1)
			go func() {
				res, err := g.Run(context.Background())
				if err != nil {
					t.Error(err)
				}
				done <- res
			}()
			for _, l := range strings.SplitAfter(tc.typed, "\n") {
				io.WriteString(pw, l)
			}
			select {
			case res := <-done:
				if res.Reason != Resignation || res.Result != tc.result {
					t.Fatalf("outcome %+v\n%s", res, out.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("the game did not end\n%s", out.String())
			}
			if !strings.Contains(out.String(), "type yes to confirm") {
				t.Fatalf("no confirmation asked:\n%s", out.String())
			}
		})
	}
}

// linkDrop plays its moves, then fails as a broken link would.
type linkDrop struct {
	scripted
	after int
}

func (p *linkDrop) Move(ctx context.Context, req Request) (Action, error) {
	if p.i >= p.after {
		return Action{}, ErrLink
	}
	return p.scripted.Move(ctx, req)
}

// TestLinkFailureOffersManualEntry: the remote side's link fails after two
// moves; the operator's replacement enters the rest and nothing is lost.
func TestLinkFailureOffersManualEntry(t *testing.T) {
	o := opts(t)
	asked := 0
	o.OnLinkDown = func(ctx context.Context, col board.Color, err error) (Player, error) {
		asked++
		return &scripted{name: "typed", moves: []string{"C3", "pass"}}, nil
	}
	b := &scripted{name: "kisen", moves: []string{"E5", "F5", "G5", "pass"}}
	w := &linkDrop{scripted{name: "peer", moves: []string{"D4", "D5", "D6"}}, 2}
	res, g := run(t, o, b, w)
	if asked != 1 || res.Reason != TwoPasses {
		t.Fatalf("asked %d times, outcome %+v", asked, res)
	}
	var got []string
	for _, m := range g.Board().Moves() {
		got = append(got, board.GTP(9, m.Point))
	}
	if want := "E5 D4 F5 D5 G5 C3 pass pass"; strings.Join(got, " ") != want {
		t.Fatalf("moves %q, want %q", strings.Join(got, " "), want)
	}
	rec := readRecord(t, o.Journal)
	if len(rec.Nodes) != 8 || !strings.Contains(rec.Nodes[4].Comment, "Link to white failed") {
		t.Fatalf("record: %d nodes, comment of move 5 %q", len(rec.Nodes), rec.Nodes[4].Comment)
	}
}

// TestLinkFailureWithoutReplacementSuspends keeps the record for resume.
func TestLinkFailureWithoutReplacementSuspends(t *testing.T) {
	o := opts(t)
	b := &scripted{name: "kisen", moves: []string{"E5", "F5"}}
	w := &linkDrop{scripted{name: "peer", moves: []string{"D4"}}, 1}
	res, _ := run(t, o, b, w)
	if res.Reason != Suspended || res.Result != "" || !strings.Contains(res.Detail, "--resume") {
		t.Fatalf("outcome %+v", res)
	}
	rec := readRecord(t, o.Journal)
	if rec.Result != "" || len(rec.Nodes) != 3 {
		t.Fatalf("record RE %q with %d moves, want no result and 3 moves", rec.Result, len(rec.Nodes))
	}
	// The journal resumes: same position, White to move.
	j, err := LoadJournal(o.Journal)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Resume(Options{MainTime: o.MainTime}, &scripted{name: "kisen"}, &scripted{name: "peer"}, j)
	if err != nil {
		t.Fatal(err)
	}
	if g.Board().MoveNumber() != 3 || g.Board().ToMove() != board.White {
		t.Fatalf("resumed at move %d, %s to move", g.Board().MoveNumber(), g.Board().ToMove())
	}
	if filepath.Ext(o.Journal) != ".sgf" {
		t.Fatal(o.Journal)
	}
}

func TestParseOtherCount(t *testing.T) {
	for _, tc := range []struct {
		in      string
		b, w    float64
		dead    string
		wantErr string
	}{
		{in: "B 45 W 52.5 dead D4 E5", b: 45, w: 52.5, dead: "D4 E5"},
		{in: "black 3 white 10.5", b: 3, w: 10.5},
		{in: "W 7.5 B 0 dead a1, j9", b: 0, w: 7.5, dead: "A1 J9"},
		{in: "B 45", wantErr: "both totals"},
		{in: "B x W 3", wantErr: "not a number"},
		{in: "B 1 W 2 dead Z9", wantErr: "not a point"},
		{in: "score 1", wantErr: "not B, W or dead"},
	} {
		o, err := ParseOtherCount(9, tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var dead []string
		for _, p := range o.Dead {
			dead = append(dead, board.GTP(9, p))
		}
		if o.Black != tc.b || o.White != tc.w || strings.Join(dead, " ") != tc.dead {
			t.Errorf("%q: got %+v (%v)", tc.in, o, dead)
		}
	}
}
