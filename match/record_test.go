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
	"github.com/kisen-go/kisen/sgf"
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

// Both sides of a kisen-vs-kisen game on one machine have the same file
// name; when both lose their folders they share the fallback folder. The
// second must not overwrite the first's record, nor an older game's file.
func TestDiskFaultFallbackNeverOverwrites(t *testing.T) {
	fallback := filepath.Join(t.TempDir(), "fallback")
	os.MkdirAll(fallback, 0o755)
	older := filepath.Join(fallback, "game.sgf")
	os.WriteFile(older, []byte("(;FF[4]GM[1]SZ[9];B[ee])"), 0o644)
	var games []*Game
	for range 2 {
		o := opts(t)
		b := &faultAt{scripted: scripted{name: "kisen", moves: []string{"E5", "F5", "G5"}}, n: 1}
		w := &scripted{name: "peer", moves: []string{"D4", "C4", "B4"}}
		g, err := NewGame(o, b, w)
		if err != nil {
			t.Fatal(err)
		}
		g.rec.fallback = []string{fallback}
		b.fault = func() {
			g.rec.write = func(p string, data []byte) error {
				if strings.HasPrefix(p, filepath.Dir(o.Journal)) {
					return errors.New("read-only file system")
				}
				return os.WriteFile(p, data, 0o644)
			}
		}
		games = append(games, g)
	}
	// Another kisen holds game-3.sgf's lock but has not written it yet.
	unlock, err := LockJournal(filepath.Join(fallback, "game-3.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	for i, g := range games {
		if res, err := g.Run(context.Background()); err != nil || res.Reason != TwoPasses {
			t.Fatalf("game %d: %+v, %v", i+1, res, err)
		}
	}
	want := []string{filepath.Join(fallback, "game-2.sgf"), filepath.Join(fallback, "game-4.sgf")}
	for i, g := range games {
		if g.RecordPath() != want[i] {
			t.Errorf("game %d written to %s, want %s", i+1, g.RecordPath(), want[i])
		}
		if rec := readRecord(t, want[i]); len(rec.Nodes) != 8 {
			t.Errorf("game %d: %d moves in its fallback record", i+1, len(rec.Nodes))
		}
	}
	if data, _ := os.ReadFile(older); string(data) != "(;FF[4]GM[1]SZ[9];B[ee])" {
		t.Errorf("the older game's record was overwritten: %q", data)
	}
}

// One failed write (a sync that returns EIO once) is tried again at once:
// the journal stays where the operator expects it, with no warning.
func TestDiskFaultOnceKeepsTheJournalInPlace(t *testing.T) {
	o := opts(t)
	b := &faultAt{scripted: scripted{name: "kisen", moves: []string{"E5", "F5", "G5"}}, n: 1}
	w := &scripted{name: "peer", moves: []string{"D4", "C4", "B4"}}
	g, err := NewGame(o, b, w)
	if err != nil {
		t.Fatal(err)
	}
	g.rec.fallback = []string{filepath.Join(t.TempDir(), "fallback")}
	b.fault = func() {
		failed := false
		g.rec.write = func(p string, data []byte) error {
			if !failed {
				failed = true
				return errors.New("sync: input/output error")
			}
			return os.WriteFile(p, data, 0o644)
		}
	}
	got := notices(g)
	if res, err := g.Run(context.Background()); err != nil || res.Reason != TwoPasses {
		t.Fatalf("outcome %+v, %v", res, err)
	}
	if len(*got) != 0 || g.RecordPath() != o.Journal {
		t.Fatalf("notices %q, record at %s; want none, and %s", *got, g.RecordPath(), o.Journal)
	}
	if rec := readRecord(t, o.Journal); len(rec.Nodes) != 8 {
		t.Errorf("journal: %d moves, want 8", len(rec.Nodes))
	}
}

// When the disk never comes back, the game still ends, and Unsaved hands
// the whole record over for the operator to copy; with a good disk it is nil.
func TestDiskFaultToTheEndLeavesTheRecordUnsaved(t *testing.T) {
	for _, broken := range []bool{false, true} {
		o := opts(t)
		b := &faultAt{scripted: scripted{name: "kisen", moves: []string{"E5", "F5", "G5"}}, n: 1, fault: func() {}}
		w := &scripted{name: "peer", moves: []string{"D4", "C4", "B4"}}
		g, err := NewGame(o, b, w)
		if err != nil {
			t.Fatal(err)
		}
		g.rec.fallback = []string{filepath.Join(t.TempDir(), "fallback")}
		if broken {
			b.fault = func() {
				g.rec.write = func(string, []byte) error { return errors.New("input/output error") }
			}
		}
		if res, err := g.Run(context.Background()); err != nil || res.Reason != TwoPasses {
			t.Fatalf("outcome %+v, %v", res, err)
		}
		got := g.Unsaved()
		if !broken {
			if got != nil {
				t.Errorf("good disk: Unsaved = %q, want nil", got)
			}
			continue
		}
		rec, err := sgf.Parse(got)
		if err != nil || len(rec.Nodes) != 8 || rec.Result == "" {
			t.Fatalf("unsaved record: %v, %d moves, RE %q; want the whole game", err, len(rec.Nodes), rec.Result)
		}
	}
}
