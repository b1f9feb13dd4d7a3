// searchtargets runs kisen's own search on positions of game records and
// writes each root's visits: the targets of a soft fit of the move model
// (scripts/mmfit -targets), so that the model learns what a deeper search
// of kisen's would choose in the positions its games reach.
//
// Usage: go run ./scripts/searchtargets [-playouts 6000] [-every 10] [-from 10] [-to 250] [-shard I -shards N] -o FILE DIR|FILE.sgf...
//
// Every -every-th position from move index -from to -to of each record in
// the folders (or each .sgf file named) is searched with a fresh engine (one thread, -playouts
// visits at the root, the committed model, a seed from the record and the
// move). Each line of FILE is the record's path, the number of moves
// played before the position, the colour to move, then col,row:visits for
// each move the root visited (col and row from 0, as board.ColRow). Lines
// are written as they are found, so a run stopped early keeps its
// positions; -shard and -shards split the records between processes.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/sgf"
)

// span is which positions of each record are searched, and how hard.
type span struct {
	playouts, every, from, to int
}

func main() {
	var sp span
	flag.IntVar(&sp.playouts, "playouts", 6000, "root visits of each search")
	flag.IntVar(&sp.every, "every", 10, "search every Nth position")
	flag.IntVar(&sp.from, "from", 10, "the first position searched, as moves played before it")
	flag.IntVar(&sp.to, "to", 250, "the last position searched")
	shard := flag.Int("shard", 0, "the records this process takes: those whose index modulo -shards is this")
	shards := flag.Int("shards", 1, "how many processes share the records")
	out := flag.String("o", "targets.txt", "file to write")
	flag.Parse()
	if sp.playouts < 1 || sp.every < 1 || sp.from < 0 || sp.to < sp.from {
		fail(fmt.Errorf("-playouts %d -every %d -from %d -to %d: want positive counts and -from ≤ -to", sp.playouts, sp.every, sp.from, sp.to))
	}
	if *shards < 1 || *shard < 0 || *shard >= *shards {
		fail(fmt.Errorf("-shard %d -shards %d: want 0 ≤ shard < shards", *shard, *shards))
	}
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/searchtargets [-playouts N] [-every N] [-from I] [-to J] -o FILE DIR|FILE.sgf...")
		os.Exit(2)
	}
	files, err := recordFiles(flag.Args())
	if err != nil {
		fail(err)
	}
	f, err := os.Create(*out)
	if err != nil {
		fail(err)
	}
	n := 0
	for i, file := range files {
		if i%*shards != *shard {
			continue
		}
		k, err := sp.record(f, file, uint64(i))
		n += k
		if err != nil {
			fmt.Fprintf(os.Stderr, "searchtargets: %s: %v\n", file, err)
		}
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "%d positions written to %s\n", n, *out)
}

// recordFiles lists the records to search, sorted: the .sgf files in each
// folder of args, or an arg itself when it is an .sgf file. An arg that
// gives no record is an error, not an empty run.
func recordFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() && strings.HasSuffix(a, ".sgf") {
			files = append(files, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.sgf"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no .sgf records in it: give folders of records or .sgf files", a)
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	return files, nil
}

// record searches the positions of one record and writes their lines to
// w, one write each; seed tells its searches from other records'.
func (sp span) record(w io.Writer, file string, seed uint64) (int, error) {
	rec, err := sgf.ReadRecord(file)
	if err != nil {
		return 0, err
	}
	n := 0
	err = rec.Walk(func(i int, b *board.Board, _ board.Move) error {
		if i < sp.from || i > sp.to || (i-sp.from)%sp.every != 0 {
			return nil
		}
		line, err := sp.search(b, rec.Komi, seed*1000+uint64(i)+1)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		if line == "" {
			return nil
		}
		if _, err := fmt.Fprintf(w, "%s %d %v%s\n", file, i, b.ToMove(), line); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}

// search is the root's visits after one search of b, as " col,row:visits"
// for each move visited; empty when the engine did not search (a book
// move, a single legal move).
func (sp span) search(b *board.Board, komi float64, seed uint64) (string, error) {
	e, err := engine.New(engine.Options{Size: b.Size(), Komi: komi, Threads: 1, Playouts: sp.playouts,
		TopMoves: b.Size()*b.Size() + 1, MaxMemoryMB: 128, Seed: seed})
	if err != nil {
		return "", err
	}
	defer e.Close()
	d, err := e.GenMove(context.Background(), b.Clone(), b.ToMove(), engine.Clock{})
	if err != nil {
		return "", err
	}
	if len(d.Top) < 2 {
		return "", nil
	}
	var line []byte
	for _, s := range d.Top {
		if s.Visits > 0 && s.Move != board.Pass {
			col, row := board.ColRow(b.Size(), s.Move)
			line = fmt.Appendf(line, " %d,%d:%d", col, row, s.Visits)
		}
	}
	return string(line), nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "searchtargets:", err)
	os.Exit(1)
}
