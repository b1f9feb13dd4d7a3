package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/internal/oracleset"
)

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The playouts capture a chain that is in atari with its captor to move,
// and never a chain with two eyes.
func TestSurvival(t *testing.T) {
	for _, tc := range []struct {
		name   string
		moves  string
		vertex string
		color  board.Color
		min    float64
		max    float64
	}{
		// White A1-B1 has one liberty, B2, and Black is to move.
		{"in atari", "A2,A1,C1,B1", "A1", board.White, 0, 0.2},
		// White A2-D2, B1, D1 with eyes at A1 and C1.
		{"two eyes", "pass,A2,pass,B2,pass,C2,pass,D2,pass,D1,pass,B1", "B1", board.White, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			it := item{Position: oracleset.Position{Key: tc.name, Size: 9, Komi: 6.5, Moves: strings.Split(tc.moves, ",")},
				vertex: tc.vertex, color: tc.color}
			got, err := survival(it, engine.Options{}, 200, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got < tc.min || got > tc.max {
				t.Errorf("survival %.3f, want %.2f to %.2f", got, tc.min, tc.max)
			}
		})
	}
}

// compare pairs the items two runs share and reports the change in misses.
func TestReadVerdicts(t *testing.T) {
	path := writeTemp(t, "v.tsv", "g:9\tC3\tdead\tdead\t0.2500\ng:9\tE5\talive\talive\t0.9000\n")
	vs, err := readVerdicts(path)
	if err != nil {
		t.Fatal(err)
	}
	if v := vs["g:9 C3 dead"]; v.miss() != 0.25 || v.alive {
		t.Errorf("C3: %+v, miss %v; want a dead target missed 0.25", v, v.miss())
	}
	if v := vs["g:9 E5 alive"]; v.miss() < 0.099 || v.miss() > 0.101 {
		t.Errorf("E5: miss %v, want 0.1", v.miss())
	}
	bad := writeTemp(t, "bad.tsv", "g:9\tC3\tdead\t0.25\n")
	if _, err := readVerdicts(bad); err == nil || !strings.Contains(err.Error(), "bad.tsv:1") {
		t.Errorf("a short line gave %v, want an error naming bad.tsv:1", err)
	}
}

// GNU Go labels a living corner group alive and a chain in atari dead.
func TestLabel(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go is not installed (apt-get install gnugo)")
	}
	ps, err := oracleset.Read(writeTemp(t, "set.tsv",
		"g:13\t9\t6.5\tpass,A2,pass,B2,pass,C2,pass,D2,pass,D1,pass,B1,E5\n"), 4)
	if err != nil {
		t.Fatal(err)
	}
	g, err := startLabeller(gnugo + " --mode gtp --level 1")
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	items, err := labelPosition(g, ps[0], 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].vertex != "A2" || !items[0].alive || items[0].kind != "alive" || items[0].stones != 6 {
		t.Errorf("items %+v, want the six white stones alive", items)
	}
}

// An item line with a field out of place is refused with its key.
func TestParseItem(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"g:3\t9\t6.5\tE5\tE5\tX\tdead\tdead\t1", `g:3 E5: colour "X"`},
		{"g:3\t9\t6.5\tE5\tE5\tB\tsick\tdead\t1", `g:3 E5: target "sick"`},
		{"g:3\t9\t6.5\tE5\tE5\tB\talive\talive\tone", "g:3 E5: stones"},
	} {
		ps, err := oracleset.Read(writeTemp(t, "f.tsv", tc.line+"\n"), 9)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseItem(ps[0]); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.line, err, tc.want)
		}
	}
}

// The gap pairs a group's attacked and defended items; an item without
// its pair gives none.
func TestCriticalGaps(t *testing.T) {
	vs := []verdict{
		{key: "g:9", vertex: "C3", kind: "attacked", share: 0.25},
		{key: "g:9", vertex: "C3", kind: "defended", alive: true, share: 0.75},
		{key: "g:9", vertex: "E5", kind: "defended", alive: true, share: 0.5},
		{key: "g:9", vertex: "G7", kind: "alive", alive: true, share: 1},
	}
	if got := criticalGaps(vs); len(got) != 1 || got[0] != 0.5 {
		t.Errorf("gaps %v, want [0.5] for C3 alone", got)
	}
}
