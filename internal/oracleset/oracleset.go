package oracleset

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// Position is one line of a set.
type Position struct {
	Key    string
	Size   int
	Komi   float64
	Moves  []string
	Fields []string // the whole line, split at tabs
}

// Read reads the set at path; every line needs at least minFields fields
// (four or more).
func Read(path string, minFields int) ([]Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var set []Position
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		t := strings.Split(sc.Text(), "\t")
		if len(t) < max(minFields, 4) {
			return nil, fmt.Errorf("%s:%d: want at least %d tab-separated fields, got %d", path, n, max(minFields, 4), len(t))
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
		set = append(set, Position{Key: t[0], Size: size, Komi: komi, Moves: moves, Fields: t})
	}
	return set, sc.Err()
}

// Plays are p's moves with their colours, Black first.
func (p Position) Plays() ([]board.Move, error) {
	plays := make([]board.Move, len(p.Moves))
	c := board.Black
	for i, v := range p.Moves {
		pt, err := board.ParseGTP(p.Size, v)
		if err != nil {
			return nil, fmt.Errorf("%s: move %d: %w", p.Key, i+1, err)
		}
		plays[i] = board.Move{Color: c, Point: pt}
		c = c.Opponent()
	}
	return plays, nil
}

// Board plays p's moves on a new board and returns it with the side to
// move.
func (p Position) Board() (*board.Board, board.Color, error) {
	plays, err := p.Plays()
	if err != nil {
		return nil, board.Empty, err
	}
	return p.Replay(plays)
}

// Replay plays plays, p's moves as Plays returns them, on a new board and
// returns it with the side to move: for a caller that also sends the
// moves elsewhere and so has them parsed already.
func (p Position) Replay(plays []board.Move) (*board.Board, board.Color, error) {
	b, err := board.New(p.Size)
	if err != nil {
		return nil, board.Empty, err
	}
	for i, m := range plays {
		if err := b.Play(m); err != nil {
			return nil, board.Empty, fmt.Errorf("%s: move %d: %w", p.Key, i+1, err)
		}
	}
	return b, toMove(plays), nil
}

// toMove is the side to move after plays.
func toMove(plays []board.Move) board.Color {
	if len(plays)%2 == 1 {
		return board.White
	}
	return board.Black
}

// Each calls work(w, i) for i from 0 to n-1 on workers goroutines, w
// being the goroutine's number (for state a worker keeps, such as an
// engine process), and returns when all are done.
func Each(n, workers int, work func(w, i int)) {
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				work(w, i)
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}
