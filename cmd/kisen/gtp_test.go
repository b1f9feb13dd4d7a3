package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/config"
)

// TestGTPAnswersKisenVersion: kisen gtp answers version with the version
// the binary was built with, and knows loadsgf and the handicap commands.
func TestGTPAnswersKisenVersion(t *testing.T) {
	in := "1 version\n2 known_command loadsgf\n3 known_command fixed_handicap\nquit\n"
	var out strings.Builder
	if err := serveGTP(context.Background(), []string{"--playouts", "10"}, strings.NewReader(in), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "=1 " + version + "\n\n=2 true\n\n=3 true\n\n=\n\n"
	if out.String() != want {
		t.Errorf("kisen gtp answered %q, want %q", out.String(), want)
	}
}

// TestEngineOptionsFromConfig: the resign threshold counts only when
// resigning is on; the rest is copied.
func TestEngineOptionsFromConfig(t *testing.T) {
	c := config.Engine{Threads: 3, MaxMemoryMB: 64, ResignThreshold: 0.2, Ponder: true, Widening: true, TreePerThread: true, Seed: 9}
	o := engineOptions(c)
	if o.Threads != 3 || o.MaxMemoryMB != 64 || !o.Ponder || !o.Widening || !o.TreePerThread || o.Seed != 9 || o.ResignThreshold != 0 {
		t.Errorf("without resign: %+v", o)
	}
	c.Resign = true
	if o := engineOptions(c); o.ResignThreshold != 0.2 {
		t.Errorf("with resign: threshold %v", o.ResignThreshold)
	}
}
