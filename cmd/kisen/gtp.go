package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/kisen-go/kisen/config"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/gtp"
)

// runGTP is `kisen gtp`: the engine as a GTP v2 program on stdin/stdout.
func runGTP(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serveGTP(ctx, args, os.Stdin, stdout, stderr)
}

func serveGTP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("gtp", "[--move-time 1s] [--playouts N] [--threads N] [--config FILE]",
		"Speak GTP version 2 on standard input and output (GoGui, Sabaki, match scripts).\n"+
			"--move-time and --playouts fix the effort per move until time_settings or\n"+
			"time_left arrive; from then on the GTP clock governs (counted down by kisen\n"+
			"between time_left). Each move gets all of --move-time, or the clock's window\n"+
			"with an early stop; with engine.visit_plan: true in the config, a move's time\n"+
			"sets a root count instead, as kisen match --move-time plans.", stderr)
	moveTime := fs.Duration("move-time", 0, "fixed time per move while no GTP time commands arrive (default 10s)")
	playouts := fs.Int("playouts", 0, "fixed playouts per move while no GTP time commands arrive (overrides --move-time)")
	threads := fs.Int("threads", 0, "search threads (default: engine.threads in the config, else all cores)")
	widening := fs.Bool("widening", false, "progressive widening (also engine.widening in the config)")
	noModel := fs.Bool("no-model", false, "hand-set priors instead of the learned move model (for A/B tests)")
	modelFile := fs.String("model", "", "a move model `FILE` in place of the committed one (a refit under test, docs/model.md)")
	perThread := fs.Bool("tree-per-thread", false, "each search thread its own tree (also engine.tree_per_thread in the config)")
	cfgFile := fs.String("config", "", "configuration file (engine: threads, max_memory_mb, resign, ponder, seed)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgFile)
	if err != nil {
		return err
	}
	opt := gtpEngineOptions(&cfg)
	opt.Widening = opt.Widening || *widening
	opt.NoModel = *noModel
	if opt.Model, err = readModel(*modelFile); err != nil {
		return err
	}
	opt.TreePerThread = opt.TreePerThread || *perThread
	opt.Playouts, opt.MoveTime = *playouts, *moveTime
	if *threads > 0 {
		opt.Threads = *threads
	}
	// version answers GTP version; main's version is set at build time.
	srv := gtp.NewServer("kisen", version, func(size int, komi float64) (gtp.Player, error) {
		o := opt
		o.Size, o.Komi = size, komi
		return engine.New(o)
	})
	return srv.Serve(ctx, stdin, stdout)
}

// gtpEngineOptions is engineOptions for kisen gtp, which ponders only
// when the configuration file or a KISEN_ variable asks: a GTP engine
// usually shares its machine with the program it plays (a GUI's game, an
// arena, a match script), and searching on the opponent's time would take
// that program's processor.
func gtpEngineOptions(cfg *config.Config) engine.Options {
	opt := engineOptions(cfg.Engine)
	opt.Ponder = opt.Ponder && cfg.Given("engine.ponder")
	return opt
}

// engineOptions is the embedded engine as the config's engine section
// sets it up (kisen play and kisen gtp); the caller adds the board, the
// effort and the log.
func engineOptions(c config.Engine) engine.Options {
	opt := engine.Options{
		Threads:       c.Threads,
		MaxMemoryMB:   c.MaxMemoryMB,
		Seed:          c.Seed,
		Ponder:        c.Ponder,
		Widening:      c.Widening,
		TreePerThread: c.TreePerThread,
		VisitPlan:     c.VisitPlan,
	}
	if c.Resign {
		opt.ResignThreshold = c.ResignThreshold
	}
	return opt
}

// readModel reads the move model file for --model (nil: none given).
func readModel(file string) (*engine.MoveModel, error) {
	if file == "" {
		return nil, nil
	}
	m, err := engine.ReadMoveModelFile(file)
	if errors.Is(err, engine.ErrBadModel) {
		return nil, fmt.Errorf("--model %w (a file written by scripts/mmfit)", err)
	} else if err != nil {
		return nil, fmt.Errorf("--model: %w", err)
	}
	return m, nil
}
