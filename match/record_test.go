package match

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// A record that cannot be encoded never replaces a good journal: the
// journal keeps its last version and the operator is warned (Bytes once
// returned nil for such a record and the atomic write put an empty file in
// the journal's place).
func TestJournalNeverReplacedByNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.sgf")
	r := newRecorder(opts(t), "b", "w", nil)
	r.move(board.Move{Color: board.Black, Point: board.At(9, 4, 4)}, 0, "")
	if w := r.save(path); w != "" {
		t.Fatal(w)
	}
	good, _ := os.ReadFile(path)
	r.rec.Komi = math.NaN()
	w := r.save(path)
	if !strings.Contains(w, "cannot be encoded") || !strings.Contains(w, "keeps its last good version") {
		t.Errorf("warning %q", w)
	}
	if now, _ := os.ReadFile(path); len(now) == 0 || string(now) != string(good) {
		t.Fatalf("journal after a failed encode: %q, want %q", now, good)
	}
}

// faultAt is a scripted player that breaks the disk before its n-th move.
type faultAt struct {
	scripted
	n     int
	fault func()
}

func (p *faultAt) Move(ctx context.Context, req Request) (Action, error) {
	if p.i == p.n {
		p.fault()
	}
	return p.scripted.Move(ctx, req)
}

// notices collects the Notice events of a game.
func notices(g *Game) *[]string {
	var got []string
	g.Observe(ObserverFunc(func(e Event) {
		if e.Kind == Notice {
			got = append(got, e.Text)
		}
	}))
	return &got
}

// The output folder fails mid-game: the game goes on, the operator is
// warned once with the fallback's path, the record there holds the whole
// game, and the journal in the folder keeps every move written before.
// Two faults: a write that fails (injected: tests may run as root, whom a
// read-only folder does not stop) and the folder replaced by a file (a
// real file-system error, even for root).
func TestDiskFaultMovesTheRecordToTheFallback(t *testing.T) {
	for _, fault := range []string{"failing write", "folder becomes a file"} {
		t.Run(fault, func(t *testing.T) {
			o := opts(t)
			out := filepath.Dir(o.Journal)
			fallback := filepath.Join(t.TempDir(), "fallback")
			b := &faultAt{scripted: scripted{name: "kisen", moves: []string{"E5", "F5", "G5"}}, n: 2}
			w := &scripted{name: "peer", moves: []string{"D4", "C4", "B4"}}
			g, err := NewGame(o, b, w)
			if err != nil {
				t.Fatal(err)
			}
			g.rec.fallback = []string{fallback}
			moved := filepath.Join(t.TempDir(), "moved")
			b.fault = func() {
				if fault == "failing write" {
					g.rec.write = func(p string, data []byte) error {
						if strings.HasPrefix(p, out) {
							return errors.New("no space left on device")
						}
						return os.WriteFile(p, data, 0o644)
					}
					return
				}
				if err := os.Rename(out, moved); err != nil {
					t.Fatal(err)
				}
				os.WriteFile(out, []byte("not a folder"), 0o644)
			}
			got := notices(g)
			res, err := g.Run(context.Background())
			if err != nil || res.Reason != TwoPasses {
				t.Fatalf("outcome %+v, %v", res, err)
			}
			if len(*got) != 1 || !strings.Contains((*got)[0], "now written to "+filepath.Join(fallback, "game.sgf")) {
				t.Fatalf("notices %q, want one naming the fallback", *got)
			}
			if g.RecordPath() != filepath.Join(fallback, "game.sgf") {
				t.Errorf("RecordPath %s", g.RecordPath())
			}
			rec := readRecord(t, filepath.Join(fallback, "game.sgf"))
			if len(rec.Nodes) != 8 || rec.Result == "" {
				t.Errorf("fallback record: %d moves, RE %q; want the whole game", len(rec.Nodes), rec.Result)
			}
			before := o.Journal
			if fault != "failing write" {
				before = filepath.Join(moved, "game.sgf")
			}
			if rec := readRecord(t, before); len(rec.Nodes) != 4 {
				t.Errorf("journal before the fault: %d moves, want the 4 written", len(rec.Nodes))
			}
		})
	}
}

// When no folder can be written, the game goes on in memory with one
// warning, and the first write that works again holds every move.
func TestDiskFaultEverywhereKeepsTheGameInMemory(t *testing.T) {
	o := opts(t)
	broken := true
	b := &faultAt{scripted: scripted{name: "kisen", moves: []string{"E5", "F5", "G5"}}, n: 1}
	w := &faultAt{scripted: scripted{name: "peer", moves: []string{"D4", "C4", "B4"}}, n: 3, fault: func() { broken = false }}
	g, err := NewGame(o, b, w)
	if err != nil {
		t.Fatal(err)
	}
	g.rec.fallback = []string{filepath.Join(t.TempDir(), "fallback")}
	b.fault = func() {
		g.rec.write = func(p string, data []byte) error {
			if broken {
				return errors.New("input/output error")
			}
			return os.WriteFile(p, data, 0o644)
		}
	}
	got := notices(g)
	if res, err := g.Run(context.Background()); err != nil || res.Reason != TwoPasses {
		t.Fatalf("outcome %+v, %v", res, err)
	}
	if len(*got) != 2 || !strings.Contains((*got)[0], "goes on in memory") || !strings.Contains((*got)[1], "written again, whole: "+o.Journal) {
		t.Fatalf("notices %q, want one saying the game goes on in memory, one when it is written again", *got)
	}
	if rec := readRecord(t, o.Journal); len(rec.Nodes) != 8 || rec.Result == "" {
		t.Errorf("journal after the disk came back: %d moves, RE %q", len(rec.Nodes), rec.Result)
	}
}
