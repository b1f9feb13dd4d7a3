// searchrate measures how many playouts one timed search gets at the
// positions of a game record: the effort behind a move at equal time per
// move, which the empty board of the benchmarks does not show (playouts
// shorten as the board fills, and the priors read the fights there).
// Each position gets a fresh engine, so no kept subtree is counted.
//
// Usage: go run ./scripts/searchrate [-time 1s] [-threads 2] [-every 6] [-upto 60] GAME.sgf
//
// It prints one line per searched position (the move number about to be
// played, the playouts, the time taken) and their mean. Run it on an
// otherwise idle machine: the figures are wall-clock rates.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/sgf"
)

func main() {
	moveTime := flag.Duration("time", time.Second, "time of each search")
	threads := flag.Int("threads", 2, "search threads")
	every := flag.Int("every", 6, "search before every N-th move of the record")
	upto := flag.Int("upto", 60, "stop after this many moves of the record")
	flag.Parse()
	if flag.NArg() != 1 || *every < 1 || *threads < 1 || *moveTime <= 0 {
		fmt.Fprintln(os.Stderr, "usage: searchrate [-time 1s] [-threads 2] [-every 6] [-upto 60] GAME.sgf")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *moveTime, *threads, *every, *upto); err != nil {
		fmt.Fprintln(os.Stderr, "searchrate:", err)
		os.Exit(1)
	}
}

func run(path string, moveTime time.Duration, threads, every, upto int) error {
	rec, err := sgf.ReadRecord(path)
	if err != nil {
		return err
	}
	total, searches := 0, 0
	for i := 0; i < min(upto, len(rec.Nodes)); i += every {
		b, err := rec.Replay(i)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		e, err := engine.New(engine.Options{Size: rec.Size, Komi: rec.Komi, Threads: threads,
			MoveTime: moveTime, Seed: uint64(i + 1), NoBook: true})
		if err != nil {
			return err
		}
		d, err := e.GenMove(context.Background(), b, rec.Nodes[i].Move.Color, engine.Clock{})
		e.Close()
		if err != nil {
			return fmt.Errorf("before move %d: %w", i+1, err)
		}
		fmt.Printf("move %d: %d playouts in %v\n", i+1, d.Playouts, d.Elapsed.Round(time.Millisecond))
		total += d.Playouts
		searches++
	}
	if searches == 0 {
		return fmt.Errorf("%s: no move to search before", path)
	}
	fmt.Printf("mean %d playouts per search over %d searches (%d threads, %v each)\n",
		total/searches, searches, threads, moveTime)
	return nil
}
