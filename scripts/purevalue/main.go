// purevalue asks what the search's playouts alone, without the tree, make
// of whole positions: the share of them the side to move wins, beside a
// value the set gives (an oracle's win rate, or the game's result). The
// search's leaves are valued by these playouts, so a playout that
// misjudges a kind of position misleads every search that reaches it.
// The fight set (scripts/fightset) asks about single groups; this asks
// about the count.
//
// Usage:
//
//	go run ./scripts/purevalue [-playouts 1000] [-workers 2] [-seed 1] SET.tsv > VALUES.tsv
//	go run ./scripts/purevalue -own KEY [-playouts 1000] SET.tsv
//	go run ./scripts/purevalue compare BASE.tsv ARM.tsv
//
// A set line is: key ("record:move"), board size, komi, the moves so far,
// the side to move (B or W), and its value: Pachi's win rate in the oracle
// set (docs/oracle/pachi9.tsv), or 1 or 0 for a game the side to move won
// or lost (scripts/oracle.py outcomes: docs/oracle/outcomes9.tsv). An
// output line is: key, the set's value, the playouts' win rate. The
// summary on standard error gives the mean squared difference, which
// against results is the Brier score, for positions before move 40 and
// from move 40 on, and the number of playouts that ran to the move cap.
//
// -own prints one position's board and the playouts' ownership of each
// point (+9 Black always, -9 White always; an empty point belongs to the
// colour around it).
//
// compare pairs two output files position by position and gives the mean
// difference of the squared errors (ARM minus BASE), with its standard
// error taken over records rather than positions: positions of one game
// are not independent. A table follows with, for each span of 60 moves,
// both files' mean squared error and the share of won-lost pairs of
// positions each ranks the right way round (the area under the ROC
// curve).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/internal/oracleset"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "compare" {
		if len(os.Args) != 4 {
			usage()
		}
		if err := compare(os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, "purevalue:", err)
			os.Exit(1)
		}
		return
	}
	playouts := flag.Int("playouts", 1000, "playouts from each position")
	workers := flag.Int("workers", 2, "positions played at once")
	seed := flag.Uint64("seed", 1, "seed of the first position; the others follow")
	own := flag.String("own", "", "print this position's ownership map instead")
	flag.Parse()
	if flag.NArg() != 1 || *playouts < 1 || *workers < 1 {
		usage()
	}
	set, err := oracleset.Read(flag.Arg(0), 6)
	if err != nil {
		fmt.Fprintln(os.Stderr, "purevalue:", err)
		os.Exit(1)
	}
	if *own != "" {
		err = ownership(set, *own, *playouts, *seed)
	} else {
		err = values(set, *playouts, *workers, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "purevalue:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: purevalue [-playouts N] [-workers N] [-seed N] SET.tsv\n"+
		"       purevalue -own KEY [-playouts N] SET.tsv\n"+
		"       purevalue compare BASE.tsv ARM.tsv")
	os.Exit(2)
}

// result is one position's playouts.
type result struct {
	wins, capped int
}

func values(set []oracleset.Position, n, workers int, seed uint64) error {
	want := make([]float64, len(set))
	for i, p := range set {
		v, err := strconv.ParseFloat(p.Fields[5], 64)
		if err != nil || v < 0 || v > 1 {
			return fmt.Errorf("%s: value %q: want a number from 0 to 1", p.Key, p.Fields[5])
		}
		want[i] = v
	}
	res := make([]result, len(set))
	errs := make([]error, len(set))
	oracleset.Each(len(set), workers, func(_, i int) {
		res[i], errs[i] = play(set[i], n, seed+uint64(i))
	})
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	var early, late []float64
	capped := 0
	for i, p := range set {
		if errs[i] != nil {
			return errs[i]
		}
		got := float64(res[i].wins) / float64(n)
		fmt.Fprintf(w, "%s\t%.4f\t%.4f\n", p.Key, want[i], got)
		se := (got - want[i]) * (got - want[i])
		if len(p.Moves) < 40 {
			early = append(early, se)
		} else {
			late = append(late, se)
		}
		capped += res[i].capped
	}
	all := append(append([]float64(nil), early...), late...)
	fmt.Fprintf(os.Stderr, "positions %d: mean squared error %.4f; before move 40 %.4f (%d), from move 40 %.4f (%d)\n",
		len(all), mean(all), mean(early), len(early), mean(late), len(late))
	fmt.Fprintf(os.Stderr, "playouts that ran to the move cap: %d of %d\n", capped, n*len(set))
	return nil
}

