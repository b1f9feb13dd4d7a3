package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/engine"
)

// A fit with the pattern group on a few 9x9 records lists patterns the
// engine reads back, and each candidate takes its largest listed pattern.
func TestFitWithPatterns(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/judge/gnugo-9-1*.sgf")
	if err != nil || len(files) < 5 {
		t.Fatalf("records: %v (error %v)", files, err)
	}
	counts := countPatterns(files)
	index, texts := patternIndex(counts, 3)
	if len(texts) == 0 || len(texts) >= len(counts) {
		t.Fatalf("%d patterns of %d played 3 times or more", len(texts), len(counts))
	}
	setOffsets(len(texts))
	d := dataset{patterns: index}
	for _, f := range files {
		if _, err := d.add(f); err != nil {
			t.Fatal(err)
		}
	}
	withPattern := 0
	for i := 0; i < len(d.feats); i += ng {
		if d.feats[i+engine.FeatPattern] > offset[engine.FeatPattern] {
			withPattern++
		}
	}
	if withPattern == 0 {
		t.Fatal("no candidate has a listed pattern")
	}
	gamma := make([]float64, offset[ng])
	for i := range gamma {
		gamma[i] = 1
	}
	wins, seen := d.counts()
	before, _ := d.evaluate(gamma)
	for range 3 {
		for g := range ng {
			d.update(gamma, wins, g)
		}
	}
	after, _ := d.evaluate(gamma)
	if after <= before {
		t.Errorf("training log-likelihood %.4f after the fit, %.4f before", after, before)
	}
	m := model(gamma, seen, 3, map[int]bool{9: true}, [ng]bool{}, texts)
	if len(m.Patterns) != len(texts) {
		t.Errorf("model lists %d patterns, want %d", len(m.Patterns), len(texts))
	}
	var sb strings.Builder
	if _, err := m.WriteTo(&sb); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ParseMoveModel(strings.NewReader(sb.String()))
	if err != nil || len(back.Patterns) != len(texts) {
		t.Errorf("the written model reads back with %d patterns, error %v", len(back.Patterns), err)
	}
}

// -every keeps every Nth position of the training records, and split
// holds out every tenth record, as the fit always has.
func TestEveryAndSplit(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/judge/gnugo-9-1*.sgf")
	if err != nil || len(files) < 5 {
		t.Fatalf("records: %v (error %v)", files, err)
	}
	setOffsets(0)
	all, third := dataset{}, dataset{every: 3}
	for _, f := range files {
		if _, err := all.add(f); err != nil {
			t.Fatal(err)
		}
		if _, err := third.add(f); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := len(third.positions), len(all.positions)/3; got != want {
		t.Errorf("-every 3 kept %d of %d positions, want %d", got, len(all.positions), want)
	}
	var names []string
	for i := range 25 {
		names = append(names, string(rune('a'+i)))
	}
	train, test := split(names)
	if len(test) != 2 || test[0] != "j" || test[1] != "t" || len(train) != 23 {
		t.Errorf("split held out %v and kept %d", test, len(train))
	}
}

// -targets: a position's target is its search's visit shares over the
// candidates, and a fit moves the model towards them.
func TestTargets(t *testing.T) {
	files, err := filepath.Glob("../../engine/testdata/judge/gnugo-9-1*.sgf")
	if err != nil || len(files) == 0 {
		t.Fatalf("records: %v (error %v)", files, err)
	}
	// Three positions of one record: 3:1 between two points, one point,
	// and one whose visits fall on no candidate (off the 9x9 board),
	// which is left out.
	tf := filepath.Join(t.TempDir(), "targets.txt")
	lines := files[0] + " 0 black 4,4:300 2,6:100\n" + files[0] + " 6 white 2,2:5\n" + files[0] + " 10 black 20,20:5\n"
	if err := os.WriteFile(tf, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	setOffsets(0)
	d := dataset{}
	n, err := d.addTargets([]string{tf}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || len(d.positions) != 2 {
		t.Fatalf("%d positions added (%d in the set), want 2 of the 3", n, len(d.positions))
	}
	p := d.positions[0]
	var shares []float64
	for k := range p.n {
		if v := d.targets[p.first+k]; v > 0 {
			shares = append(shares, v)
		}
	}
	if len(shares) != 2 || shares[0]+shares[1] != 1 || max(shares[0], shares[1]) != 0.75 || p.weight != 2 {
		t.Errorf("first position: target shares %v, weight %v; want 0.75 and 0.25, weight 2", shares, p.weight)
	}
	if d.targets[p.first+p.played] != 0.75 {
		t.Errorf("first position's best is share %v, want 0.75", d.targets[p.first+p.played])
	}
	gamma := make([]float64, offset[ng])
	for i := range gamma {
		gamma[i] = 1
	}
	wins, _ := d.counts()
	before := d.targetShare(gamma, 0)
	for range 3 {
		for g := range ng {
			d.update(gamma, wins, g)
		}
	}
	if after := d.targetShare(gamma, 0); after <= before {
		t.Errorf("the first position's best target has share %.4f after the fit, %.4f before", after, before)
	}
}

// targetShare is the model's share of position i's best target.
func (d *dataset) targetShare(gamma []float64, i int) float64 {
	p := d.positions[i]
	total := 0.0
	for k := range p.n {
		total += d.strength(gamma, p.first+k)
	}
	return d.strength(gamma, p.first+p.played) / total
}

// A line of searchtargets that cannot be read is named with what is wrong.
func TestParseTargetErrors(t *testing.T) {
	for _, line := range []string{"a.sgf 3 black", "a.sgf x black 1,1:4", "a.sgf 3 black 1;1:4", "a.sgf 3 black 1,1:-4"} {
		if _, _, _, err := parseTarget(line); err == nil {
			t.Errorf("parseTarget(%q) gave no error", line)
		}
	}
	rec, i, v, err := parseTarget("a.sgf 3 black 1,2:4 0,0:1")
	if err != nil || rec != "a.sgf" || i != 3 || v[[2]int{1, 2}] != 4 || len(v) != 2 {
		t.Errorf("parseTarget: %q %d %v %v", rec, i, v, err)
	}
}
