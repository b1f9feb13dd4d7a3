package oracleset

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kisen-go/kisen/board"
)

func writeSet(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "set.tsv")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadAndReplay(t *testing.T) {
	set, err := Read(writeSet(t, "g:3\t9\t6.5\tE5,pass,D4\tW\textra\ng:0\t9\t7\t\n"), 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(set) != 2 || set[0].Key != "g:3" || len(set[0].Moves) != 3 || set[0].Fields[5] != "extra" || set[1].Komi != 7 || len(set[1].Moves) != 0 {
		t.Fatalf("read %+v", set)
	}
	b, toMove, err := set[0].Board()
	if err != nil {
		t.Fatal(err)
	}
	d4, _ := board.ParseGTP(9, "D4")
	if toMove != board.White || b.At(d4) != board.Black {
		t.Errorf("after E5, pass, D4: %v to move, D4 %v; want White to move and a black D4", toMove, b.At(d4))
	}
}

func TestReadNamesTheBadLine(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"g:1\t9\t6.5\tE5\n", "set.tsv:1: want at least 5"},
		{"g:1\t9\t6.5\tE5\tB\ng:2\tnine\t6.5\t\tB\n", "set.tsv:2: board size"},
		{"g:1\t9\tsix\t\tB\n", "set.tsv:1: komi"},
	} {
		if _, err := Read(writeSet(t, tc.text), 5); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
	set, _ := Read(writeSet(t, "g:1\t9\t6.5\tE5,Z9\n"), 4)
	if _, _, err := set[0].Board(); err == nil || !strings.Contains(err.Error(), "g:1: move 2") {
		t.Errorf("a bad vertex gave %v, want an error naming g:1 move 2", err)
	}
}

func TestEachDoesEveryJobOnce(t *testing.T) {
	var done [50]atomic.Int32
	var workers [3]atomic.Int32
	Each(len(done), 3, func(w, i int) {
		done[i].Add(1)
		workers[w].Add(1)
	})
	for i := range done {
		if n := done[i].Load(); n != 1 {
			t.Errorf("job %d ran %d times", i, n)
		}
	}
	total := workers[0].Load() + workers[1].Load() + workers[2].Load()
	if total != 50 {
		t.Errorf("workers ran %d jobs, want 50", total)
	}
}
