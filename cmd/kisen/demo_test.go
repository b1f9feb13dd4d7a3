package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/sgf"
)

// TestDemo runs the main job as `make demo` does, with fast moves: two
// kisen players over an in-process pty pair play to the end and write two
// identical valid records and both reports.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := run(ctx, []string{"demo", "--move-time", "30ms", "--ui", "plain", "--out", out}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("demo: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "both records agree move for move") {
		t.Fatalf("no agreement line:\n%s", stdout.String())
	}
	recs, _ := filepath.Glob(filepath.Join(out, "demo-*", "*", "*.sgf"))
	if len(recs) != 2 {
		t.Fatalf("records: %v", recs)
	}
	var moves [2]int
	for i, r := range recs {
		data, err := os.ReadFile(r)
		if err != nil {
			t.Fatal(err)
		}
		if probs := sgf.Check(data); len(probs) > 0 {
			t.Fatalf("%s: %v", r, probs)
		}
		rec, _ := sgf.Parse(data)
		if rec.Result == "" || rec.Result == "?" {
			t.Fatalf("%s: result %q", r, rec.Result)
		}
		moves[i] = len(rec.Nodes)
		for _, ext := range []string{".report.txt", ".report.svg"} {
			if _, err := os.Stat(strings.TrimSuffix(r, ".sgf") + ext); err != nil {
				t.Errorf("report: %v", err)
			}
		}
	}
	if moves[0] != moves[1] || moves[0] < 10 {
		t.Fatalf("moves: %v", moves)
	}
}