// play runs n playouts from p and counts the side to move's wins by the
// area count less the komi (the playouts' own count), and the playouts
// that ended at the move cap rather than by two passes.
func play(p oracleset.Position, n int, seed uint64) (result, error) {
	b, toMove, err := p.Board()
	if err != nil {
		return result{}, err
	}
	var r result
	engine.Playouts(b, engine.Options{}, n, seed, func(end *board.Board) {
		if won(end, p.Komi, toMove) {
			r.wins++
		}
		if end.Passes() < 2 {
			r.capped++
		}
	})
	return r, nil
}

// won reports whether c wins the finished playout board end by the area
// count less komi, the playouts' own count.
func won(end *board.Board, komi float64, c board.Color) bool {
	return (float64(end.AreaScore())-komi > 0) == (c == board.Black)
}

func ownership(set []oracleset.Position, key string, n int, seed uint64) error {
	for _, p := range set {
		if p.Key != key {
			continue
		}
		b, toMove, err := p.Board()
		if err != nil {
			return err
		}
		size := b.Size()
		sum := make([]int, size*size)
		wins := 0
		engine.Playouts(b, engine.Options{}, n, seed, func(end *board.Board) {
			if won(end, p.Komi, toMove) {
				wins++
			}
			for i := range sum {
				pt := board.At(size, i%size, i/size)
				owner := end.At(pt)
				if owner == board.Empty {
					owner = end.RegionOwner(pt)
				}
				switch owner {
				case board.Black:
					sum[i]++
				case board.White:
					sum[i]--
				}
			}
		})
		fmt.Print(b)
		fmt.Printf("%v to move; the playouts give it %.3f\n", toMove, float64(wins)/float64(n))
		for row := size - 1; row >= 0; row-- {
			fmt.Printf("%2d ", row+1)
			for col := 0; col < size; col++ {
				fmt.Printf(" %+2d", int(math.Round(9*float64(sum[row*size+col])/float64(n))))
			}
			fmt.Println()
		}
		return nil
	}
	return fmt.Errorf("no position %q in the set", key)
}

// readValues reads an output file: key, value, playouts' win rate.
func readValues(path string) (map[string][2]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string][2]float64{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		t := strings.Split(sc.Text(), "\t")
		if len(t) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated fields, got %d", path, n, len(t))
		}
		var v [2]float64
		for i := range v {
			if v[i], err = strconv.ParseFloat(t[i+1], 64); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
		}
		m[t[0]] = v
	}
	return m, sc.Err()
}

