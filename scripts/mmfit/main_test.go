package main

import (
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
