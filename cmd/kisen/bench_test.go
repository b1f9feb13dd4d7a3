package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestBenchPrintsEachFigure checks the lines scripts read: every figure is
// there once, as key=positive integer.
func TestBenchPrintsEachFigure(t *testing.T) {
	out, _, err := runT(t, "bench", "--size", "9", "--seconds", "0.2", "--threads", "2")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		k, v, ok := strings.Cut(line, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n <= 0 {
			t.Fatalf("line %q: want key=positive integer", line)
		}
		if _, dup := got[k]; dup {
			t.Fatalf("%s printed twice:\n%s", k, out)
		}
		got[k] = n
	}
	for _, k := range []string{"size", "light_playouts_per_second", "search_playouts_per_second", "threads", "tree_per_thread_playouts_per_second"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no %s line in:\n%s", k, out)
		}
	}
	if got["size"] != 9 || got["threads"] != 2 {
		t.Errorf("size %d threads %d, want 9 and 2", got["size"], got["threads"])
	}
	if _, _, err := runT(t, "bench", "--seconds", "0"); exitCode(err) != 2 {
		t.Errorf("--seconds 0: %v, want a usage error", err)
	}
}
