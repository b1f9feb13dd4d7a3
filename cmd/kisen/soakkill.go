package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kisen-go/kisen/internal/soak"
)

type killConfig struct {
	Kills int
	Seed  uint64
	Out   string
	Size  int
	// Deadline bounds each game; a resumed side that waits for a move its
	// peer believes delivered hangs until then.
	Deadline time.Duration
	Moments  []string // nil: every moment
}

// runKillHarness runs this very binary as both sides' `kisen play` and
// kills them (internal/soak.RunKills).
func runKillHarness(ctx context.Context, cfg killConfig, stdout io.Writer) error {
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("soak --kill: finding kisen's own binary: %w", err)
	}
	kc := soak.KillConfig{Bin: bin, Kills: cfg.Kills, Seed: cfg.Seed, Out: cfg.Out, Size: cfg.Size,
		MoveTime: 60 * time.Millisecond, Resend: time.Second, PerGame: 3, Deadline: cfg.Deadline, Moments: cfg.Moments, Progress: stdout}
	fmt.Fprintf(stdout, "kill: %d kills of `kisen play` (%dx%d, move time %v, resend %v), seed %d, games in %s\n",
		kc.Kills, kc.Size, kc.Size, kc.MoveTime, kc.Resend, kc.Seed, kc.Out)
	sum := soak.RunKills(ctx, kc)
	for _, f := range sum.Failures {
		fmt.Fprintf(stdout, "FAILED %s\n", f)
	}
	for _, f := range sum.StrayFiles {
		fmt.Fprintf(stdout, "stray file left by a kill: %s\n", f)
	}
	fmt.Fprintln(stdout, sum.Line())
	if ctx.Err() != nil {
		return fmt.Errorf("kill harness interrupted after %d kills", sum.Kills)
	}
	if !sum.OK() {
		return fmt.Errorf("kill harness: %d of %d games failed or a kill was not resumed cleanly; see %s", len(sum.Failures), sum.Games, cfg.Out)
	}
	return nil
}
