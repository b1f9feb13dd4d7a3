package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/engine"
)

// writeTemp writes text into a file called name in a temporary folder and
// returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A position is replayed from its moves and searched the same way twice.
func TestChooseRepeats(t *testing.T) {
	set, err := readSet(writeTemp(t, "set.tsv", "g:4\t9\t6.5\tE5,C5,D4,F6\tB\t0.50\tD6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(set) != 1 || len(set[0].Moves) != 4 {
		t.Fatalf("read %+v, want one position of four moves", set)
	}
	first, err := choose(set[0], engine.Options{Playouts: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	again, err := choose(set[0], engine.Options{Playouts: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if first != again {
		t.Errorf("same seed, different answers: %q and %q", first, again)
	}
	f := strings.Split(first, "\t")
	if len(f) != 3 || f[0] != "g:4" || f[1] == "E5" || f[1] == "C5" {
		t.Errorf("answer %q: want key, a move on an empty point, win rate", first)
	}
}

func TestBadSetNamesTheLine(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"g:1\t9\t6.5\n", ":1: want at least 5"},
		{"g:1\t9\t6.5\tE5\tW\n" + "g:2\tnine\t6.5\tE5\tW\n", ":2: board size"},
		{"g:1\t9\tsix\tE5\tW\n", ":1: komi"},
	} {
		if _, err := readSet(writeTemp(t, "set.tsv", tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("readSet(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
	set, err := readSet(writeTemp(t, "set.tsv", "g:1\t9\t6.5\tE5,E5\tB\t0.5\tD6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := choose(set[0], engine.Options{Playouts: 100, Seed: 1}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("an occupied point: got %v, want an error naming move 2", err)
	}
}

func TestReadModel(t *testing.T) {
	if m, err := readModel(""); m != nil || err != nil {
		t.Fatalf("no -model: got %v, %v; want nil, nil", m, err)
	}
	bad := writeTemp(t, "bad.model", "not a model\n")
	if _, err := readModel(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("a bad file: got %v; want an error naming %s", err, bad)
	}
	m, err := readModel("../../engine/moves.model")
	if err != nil || m == nil {
		t.Fatalf("the committed model: got %v, %v", m, err)
	}
}
