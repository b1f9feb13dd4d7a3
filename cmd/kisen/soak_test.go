//go:build linux

package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSoakShort is the soak `make test` keeps: three 9x9 games between two
// kisen sides over a faulty virtual cable with every fault, fixed seed.
// Any lost move, desync or hang fails it.
func TestSoakShort(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three games")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out bytes.Buffer
	err := run(ctx, []string{"soak", "--games", "3", "--parallel", "3", "--seed", "23", "--rate", "0.06",
		"--playouts", "16", "--resend-timeout", "250ms", "--deadline", "90s", "--out", t.TempDir()}, &out, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	last := strings.TrimSpace(out.String())
	last = last[strings.LastIndex(last, "\n")+1:]
	if !strings.HasPrefix(last, "soak: games=3 identical=3 lost_moves=0 desyncs=0 stuck=0 ") || !strings.HasSuffix(last, " seed=23") {
		t.Fatalf("closing line %q\n%s", last, out.String())
	}
	if !strings.Contains(out.String(), "faults=") || strings.Contains(out.String(), "faults=0 ") {
		t.Fatalf("a game ran without faults:\n%s", out.String())
	}
}

func TestSoakFlags(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), []string{"soak", "--faults", "cosmic"}, &out, &out)
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "unplug") {
		t.Fatalf("%v", err)
	}
	err = run(context.Background(), []string{"soak", "--replay", t.TempDir()}, &out, &out)
	if err == nil || !strings.Contains(err.Error(), "game.json") {
		t.Fatalf("%v", err)
	}
}

// TestKillHarnessShort runs the kill -9 harness for two kills (seed 5:
// White killed while sending its move, the bytes lost, at move 33; Black
// while waiting for the OK of its move 47): both resumed games must end with
// identical records and the clocks of the journal.
func TestKillHarnessShort(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a game with two real processes")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "kisen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "soak", "--kill", "2", "--kill-at", "sending,wait-ok,thinking,journal", "--seed", "5", "--deadline", "2m", "--out", filepath.Join(dir, "k"))
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "kill: kills=2 resumed=2 same_position=2 clocks_within_1s=2 games=1 identical=1 ") {
		t.Fatalf("closing line:\n%s", out.String())
	}
}

// TestKillAtOKSentKeepsTheMove kills White the moment its OK for Black's
// MOVE reaches the cable (issue 23 defect 1). The OK goes out only once
// the move is in White's journal, so the resumed White has it and both
// records end identical; before, the journal lacked the move, Black never
// resent it and the game hung.
func TestKillAtOKSentKeepsTheMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a game with two real processes")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "kisen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "soak", "--kill", "1", "--kill-at", "ok-sent", "--seed", "1", "--deadline", "40s", "--out", filepath.Join(dir, "k"))
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "kill: kills=1 resumed=1 same_position=1 clocks_within_1s=1 games=1 identical=1 ") {
		t.Fatalf("closing line:\n%s", out.String())
	}
}
