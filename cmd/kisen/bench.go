package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// runBench is `kisen bench`: light playouts on one core, then full search
// (tree + heavy playouts) on all cores, from the empty board: first the
// engine as it plays (one tree shared by the threads), then one one-thread
// engine per thread side by side, which is what per-thread trees would
// cost (their merge at the root is a sum over the root's children).
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "[--size 9|19] [--seconds N] [--threads N]",
		"Measure playout speed: light random playouts on one core, full search on all threads (one shared tree, then one tree per thread).", stderr)
	size := fs.Int("size", 9, "board size")
	secs := fs.Float64("seconds", 5, "seconds per measurement")
	threads := fs.Int("threads", 0, "search threads (0 = all cores)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *secs <= 0 {
		return usageError{fmt.Errorf("bench: --seconds %v: want a positive number", *secs)}
	}
	dur := time.Duration(*secs * float64(time.Second))
	root, err := board.New(*size)
	if err != nil {
		return usageError{fmt.Errorf("bench: --size: %w", err)}
	}
	r := board.NewRand(uint64(time.Now().UnixNano()) | 1)
	pb := new(board.Board)
	n := 0
	start := time.Now()
	for time.Since(start) < dur && ctx.Err() == nil {
		for i := 0; i < 100; i++ {
			pb.CopyFrom(root)
			pb.RandomPlayout(r, 3**size**size)
		}
		n += 100
	}
	fmt.Fprintf(stdout, "size=%d\n", *size)
	fmt.Fprintf(stdout, "light_playouts_per_second=%d\n", int(float64(n)/time.Since(start).Seconds()))

	e, err := engine.New(engine.Options{Size: *size, Komi: 6.5, Threads: *threads, MoveTime: dur, NoBook: true}) // the book would answer the empty board unsearched
	if err != nil {
		return err
	}
	defer e.Close()
	d, err := e.GenMove(ctx, root, board.Black, engine.Clock{})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "search_playouts_per_second=%d\n", int(float64(d.Playouts)/d.Elapsed.Seconds()))

	th := e.Threads()
	rate, err := benchTreePerThread(ctx, root, th, dur)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "threads=%d\n", th)
	fmt.Fprintf(stdout, "tree_per_thread_playouts_per_second=%d\n", int(rate))
	return nil
}

// benchTreePerThread searches root with th one-thread engines at once and
// returns their playouts per second together.
func benchTreePerThread(ctx context.Context, root *board.Board, th int, dur time.Duration) (float64, error) {
	type result struct {
		d   engine.Decision
		err error
	}
	res := make([]result, th)
	var wg sync.WaitGroup
	for i := range th {
		e, err := engine.New(engine.Options{Size: root.Size(), Komi: 6.5, Threads: 1, MoveTime: dur, NoBook: true})
		if err != nil {
			return 0, err
		}
		defer e.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i].d, res[i].err = e.GenMove(ctx, root, board.Black, engine.Clock{})
		}()
	}
	wg.Wait()
	var n int
	var longest time.Duration
	for _, r := range res {
		if r.err != nil {
			return 0, r.err
		}
		n += r.d.Playouts
		longest = max(longest, r.d.Elapsed)
	}
	return float64(n) / longest.Seconds(), nil
}
