package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAnalyze searches the position before Pachi's cut in run 5, game 1:
// the root moves are listed most visited first, --top bounds the list and
// --show adds a move below it (the cut, which the search may never try).
func TestAnalyze(t *testing.T) {
	rec := filepath.Join("testdata", "pachi-cut.sgf")
	out, _, err := runT(t, "analyze", "--playouts", "2000", "--top", "3", "--show", "E4", rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "after move 11: white to move, 2000 playouts") {
		t.Fatalf("header:\n%s", out)
	}
	var rows []string
	visits := -1
	for _, f := range rootRows(out) {
		l := strings.Join(f, " ")
		rows = append(rows, f[0])
		if f[0] != "E4" {
			v, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("row %q: %v", l, err)
			}
			if visits >= 0 && v > visits {
				t.Errorf("row %q: more visits than the row above", l)
			}
			visits = v
		}
	}
	if len(rows) < 3 || len(rows) > 4 || !strings.Contains(strings.Join(rows, " "), "E4") {
		t.Fatalf("rows %v, want the top 3 and E4:\n%s", rows, out)
	}
	if !strings.Contains(out, "chose "+rows[0]) {
		t.Errorf("the choice is not the most visited move:\n%s", out)
	}

	for _, args := range [][]string{
		{"analyze", "--move", "12", rec},
		{"analyze", "--show", "Z9", rec},
		{"analyze", "--playouts", "0", rec},
		{"analyze", "--explore", "-0.1", rec},
		{"analyze", "--explore", "2", rec},
		{"analyze", "--owner-playouts", "50", rec},
		{"analyze"},
	} {
		if _, _, err := runT(t, args...); exitCode(err) != 2 {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestAnalyzeExplore: --explore searches the same position more broadly,
// so an exploration arm's root can be read as kisen match --explore plays
// it: more root moves reach 20 visits out of the same 2000.
func TestAnalyzeExplore(t *testing.T) {
	rec := filepath.Join("testdata", "pachi-cut.sgf")
	broad := func(c string) int {
		out, _, err := runT(t, "analyze", "--playouts", "2000", "--top", "100", "--explore", c, rec)
		if err != nil {
			t.Fatal(err)
		}
		if c != "0" && !strings.Contains(out, "explore "+c+")") {
			t.Errorf("--explore %s: the header does not name the arm:\n%s", c, out)
		}
		n := 0
		for _, f := range rootRows(out) {
			if v, err := strconv.Atoi(f[1]); err == nil && v >= 20 {
				n++
			}
		}
		return n
	}
	if none, some := broad("0"), broad("0.3"); some <= none {
		t.Errorf("root moves with 20 visits or more: %d with --explore 0.3, %d without; want more", some, none)
	}
}

// TestAnalyzeOwnerPlayouts: --owner-playouts gives the root's moves the
// ownership prior kisen match --owner-playouts plays with, and the header
// names the arm.
func TestAnalyzeOwnerPlayouts(t *testing.T) {
	rec := filepath.Join("testdata", "pachi-cut.sgf")
	priors := func(args ...string) (map[string]string, string) {
		args = append([]string{"analyze", "--playouts", "300", "--top", "100"}, append(args, rec)...)
		out, _, err := runT(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		m := make(map[string]string)
		for _, f := range rootRows(out) {
			m[f[0]] = f[3]
		}
		return m, out
	}
	without, _ := priors()
	with, out := priors("--owner-playouts", "200")
	if !strings.Contains(out, "owner playouts 200)") {
		t.Errorf("the header does not name the arm:\n%s", out)
	}
	changed := 0
	for v, p := range with {
		if q, ok := without[v]; ok && q != p {
			changed++
		}
	}
	if changed == 0 {
		t.Errorf("no root move's prior changed with --owner-playouts 200:\n%s", out)
	}
}

// rootRows is the fields of each root-move row of analyze's table.
func rootRows(out string) [][]string {
	var rows [][]string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 7 && f[0] != "move" {
			rows = append(rows, f)
		}
	}
	return rows
}
