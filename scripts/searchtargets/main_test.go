package main

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A record's searched positions come out one line each, in the format
// scripts/mmfit -targets reads, with the visits of a real search.
func TestRecordLines(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/judge/gnugo-9-1*.sgf")
	if err != nil || len(files) == 0 {
		t.Fatalf("records: %v (error %v)", files, err)
	}
	sp := span{playouts: 100, every: 7, from: 2, to: 30}
	var out bytes.Buffer
	n, err := sp.record(&out, files[0], 1)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if n == 0 || len(lines) != n {
		t.Fatalf("%d positions, %d lines:\n%s", n, len(lines), out.String())
	}
	for _, line := range lines {
		fs := strings.Fields(line)
		if len(fs) < 5 || fs[0] != files[0] {
			t.Fatalf("line %q: want the record, the index, the colour and two moves or more", line)
		}
		if i, err := strconv.Atoi(fs[1]); err != nil || i < sp.from || i > sp.to || (i-sp.from)%sp.every != 0 {
			t.Errorf("line %q: index not among the searched positions", line)
		}
		total := 0
		for _, mv := range fs[3:] {
			cr, v, ok := strings.Cut(mv, ":")
			visits, err := strconv.Atoi(v)
			if !ok || err != nil || visits <= 0 || strings.Count(cr, ",") != 1 {
				t.Fatalf("line %q: move %q is not col,row:visits", line, mv)
			}
			total += visits
		}
		if total < sp.playouts/2 {
			t.Errorf("line %q: %d visits in all, want about %d", line, total, sp.playouts)
		}
	}
}

// Records come from folders or named files; an argument that gives none
// is an error, so a mistyped run does not write an empty file.
func TestRecordFiles(t *testing.T) {
	dir := "../../engine/testdata/judge"
	all, err := recordFiles([]string{dir})
	if err != nil || len(all) < 2 {
		t.Fatalf("folder: %d records, error %v", len(all), err)
	}
	named, err := recordFiles([]string{all[1], all[0]})
	if err != nil || len(named) != 2 || named[0] != all[0] || named[1] != all[1] {
		t.Fatalf("named files: %v, error %v", named, err)
	}
	for _, bad := range []string{"main.go", ".", "no-such-folder"} {
		if _, err := recordFiles([]string{bad}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
