//go:build linux

package soak

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgf"
)

func writeRec(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("(;GM[1]FF[4]SZ[9]KM[6.5]"+body+")"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCompareRecords(t *testing.T) {
	dir := t.TempDir()
	full := writeRec(t, dir, "a.sgf", ";B[ee];W[cc];B[gg]")
	short := writeRec(t, dir, "b.sgf", ";B[ee];W[cc]")
	other := writeRec(t, dir, "c.sgf", ";B[ee];W[dc];B[gg]")
	var r Result
	compareRecords(full, full, &r)
	if !r.Identical || !r.OK() {
		t.Fatalf("same records: %+v", r)
	}
	r = Result{}
	compareRecords(full, short, &r)
	if r.Identical || r.Lost != 1 || r.Desync || !strings.Contains(r.Why, "3 moves, white's 2") {
		t.Fatalf("a lost move: %+v", r)
	}
	r = Result{}
	compareRecords(full, other, &r)
	if r.Identical || !r.Desync || !strings.Contains(r.Why, "move 2") {
		t.Fatalf("a desync: %+v", r)
	}
}

// A game that cannot start is kept with its plan, and Replay reads it.
func TestFailingGameIsKeptForReplay(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g0001")
	calls := 0
	failing := func(ctx context.Context, s Side) (*match.Game, io.Closer, error) {
		calls++
		return nil, nil, errors.New("no engine today")
	}
	spec := Spec{Index: 1, Seed: 99, Size: 9, Faults: "stall,drop", Rate: 0.1, Resend: 300 * time.Millisecond, Playouts: 8, Deadline: time.Minute}
	r := PlayGame(context.Background(), spec, dir, failing, false)
	if r.OK() || r.Kept != dir || !strings.Contains(r.Why, "no engine today") {
		t.Fatalf("%+v", r)
	}
	got, err := ReadSpec(dir)
	if err != nil || got != spec {
		t.Fatalf("kept spec %+v, %v; want %+v", got, err, spec)
	}
	if _, err := os.Stat(filepath.Join(dir, "faults.log")); err != nil {
		t.Fatal(err)
	}
	r, err = Replay(context.Background(), dir, failing)
	if err != nil || r.OK() || calls != 2 || !strings.HasPrefix(r.Kept, filepath.Join(dir, "replay-")) {
		t.Fatalf("replay: %+v %v (calls %d)", r, err, calls)
	}
}

func TestSummaryLine(t *testing.T) {
	s := Summary{Games: 5, Identical: 4, LostMoves: 1, Desyncs: 0, Stuck: 1, MaxRecovery: 1830 * time.Millisecond, Seed: 7}
	want := "soak: games=5 identical=4 lost_moves=1 desyncs=0 stuck=1 max_recovery=1.8s seed=7"
	if s.Line() != want {
		t.Fatalf("%q", s.Line())
	}
	first, again := GameSeed(7, 0), GameSeed(7, 0)
	if first == GameSeed(7, 1) || first != again {
		t.Fatal("game seeds")
	}
}

func TestClocksAfterResume(t *testing.T) {
	parse := func(s string) *sgf.Record {
		r, err := sgf.Parse([]byte("(;GM[1]FF[4]SZ[9]KM[6.5]" + s + ")"))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	j := parse(";B[ee]BL[100];W[cc]WL[99.5]")
	for _, tc := range []struct {
		more string
		ok   bool
	}{
		{";B[gg]BL[99.9];W[dd]WL[99.3]", true},
		{";B[gg]BL[90];W[dd]WL[99.3]", false},    // the resumed clock lost 10 s
		{";B[gg]BL[100.5];W[dd]WL[99.3]", false}, // or gained time
		{"", false},                              // nothing to check
	} {
		ok, why := clocksAfterResume(j, parse(";B[ee]BL[100];W[cc]WL[99.5]"+tc.more), 100*time.Millisecond)
		if ok != tc.ok {
			t.Errorf("%q: %v (%s)", tc.more, ok, why)
		}
	}
}
