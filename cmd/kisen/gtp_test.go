package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
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
// resigning is on; the rest is copied, and the default plans no visits.
func TestEngineOptionsFromConfig(t *testing.T) {
	c := config.Engine{Threads: 3, MaxMemoryMB: 64, ResignThreshold: 0.2, Ponder: true, Widening: true, TreePerThread: true, Seed: 9}
	o := engineOptions(c)
	if o.Threads != 3 || o.MaxMemoryMB != 64 || !o.Ponder || !o.Widening || !o.TreePerThread || o.Seed != 9 || o.ResignThreshold != 0 || o.VisitPlan {
		t.Errorf("without resign: %+v", o)
	}
	if o := engineOptions(config.Default().Engine); o.VisitPlan {
		t.Errorf("the default engine: %+v, want no visit plan", o)
	}
	c.VisitPlan = true
	if o := engineOptions(c); !o.VisitPlan {
		t.Errorf("engine.visit_plan: %+v, want the visit plan", o)
	}
	c.Resign = true
	if o := engineOptions(c); o.ResignThreshold != 0.2 {
		t.Errorf("with resign: threshold %v", o.ResignThreshold)
	}
}

// TestGTPPondersOnlyWhenAsked: the tournament default ponders, but kisen
// gtp, which usually shares its machine with its opponent, ponders only
// when the file or the environment sets engine.ponder.
func TestGTPPondersOnlyWhenAsked(t *testing.T) {
	def := config.Default()
	if !engineOptions(def.Engine).Ponder {
		t.Errorf("kisen play's default engine does not ponder")
	}
	if gtpEngineOptions(&def).Ponder {
		t.Errorf("kisen gtp ponders on the default configuration")
	}
	for _, tc := range []struct {
		name, file string
		env        map[string]string
		want       bool
	}{
		{"file true", "engine:\n  ponder: true\n", nil, true},
		{"file false", "engine:\n  ponder: false\n", nil, false},
		{"file silent", "engine:\n  threads: 2\n", nil, false},
		{"environment true", "", map[string]string{"KISEN_ENGINE_PONDER": "true"}, true},
	} {
		c, err := config.LoadBytes("k.yaml", []byte(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.ApplyEnv(func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }); err != nil {
			t.Fatal(err)
		}
		if got := gtpEngineOptions(&c).Ponder; got != tc.want {
			t.Errorf("%s: kisen gtp ponders %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestGTPModelFile: kisen gtp reads the --model file: a model file lets it
// play, and a file that is not a model stops it with the file, the line
// and the problem. That the engine then searches with the file's model is
// TestOptionsModel's (engine).
func TestGTPModelFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "refit.model")
	if err := os.WriteFile(good, []byte("sizes 9\ncapture 1 8\nfight 1 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := "1 boardsize 9\n2 genmove b\nquit\n"
	var out strings.Builder
	if err := serveGTP(context.Background(), []string{"--playouts", "50", "--threads", "1", "--model", good}, strings.NewReader(in), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "=1\n\n=2 ") {
		t.Errorf("kisen gtp --model answered %q", out.String())
	}
	bad := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(bad, []byte("sizes 9\nshape one 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := serveGTP(context.Background(), []string{"--model", bad}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad model file: error %v, want the file name and line 2", err)
	}
}
