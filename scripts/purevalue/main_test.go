package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/internal/oracleset"
)

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadValues(t *testing.T) {
	p := writeTemp(t, "v.tsv", "r1:6\t1\t0.7500\nr2:9\t0\t0.2500\n")
	m, err := readValues(p)
	if err != nil {
		t.Fatal(err)
	}
	if m["r1:6"] != [2]float64{1, 0.75} || m["r2:9"] != [2]float64{0, 0.25} {
		t.Errorf("read %v", m)
	}
	bad := writeTemp(t, "bad.tsv", "r1:6\t1\n")
	if _, err := readValues(bad); err == nil {
		t.Error("a line of two fields was accepted")
	}
}

func TestCompareRefusesDifferentSets(t *testing.T) {
	a := writeTemp(t, "a.tsv", "r1:6\t1\t0.5\nr2:6\t0\t0.5\n")
	b := writeTemp(t, "b.tsv", "r1:6\t0\t0.5\nr2:6\t0\t0.5\n")
	if err := compare(a, b); err == nil {
		t.Error("two sets whose values differ were compared")
	}
}

func TestPlayCountsTheSideToMove(t *testing.T) {
	// 5x5: Black's wall on the B line, White has only passed. White would
	// need 13 of the 25 points, more than the playouts ever leave it, so
	// the side to move wins them all as Black and none as White.
	moves := "B1,pass,B2,pass,B3,pass,B4,pass,B5"
	for _, tc := range []struct {
		moves string
		want  float64
	}{
		{moves + ",pass", 1}, // Black to move
		{moves, 0},           // White to move
	} {
		set := writeTemp(t, "s.tsv", "t:9\t5\t0.5\t"+tc.moves+"\tB\t1\t-\n")
		ps, err := oracleset.Read(set, 6)
		if err != nil {
			t.Fatal(err)
		}
		r, err := play(ps[0], 200, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := float64(r.wins) / 200; math.Abs(got-tc.want) > 0.05 {
			t.Errorf("moves %s: side to move wins %.2f, want %.0f", tc.moves, got, tc.want)
		}
		if r.capped != 0 {
			t.Errorf("%d playouts ran to the cap", r.capped)
		}
	}
}

func TestAUCCountsPairsTheRightWayRound(t *testing.T) {
	// Won positions at 0.9 and 0.5, lost ones at 0.5 and 0.1: of the four
	// pairs three are the right way round and one is a tie.
	got := auc([]float64{1, 1, 0, 0}, []float64{0.9, 0.5, 0.5, 0.1})
	if got != 0.875 {
		t.Errorf("auc = %v, want 0.875", got)
	}
	// An oracle's win rate is neither won nor lost.
	if got := auc([]float64{1, 0.6}, []float64{0.9, 0.2}); !math.IsNaN(got) {
		t.Errorf("auc of a band with no lost position = %v, want NaN", got)
	}
}

func TestBandsSplitByMove(t *testing.T) {
	base := map[string][2]float64{"r:10": {1, 0.5}, "r:59": {0, 0.5}, "r:60": {1, 0.9}, "r:120": {0, 0.2}, "nomove": {1, 0}}
	arm := map[string][2]float64{"r:10": {1, 1}, "r:59": {0, 0}, "r:60": {1, 1}, "r:120": {0, 0.2}, "nomove": {1, 0}}
	var shared []paired
	for k, b := range base {
		shared = append(shared, paired{key: k, value: b[0], base: b[1], arm: arm[k][1]})
	}
	var sb strings.Builder
	bands(&sb, shared)
	want := []string{
		"  0-59        2   0.2500   0.0000    0.500    1.000",
		" 60-119       1   0.0100   0.0000      NaN      NaN",
		"120-179       1   0.0400   0.0400      NaN      NaN",
	}
	lines := strings.Split(strings.TrimSpace(sb.String()), "\n")
	if len(lines) != len(want)+1 {
		t.Fatalf("bands printed\n%s\nwant a header and %d lines", sb.String(), len(want))
	}
	for i, w := range want {
		if lines[i+1] != w {
			t.Errorf("line %d: %q, want %q", i+1, lines[i+1], w)
		}
	}
}
