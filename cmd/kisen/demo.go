package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/config"
	"github.com/kisen-go/kisen/internal/pty"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgf"
)

// runDemo plays a whole game between two kisen players in this process,
// each with its own engine, clocks and SGMP link, over an in-process
// virtual null-modem pair (two ptys, no socat, no hardware). Both write a
// record and a report; the two records must agree move for move.
func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("demo", "[--size 9] [--main-time 1m] [--out ./games]",
		"Play a whole game between two kisen players in this process, each with its own engine,\n"+
			"clocks and SGMP link, over a virtual null-modem pair (two ptys; no socat, no hardware).\n"+
			"Both write a record and a report; the two records must agree move for move.", stderr)
	size := fs.Int("size", 9, "board size (9, 13 or 19)")
	mainTime := fs.Duration("main-time", time.Minute, "main time per side (the tournament uses 40m)")
	moveTime := fs.Duration("move-time", 0, "fixed engine time per move instead of clock management")
	out := fs.String("out", "games", "folder for the records and reports")
	ui := fs.String("ui", "auto", "display of the black side's game: auto, tui or plain")
	resend := fs.Duration("resend-timeout", 20*time.Second, "SGMP resend timeout")
	resign := fs.Bool("resign", false, "let the engines resign (off: play to two passes and show the count)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("demo: unexpected argument %q", fs.Arg(0))}
	}
	pathA, pathB, closePair, err := pty.NullModem(ctx)
	if err != nil {
		return fmt.Errorf("demo: virtual null-modem pair: %w", err)
	}
	defer closePair()

	dir := filepath.Join(*out, "demo-"+time.Now().Format("20060102-150405"))
	base := config.Default()
	base.Game.Size = *size
	base.Game.MainTime = config.Duration{Duration: *mainTime}
	base.Link.ResendTimeout = config.Duration{Duration: *resend}
	base.UI = *ui
	base.Engine.Resign = *resign
	// Both players share this machine: a side pondering on the other's
	// time would take the processor from the side to move.
	base.Engine.Ponder = false

	sides := []struct {
		col  board.Color
		port string
		name string
	}{{board.Black, pathA, "kisen-black"}, {board.White, pathB, "kisen-white"}}
	type result struct {
		out    match.Outcome
		record string
		err    error
	}
	results := make([]result, 2)
	// The protocol has no resign command: at a tournament the resigning
	// side's operator tells the other, who presses the key. The demo plays
	// both operators.
	var rel relay
	var wg sync.WaitGroup
	// White listens first (the SGMP rule), then Black sends NEWGAME.
	for i := len(sides) - 1; i >= 0; i-- {
		s := sides[i]
		cfg := base
		cfg.Game.Color = s.col.String()
		cfg.Link.Port = s.port
		cfg.Player, cfg.Opponent = s.name, sides[1-i].name
		cfg.Engine.Seed = uint64(i + 1)
		w := io.Discard
		if s.col == board.Black {
			w = stdout
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, rec, err := demoSide(ctx, cfg, filepath.Join(dir, s.col.String()), *moveTime, w, &rel)
			results[i] = result{o, rec, err}
		}()
		time.Sleep(100 * time.Millisecond)
	}
	wg.Wait()
	var errs []error
	for i, r := range results {
		if r.err != nil {
			errs = append(errs, fmt.Errorf("%s side: %w", sides[i].col, r.err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	a, err1 := os.ReadFile(results[0].record)
	b, err2 := os.ReadFile(results[1].record)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	same, why := sameMoves(a, b)
	fmt.Fprintf(stdout, "\nblack's record: %s\nwhite's record: %s\n", results[0].record, results[1].record)
	if !same {
		return fmt.Errorf("demo: the two records differ: %s", why)
	}
	fmt.Fprintf(stdout, "both records agree move for move (%d moves); result %s\n", results[0].out.Moves, results[0].out.Result)
	return nil
}

// demoSide runs one kisen: engine against the remote side on port.
func demoSide(ctx context.Context, cfg config.Config, dir string, moveTime time.Duration, w io.Writer, rel *relay) (match.Outcome, string, error) {
	logger, closeLog, err := newLogger(io.Discard, "", "error")
	if err != nil {
		return match.Outcome{}, "", err
	}
	defer closeLog()
	us, _ := board.ParseColor(cfg.Game.Color)
	rules, err := board.ParseRules(cfg.Game.Rules)
	if err != nil {
		return match.Outcome{}, "", err
	}
	ours, err := newOurPlayer(ctx, cfg, false, moveTime, nil, logger)
	if err != nil {
		return match.Outcome{}, "", err
	}
	remote, port, err := openRemote(ctx, cfg, "", linkIO{}, us, nil, logger)
	if err != nil {
		return match.Outcome{}, "", err
	}
	defer port.Close()
	black, white := ours, match.Player(remote)
	if us == board.White {
		black, white = remote, ours
	}
	opt := gameOptions(cfg, rules, logger)
	opt.Journal = filepath.Join(dir, recordName(time.Now(), black.Name(), white.Name()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return match.Outcome{}, "", err
	}
	g, err := match.NewGame(opt, black, white)
	if err != nil {
		return match.Outcome{}, "", err
	}
	rel.add(g)
	ui := cfg.UI
	if w == io.Discard {
		ui = "plain" // one live screen: the black side's
	}
	setup := match.LinkSetup{Port: cfg.Link.Port, Us: us, Size: cfg.Game.Size, Komi: cfg.Game.Komi, Rules: cfg.Game.Rules}
	// Ctrl-C reaches the live screen as a key, not a signal: it is passed
	// on as the signal, which stops both sides.
	stop, err := attachDisplay(g, displayConfig{ui: ui, stdout: w, setup: setup, link: linkSource(port),
		interrupt: func() { syscall.Kill(os.Getpid(), syscall.SIGINT) }})
	if err != nil {
		return match.Outcome{}, "", err
	}
	out, err := g.Run(ctx)
	stop()
	if err != nil {
		return out, opt.Journal, err
	}
	if out.Reason == match.Resignation && out.Winner != board.Empty {
		rel.resigned(g, out.Winner.Opponent())
	}
	if out.Reason == match.Suspended {
		return out, opt.Journal, fmt.Errorf("game suspended: %s", out.Detail)
	}
	text, err := writeReport(g, opt, out)
	if err == nil {
		fmt.Fprintln(w, text)
	}
	return out, opt.Journal, err
}

// relay passes a resignation from one game to the other, as the
// operators would by word of mouth.
type relay struct {
	mu    sync.Mutex
	games []*match.Game
}

func (r *relay) add(g *match.Game) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.games = append(r.games, g)
}

func (r *relay) resigned(from *match.Game, loser board.Color) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, g := range r.games {
		if g != from {
			g.Resign(loser)
		}
	}
}

// sameMoves reports whether two records hold the same moves.
func sameMoves(a, b []byte) (bool, string) {
	ra, err := sgf.Parse(a)
	if err != nil {
		return false, err.Error()
	}
	rb, err := sgf.Parse(b)
	if err != nil {
		return false, err.Error()
	}
	if len(ra.Nodes) != len(rb.Nodes) {
		return false, fmt.Sprintf("%d moves against %d", len(ra.Nodes), len(rb.Nodes))
	}
	for i := range ra.Nodes {
		if ra.Nodes[i].Move != rb.Nodes[i].Move {
			return false, fmt.Sprintf("move %d: %s %s against %s %s", i+1,
				ra.Nodes[i].Move.Color.Letter(), board.GTP(ra.Size, ra.Nodes[i].Move.Point),
				rb.Nodes[i].Move.Color.Letter(), board.GTP(rb.Size, rb.Nodes[i].Move.Point))
		}
	}
	if ra.Result != rb.Result {
		return false, fmt.Sprintf("results %q and %q", ra.Result, rb.Result)
	}
	return true, ""
}
