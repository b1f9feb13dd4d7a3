package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// runAnalyze is `kisen analyze [--move N] [--playouts N] FILE.sgf`: one
// search of a record's position, printed as the selection saw its root
// moves. A move the search never tried shows 0 visits beside its prior and
// RAVE figures, which is how docs/strength.md found the replies kisen
// overlooked in its lost games.
func runAnalyze(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const synopsis = "[--move N] [--playouts N] [--threads N] [--seed S] [--explore C] [--owner-playouts N] [--top N] [--show V,...] FILE.sgf"
	fs := newFlagSet("analyze", synopsis,
		"Search the position after move N of a record (default: the last move) for the\n"+
			"side to move, and print its root moves: real visits, win rate, prior, RAVE and\n"+
			"the value the selection compares. The opening book is off, so the first moves\n"+
			"are searched too.", stderr)
	moveN := fs.Int("move", 0, "search the position after move `N` (default: the last move)")
	playouts := fs.Int("playouts", 50000, "playouts of the search")
	threads := fs.Int("threads", 1, "search threads (one thread and a seed repeat a search exactly)")
	seed := fs.Uint64("seed", 1, "random seed of the search")
	explore := fs.Float64("explore", 0, "the selection adds `C`·√(ln N / n) to a child's value, as kisen match --explore (an A/B arm; 0: none)")
	owner := fs.Int("owner-playouts", 0, "`N` playouts from the root weigh the learned priors by who owns each point, as kisen match --owner-playouts (an A/B arm; 0: none)")
	top := fs.Int("top", 10, "how many root moves to print, most visited first")
	show := fs.String("show", "", "also print these moves, e.g. `E4,pass` (a reply the search may have overlooked)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("analyze: give exactly one SGF file: kisen analyze " + synopsis)}
	}
	switch {
	case *moveN < 0:
		return usageError{fmt.Errorf("analyze: --move %d is negative: give a move number from 0, or leave it out for the last move", *moveN)}
	case *playouts < 1:
		return usageError{fmt.Errorf("analyze: --playouts %d: give at least 1", *playouts)}
	case *threads < 1:
		return usageError{fmt.Errorf("analyze: --threads %d: give at least 1", *threads)}
	case *top < 1:
		return usageError{fmt.Errorf("analyze: --top %d: give at least 1", *top)}
	}
	path := fs.Arg(0)
	// --move 0 is the empty board; no --move is the last position.
	at := -1
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "move" {
			at = *moveN
		}
	})
	rec, b, last, err := recordAt(path, at)
	if err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	var shown []board.Point
	if *show != "" {
		for _, v := range strings.Split(*show, ",") {
			p, err := board.ParseGTP(rec.Size, strings.TrimSpace(v))
			if err != nil {
				return usageError{fmt.Errorf("analyze: --show %q: %w", v, err)}
			}
			shown = append(shown, p)
		}
	}
	e, err := engine.New(engine.Options{Size: rec.Size, Komi: rec.Komi, Threads: *threads,
		Playouts: *playouts, Seed: *seed, Explore: *explore, OwnerPlayouts: *owner, NoBook: true, TopMoves: board.MaxSize*board.MaxSize + 1})
	if errors.Is(err, engine.ErrBadOptions) {
		return usageError{fmt.Errorf("analyze: %w", err)} // e.g. --explore out of range: the engine knows the ranges
	}
	if err != nil {
		return fmt.Errorf("analyze: %s: %w", path, err)
	}
	defer e.Close()
	c := b.ToMove()
	d, err := e.GenMove(ctx, b, c, engine.Clock{})
	if err != nil {
		return fmt.Errorf("analyze: %s: %w", path, err)
	}
	size := rec.Size
	arm := ""
	if *explore > 0 {
		arm = fmt.Sprintf(", explore %g", *explore) // a saved table says which search made it
	}
	if *owner > 0 {
		arm += fmt.Sprintf(", owner playouts %d", *owner)
	}
	fmt.Fprintf(stdout, "%s after move %d: %s to move, %d playouts in %.1fs (seed %d%s)\n",
		path, last, c, d.Playouts, d.Elapsed.Seconds(), *seed, arm)
	if len(d.Top) == 0 {
		fmt.Fprintf(stdout, "no search: %s is the only sensible move\n", board.GTP(size, d.Move))
		return nil
	}
	pv := make([]string, len(d.PV))
	for i, p := range d.PV {
		pv[i] = board.GTP(size, p)
	}
	fmt.Fprintf(stdout, "chose %s, win %.1f%%; principal variation %s\n\n", board.GTP(size, d.Move), 100*d.WinRate, strings.Join(pv, " "))
	fmt.Fprintln(stdout, "move   visits  win%  prior  rave-visits  rave%  value%")
	for i, m := range d.Top {
		if i >= *top && !slices.Contains(shown, m.Move) {
			continue
		}
		fmt.Fprintf(stdout, "%-5s %7d  %4.1f  %5.1f  %11d  %5.1f  %6.1f\n", board.GTP(size, m.Move),
			m.Visits, 100*m.WinRate, m.Prior, m.RAVEVisits, 100*m.RAVERate, 100*m.Value)
	}
	fmt.Fprintln(stdout, "\nvisits leave out the prior's equivalent visits; win% includes them;\nvalue% is what the selection compares.")
	return nil
}
