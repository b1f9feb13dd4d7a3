// evalset searches each position of an oracle set (scripts/oracle.py
// positions) with the engine and prints the move it chooses and its win
// rate, for scripts/oracle.py values to price with the oracle's searches.
// Two builds of the engine, or one at two playout counts, are compared
// on the same positions this way in minutes rather than in the hours
// of an A/B match.
//
// Usage: go run ./scripts/evalset [-playouts 20000] [-workers 2] [-model FILE] SET.tsv > CHOSEN.tsv
//
// A set line is: key, board size, komi, the moves so far (GTP vertices,
// Black first, comma-separated), the side to move, the oracle's win rate
// for it, the oracle's move. An output line is: key, the engine's move
// ("resign" when it resigns), its win rate for the side to move. Each
// position is searched with one thread and a seed of its own, so a run
// is repeatable.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// position is one line of the set.
type position struct {
	key   string
	size  int
	komi  float64
	moves []string
}

func main() {
	playouts := flag.Int("playouts", 20000, "playouts per position")
	workers := flag.Int("workers", 2, "positions searched at once (one thread each)")
	seed := flag.Uint64("seed", 1, "seed of the first position; the others follow")
	modelFile := flag.String("model", "", "a move model file (scripts/mmfit) in place of the committed one")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: evalset [-playouts N] [-workers N] [-seed N] [-model FILE] SET.tsv")
		os.Exit(2)
	}
	set, err := readSet(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalset:", err)
		os.Exit(1)
	}
	model, err := readModel(*modelFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalset:", err)
		os.Exit(1)
	}
	out := make([]string, len(set))
	errs := make([]error, len(set))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i], errs[i] = choose(set[i], engine.Options{Playouts: *playouts, Seed: *seed + uint64(i), Model: model})
			}
		}()
	}
	for i := range set {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for i, line := range out {
		if errs[i] != nil {
			fmt.Fprintf(os.Stderr, "evalset: %s: %v\n", set[i].key, errs[i])
			os.Exit(1)
		}
		fmt.Println(line)
	}
}

func readSet(path string) ([]position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var set []position
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		t := strings.Split(sc.Text(), "\t")
		if len(t) < 5 {
			return nil, fmt.Errorf("%s:%d: want at least 5 tab-separated fields, got %d", path, n, len(t))
		}
		size, err := strconv.Atoi(t[1])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: board size: %w", path, n, err)
		}
		komi, err := strconv.ParseFloat(t[2], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: komi: %w", path, n, err)
		}
		var moves []string
		if t[3] != "" {
			moves = strings.Split(t[3], ",")
		}
		set = append(set, position{key: t[0], size: size, komi: komi, moves: moves})
	}
	return set, sc.Err()
}

// readModel reads the model file of -model (nil: none given).
func readModel(file string) (*engine.MoveModel, error) {
	if file == "" {
		return nil, nil
	}
	return engine.ReadMoveModelFile(file)
}

// choose replays p and searches it with a fresh one-thread engine; opt
// gives the playouts, the seed and the model.
func choose(p position, opt engine.Options) (string, error) {
	b, err := board.New(p.size)
	if err != nil {
		return "", err
	}
	c := board.Black
	for i, v := range p.moves {
		pt, err := board.ParseGTP(p.size, v)
		if err != nil {
			return "", fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := b.Play(board.Move{Color: c, Point: pt}); err != nil {
			return "", fmt.Errorf("move %d: %w", i+1, err)
		}
		c = c.Opponent()
	}
	opt.Size, opt.Komi, opt.Threads, opt.MaxMemoryMB = p.size, p.komi, 1, 64
	e, err := engine.New(opt)
	if err != nil {
		return "", err
	}
	defer e.Close()
	d, err := e.GenMove(context.Background(), b, c, engine.Clock{})
	if err != nil {
		return "", err
	}
	move := board.GTP(p.size, d.Move)
	if d.Resign {
		move = "resign"
	}
	return fmt.Sprintf("%s\t%s\t%.4f", p.key, move, d.WinRate), nil
}
