package engine

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// bookMove is the opening book's move for c, if it has one. On an empty
// 9x9 board Black plays tengen (E5), the first move of nearly every strong
// 9x9 game: left to the search, the first move is a coin toss among
// points that all win about half the playouts (strength.md, run 15). The
// next few moves of the openings kisen meets come from book9.txt, whose
// replies a search of many times a game move's playouts chose
// (strength.md, "An opening book for 9x9").
func bookMove(b *board.Board, c board.Color) (board.Point, bool) {
	if b.Size() != 9 {
		return board.Pass, false
	}
	if c == board.Black && b.EmptyCount() == 81 && b.MoveNumber() == 0 {
		return board.At(9, 4, 4), true
	}
	return book9().reply(b, c)
}

// book9Text is the 9x9 book: per line the moves from the empty board
// (GTP vertices, Black first, comma-separated), a space, and the reply.
//
//go:embed book9.txt
var book9Text string

// book9 is the parsed 9x9 book, read once and then only read, so every
// engine in the process shares it. The text is part of the program: a
// line it cannot read is a bug (TestBook9Parses).
var book9 = sync.OnceValue(func() *openingBook {
	ob, err := parseBook(9, book9Text)
	if err != nil {
		panic(err)
	}
	return ob
})

// openingBook maps a position, in the canonical form of its eight
// symmetric images, to the reply in that form.
type openingBook struct {
	size  int
	moves map[string]int // canonical key -> the reply's index in the canonical frame
	plies int            // the most stones of any entry
}

// parseBook reads a book's text for size×size boards.
func parseBook(size int, text string) (*openingBook, error) {
	ob := &openingBook{size: size, moves: map[string]int{}}
	lineOf := map[string]int{} // a key's line, to name a repeated position
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("book line %d %q: want the moves and the reply", n, line)
		}
		b := board.MustNew(size)
		c := board.Black
		for _, v := range strings.Split(f[0], ",") {
			p, err := board.ParseGTP(size, v)
			if err == nil && p == board.Pass {
				err = fmt.Errorf("a pass")
			}
			if err == nil {
				err = b.Play(board.Move{Color: c, Point: p})
			}
			if err != nil {
				return nil, fmt.Errorf("book line %d, move %s: %w", n, v, err)
			}
			c = c.Opponent()
		}
		if b.MoveNumber() != size*size-b.EmptyCount() {
			return nil, fmt.Errorf("book line %d: the moves capture; the book holds positions reached without a capture", n)
		}
		p, err := board.ParseGTP(size, f[1])
		if err == nil && (p == board.Pass || b.At(p) != board.Empty || !b.Legal(c, p)) {
			err = fmt.Errorf("not a legal move")
		}
		if err != nil {
			return nil, fmt.Errorf("book line %d, reply %s: %w", n, f[1], err)
		}
		key, sym := canonical(b, c)
		if first, ok := lineOf[key]; ok {
			return nil, fmt.Errorf("book line %d: the position of line %d again (an image of it under a symmetry)", n, first)
		}
		lineOf[key] = n
		col, row := board.ColRow(size, p)
		x, y := symmetric(sym, size, col, row)
		ob.moves[key] = y*size + x
		ob.plies = max(ob.plies, b.MoveNumber())
	}
	return ob, sc.Err()
}

// reply is the book's move for c in b, if b is a book position reached
// without captures or passes.
func (ob *openingBook) reply(b *board.Board, c board.Color) (board.Point, bool) {
	if b.MoveNumber() > ob.plies || b.MoveNumber() != ob.size*ob.size-b.EmptyCount() || b.Ko() != board.Pass {
		return board.Pass, false
	}
	key, sym := canonical(b, c)
	i, ok := ob.moves[key]
	if !ok {
		return board.Pass, false
	}
	// The point whose image under sym is the canonical reply.
	for row := 0; row < ob.size; row++ {
		for col := 0; col < ob.size; col++ {
			if x, y := symmetric(sym, ob.size, col, row); y*ob.size+x == i {
				p := board.At(ob.size, col, row)
				return p, b.At(p) == board.Empty && b.Legal(c, p)
			}
		}
	}
	return board.Pass, false
}

// canonical is the least of the keys of b's eight symmetric images with
// c to move, and the symmetry that gives it. A key is one byte per point
// of the image, row by row, then the side to move.
func canonical(b *board.Board, c board.Color) (string, int) {
	size := b.Size()
	var best []byte
	bestSym := 0
	img := make([]byte, size*size+1)
	for sym := 0; sym < 8; sym++ {
		for row := 0; row < size; row++ {
			for col := 0; col < size; col++ {
				x, y := symmetric(sym, size, col, row)
				img[y*size+x] = byte('0' + b.At(board.At(size, col, row)))
			}
		}
		img[size*size] = byte('0' + c)
		if best == nil || string(img) < string(best) {
			best, bestSym = append(best[:0], img...), sym
		}
	}
	return string(best), bestSym
}

// symmetric maps (col, row) by the square's symmetry sym (0 is the
// identity): the offset from the centre, doubled to stay whole on even
// sizes, turned as the patterns' offsets are.
func symmetric(sym, size, col, row int) (int, int) {
	m := size - 1
	o := offset{2*col - m, 2*row - m}.turned(sym)
	return (o.dx + m) / 2, (o.dy + m) / 2
}
