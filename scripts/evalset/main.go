// evalset searches each position of an oracle set (scripts/oracle.py
// positions) with the engine and prints the move it chooses and its win
// rate, for scripts/oracle.py values to price with the oracle's searches.
// Two builds of the engine, or one at two playout counts, are compared
// on the same positions this way in minutes rather than in the hours
// of an A/B match.
//
// Usage: go run ./scripts/evalset [-playouts 20000] [-workers 2] [-model FILE] [-memory MB] [-book=false] SET.tsv > CHOSEN.tsv
//
// A set line is: key, board size, komi, the moves so far (GTP vertices,
// Black first, comma-separated), the side to move, the oracle's win rate
// for it, the oracle's move. An output line is: key, the engine's move
// ("resign" when it resigns), its win rate for the side to move. Each
// position is searched with one thread and a seed of its own, so a run
// is repeatable.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/internal/oracleset"
)

func main() {
	playouts := flag.Int("playouts", 20000, "playouts per position")
	workers := flag.Int("workers", 2, "positions searched at once (one thread each)")
	seed := flag.Uint64("seed", 1, "seed of the first position; the others follow")
	modelFile := flag.String("model", "", "a move model file (scripts/mmfit) in place of the committed one")
	memory := flag.Int("memory", 64, "tree memory per position, MB (a 9x9 search grows about 1 kB a playout: 64 fills at some 60,000)")
	book := flag.Bool("book", true, "answer book positions from the opening book (false: search them, as scripts/bookset.py wants)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: evalset [-playouts N] [-workers N] [-seed N] [-model FILE] [-memory MB] [-book=false] SET.tsv")
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
	oracleset.Each(len(set), *workers, func(_, i int) {
		out[i], errs[i] = choose(set[i], engine.Options{Playouts: *playouts, Seed: *seed + uint64(i), Model: model,
			MaxMemoryMB: *memory, NoBook: !*book})
	})
	for i, line := range out {
		if errs[i] != nil {
			fmt.Fprintf(os.Stderr, "evalset: %s: %v\n", set[i].Key, errs[i])
			os.Exit(1)
		}
		fmt.Println(line)
	}
}

// readSet reads an oracle set: a key, the board size, the komi, the
// moves, the side to move, the oracle's win rate and its move.
func readSet(path string) ([]oracleset.Position, error) {
	return oracleset.Read(path, 5)
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
func choose(p oracleset.Position, opt engine.Options) (string, error) {
	b, c, err := p.Board()
	if err != nil {
		return "", err
	}
	opt.Size, opt.Komi, opt.Threads = p.Size, p.Komi, 1
	e, err := engine.New(opt)
	if err != nil {
		return "", err
	}
	defer e.Close()
	d, err := e.GenMove(context.Background(), b, c, engine.Clock{})
	if err != nil {
		return "", err
	}
	move := board.GTP(p.Size, d.Move)
	if d.Resign {
		move = "resign"
	}
	return fmt.Sprintf("%s\t%s\t%.4f", p.Key, move, d.WinRate), nil
}
