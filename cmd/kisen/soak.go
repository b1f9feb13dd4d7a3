package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/config"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/internal/faultline"
	"github.com/kisen-go/kisen/internal/soak"
	"github.com/kisen-go/kisen/match"
)

// runSoak plays many kisen-against-kisen games over a faulty virtual
// null-modem cable (internal/soak, internal/faultline), or replays one
// kept game, or runs the kill -9 harness (soakkill.go).
func runSoak(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("soak", "--games N [--size 9] [--faults all|LIST] [--seed N] [--out DIR] [--playouts N]\n"+
		"                  | --replay DIR | --kill N [--seed N] [--out DIR]",
		"Play N games between two kisen sides in this process over a virtual null-modem cable that\n"+
			"corrupts, drops, duplicates and delays packets, talks between them, makes both sides send at\n"+
			"once and pulls the cable. Each game checks that both records hold the same moves and that\n"+
			"neither side hung. A failing game is kept in --out with its seed, both records and both packet\n"+
			"traces; --replay DIR plays the same faults again. --kill N runs `kisen play` twice as real\n"+
			"processes and kills either with SIGKILL N times at random moments, resuming it each time.\n"+
			"Faults: "+faultline.FormatKinds(faultline.AllKinds())+".", stderr)
	games := fs.Int("games", 50, "games to play")
	size := fs.Int("size", 9, "board size")
	faults := fs.String("faults", "all", "faults to inflict: all, none, or a comma-separated list")
	rate := fs.Float64("rate", 0.04, "chance that a packet is hurt")
	seed := fs.Uint64("seed", 0, "seed of the fault plans and engines (0: from the clock, printed)")
	out := fs.String("out", "games/soak", "folder for failing games (kept with traces) and the kill harness's records")
	playouts := fs.Int("playouts", 48, "engine playouts per move (fixed: the soak tests the link, not the play)")
	resend := fs.Duration("resend-timeout", 400*time.Millisecond, "SGMP resend timeout of both sides (stalls and unplugs scale with it)")
	parallel := fs.Int("parallel", 4, "games at a time (a game mostly waits on the line: 4 fit on 2 cores)")
	deadline := fs.Duration("deadline", 3*time.Minute, "a game not over by then counts as stuck")
	replay := fs.String("replay", "", "play a kept failing game's faults again")
	kills := fs.Int("kill", 0, "run the kill -9 harness for this many kills instead of the soak")
	killAt := fs.String("kill-at", "", "with --kill: the moments to kill at, from "+strings.Join(soak.Moments, ",")+" (default all)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("soak: unexpected argument %q", fs.Arg(0))}
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano()) & (1<<53 - 1)
	}
	if *kills > 0 {
		var at []string
		if *killAt != "" {
			at = strings.Split(*killAt, ",")
			for _, m := range at {
				if !slices.Contains(soak.Moments, m) {
					return usageError{fmt.Errorf("soak: --kill-at %q: want some of %s", m, strings.Join(soak.Moments, ","))}
				}
			}
		}
		return runKillHarness(ctx, killConfig{Kills: *kills, Seed: *seed, Out: *out, Size: *size, Deadline: *deadline, Moments: at}, stdout)
	}
	if *replay != "" {
		r, err := soak.Replay(ctx, *replay, soakSide)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, r.Line1())
		fmt.Fprintf(stdout, "replay kept in %s\n", r.Kept)
		if !r.OK() {
			return errors.New("soak: the replayed game failed again")
		}
		return nil
	}
	if _, err := faultline.ParseKinds(*faults); err != nil {
		return usageError{fmt.Errorf("soak: --faults: %w", err)}
	}
	if *games < 1 || *playouts < 1 || *resend <= 0 || *rate < 0 || *rate > 1 {
		return usageError{errors.New("soak: --games and --playouts must be at least 1, --resend-timeout above 0, --rate within 0-1")}
	}
	fmt.Fprintf(stdout, "soak: %d games of %dx%d, faults %s at rate %.3f, %d playouts/move, resend %v, seed %d, failing games kept in %s\n",
		*games, *size, *size, *faults, *rate, *playouts, *resend, *seed, *out)
	sum := soak.Run(ctx, soak.Config{Games: *games, Parallel: *parallel, Seed: *seed, Out: *out, Progress: stdout, NewSide: soakSide,
		Spec: soak.Spec{Size: *size, Faults: *faults, Rate: *rate, Resend: *resend, Playouts: *playouts, Deadline: *deadline}})
	fmt.Fprintf(stdout, "took %v (%.1f s per game)\n", sum.Took.Round(time.Second), sum.Took.Seconds()/float64(max(1, sum.Games)))
	fmt.Fprintln(stdout, sum.Line())
	if ctx.Err() != nil {
		return fmt.Errorf("soak interrupted after %d games", sum.Games)
	}
	if !sum.OK() {
		return fmt.Errorf("soak: %d of %d games failed; each is kept in %s", len(sum.Failed), sum.Games, *out)
	}
	return nil
}

// soakSide builds one side of a soak game with the wiring of `kisen play`
// (openRemote, gameOptions): an engine at fixed playouts against the SGMP
// session on the side's pty.
func soakSide(ctx context.Context, s soak.Side) (*match.Game, io.Closer, error) {
	cfg := config.Default()
	cfg.Game.Size = s.Size
	cfg.Game.Color = s.Color.String()
	cfg.Game.MainTime = config.Duration{Duration: 30 * time.Minute}
	cfg.Link.Port = s.Port
	cfg.Link.ResendTimeout = config.Duration{Duration: s.Resend}
	cfg.Player, cfg.Opponent = "kisen-"+s.Color.String(), "kisen-"+s.Color.Opponent().String()
	rules, err := board.ParseRules(cfg.Game.Rules)
	if err != nil {
		return nil, nil, err
	}
	e, err := engine.New(engine.Options{Size: s.Size, Komi: cfg.Game.Komi, Threads: 1, MaxMemoryMB: 32,
		Playouts: s.Playouts, Seed: s.Seed, Log: zerolog.Nop()})
	if err != nil {
		return nil, nil, fmt.Errorf("engine: %w", err)
	}
	remote, port, err := openRemote(ctx, cfg, "", linkIO{}, s.Color, nil, s.Log)
	if err != nil {
		e.Close()
		return nil, nil, err
	}
	var black, white match.Player = match.NewEnginePlayer(cfg.Player, e), remote
	if s.Color == board.White {
		black, white = white, black
	}
	opt := gameOptions(cfg, rules, s.Log)
	opt.Journal = s.Journal
	g, err := match.NewGame(opt, black, white)
	if err != nil {
		e.Close()
		port.Close()
		return nil, nil, err
	}
	return g, port, nil
}