func compare(basePath, armPath string) error {
	base, err := readValues(basePath)
	if err != nil {
		return err
	}
	arm, err := readValues(armPath)
	if err != nil {
		return err
	}
	byRecord := map[string][]float64{}
	var shared []paired
	for k, b := range base {
		a, ok := arm[k]
		if !ok {
			continue
		}
		if a[0] != b[0] {
			return fmt.Errorf("%s: the two files give the position different values (%v, %v): not the same set", k, b[0], a[0])
		}
		p := paired{key: k, value: b[0], base: b[1], arm: a[1]}
		shared = append(shared, p)
		rec, _, _ := strings.Cut(k, ":")
		byRecord[rec] = append(byRecord[rec], p.armSE()-p.baseSE())
	}
	if len(byRecord) < 2 {
		return fmt.Errorf("%s and %s share positions of %d records; need two or more", basePath, armPath, len(byRecord))
	}
	var recs []string
	for r := range byRecord {
		recs = append(recs, r)
	}
	sort.Strings(recs)
	per := make([]float64, len(recs))
	for i, r := range recs {
		per[i] = mean(byRecord[r])
	}
	m := mean(per)
	var ss float64
	for _, x := range per {
		ss += (x - m) * (x - m)
	}
	se := math.Sqrt(ss / float64(len(per)-1) / float64(len(per)))
	bs, as := squaredErrors(shared)
	fmt.Printf("positions %d of %d records: mean squared error %.4f (base), %.4f (arm)\n", len(shared), len(recs), mean(bs), mean(as))
	fmt.Printf("arm minus base, by record: %+.4f (standard error %.4f)\n", m, se)
	bands(os.Stdout, shared)
	return nil
}

// bandWidth is the span of moves of one line of bands' table: on 19x19
// the playouts' errors lie mostly in the middle game, which one summary
// of every position hides.
const bandWidth = 60

// paired is one position both files give: the set's value and each
// file's share of wins for the side to move.
type paired struct {
	key              string
	value, base, arm float64
}

// squaredErrors is each position's squared error in the base file and
// in the arm.
func squaredErrors(ps []paired) (base, arm []float64) {
	for _, p := range ps {
		base, arm = append(base, p.baseSE()), append(arm, p.armSE())
	}
	return base, arm
}

func (p paired) baseSE() float64 { return (p.base - p.value) * (p.base - p.value) }
func (p paired) armSE() float64  { return (p.arm - p.value) * (p.arm - p.value) }

// bands prints, for positions by the move they come from, both files'
// mean squared error and the share of won-lost pairs each ranks the right
// way round (the area under the ROC curve, ties half). The ranking is the
// measure a search uses: it compares moves, and a playout that is right
// about who leads but timid about by how much still ranks them well.
func bands(w io.Writer, shared []paired) {
	byBand := map[int][]paired{}
	for _, p := range shared {
		_, at, _ := strings.Cut(p.key, ":")
		move, err := strconv.Atoi(at)
		if err != nil {
			continue // a key without a move number has no band
		}
		byBand[move/bandWidth] = append(byBand[move/bandWidth], p)
	}
	var keys []int
	for k := range byBand {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Fprintf(w, "%-9s %5s %8s %8s %8s %8s\n", "moves", "n", "MSE base", "MSE arm", "AUC base", "AUC arm")
	for _, k := range keys {
		ps := byBand[k]
		bs, as := squaredErrors(ps)
		var values, bv, av []float64
		for _, p := range ps {
			values, bv, av = append(values, p.value), append(bv, p.base), append(av, p.arm)
		}
		fmt.Fprintf(w, "%3d-%-5d %5d %8.4f %8.4f %8.3f %8.3f\n", k*bandWidth, (k+1)*bandWidth-1, len(ps),
			mean(bs), mean(as), auc(values, bv), auc(values, av))
	}
}

// auc is the share of pairs of a won position (value 1) and a lost one
// (value 0) in which the won one has the higher share, ties counting
// half; NaN when the band has no pair. Values between 0 and 1 (an
// oracle's win rates) belong to neither side.
func auc(values, shares []float64) float64 {
	var won, lost []float64
	for i, v := range values {
		switch v {
		case 1:
			won = append(won, shares[i])
		case 0:
			lost = append(lost, shares[i])
		}
	}
	if len(won) == 0 || len(lost) == 0 {
		return math.NaN()
	}
	var right float64
	for _, x := range won {
		for _, y := range lost {
			switch {
			case x > y:
				right++
			case x == y:
				right += 0.5
			}
		}
	}
	return right / float64(len(won)*len(lost))
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
