package sgf

import (
	"errors"
	"fmt"
	"sort"

	"github.com/kisen-go/kisen/board"
)

// Problem is one thing wrong with a record. Move is the 1-based number of
// the move concerned, or 0; Offset is the byte offset in the file, or -1.
type Problem struct {
	Offset int
	Move   int
	Msg    string
}

// String gives "move N: ..." when the problem is about a move, otherwise
// "offset N: ...".
func (p Problem) String() string {
	if p.Move > 0 {
		return fmt.Sprintf("move %d: %s", p.Move, p.Msg)
	}
	return fmt.Sprintf("offset %d: %s", p.Offset, p.Msg)
}

// Check reports everything wrong with data as a Go game record: syntax
// (with the byte offset), a collection of several games, a game other
// than Go, an unsupported board size, malformed values, and moves that are
// illegal when the main line is replayed on a board (with the move number
// and the reason). An empty result means the record is valid.
func Check(data []byte) []Problem {
	roots, err := parseCollection(data)
	if err != nil {
		var se *SyntaxError
		errors.As(err, &se)
		return []Problem{{Offset: se.Offset, Msg: se.Msg}}
	}
	var probs []Problem
	if len(roots) > 1 {
		probs = append(probs, Problem{Offset: roots[1].off, Move: 0,
			Msg: fmt.Sprintf("the file holds %d game trees; a game record holds one", len(roots))})
	}
	nodes := mainLine(roots[0])
	root := nodes[0]
	if p, ok := find(root, "FF"); ok {
		if v := p.vals[0].text; v != "4" && v != "3" {
			probs = append(probs, Problem{Offset: p.vals[0].off, Msg: fmt.Sprintf("FF[%s]: kisen checks FF[4] records (FF[3] is accepted)", v)})
		}
	}
	rec, errs := build(nodes)
	moveOf := moveIndex(nodes)
	for _, e := range errs {
		probs = append(probs, Problem{Offset: e.Offset, Move: moveOf(e.Offset), Msg: e.Msg})
	}
	if rec != nil {
		probs = append(probs, replay(rec.Size, nodes)...)
	}
	if len(probs) > MaxProblems {
		more := len(probs) - MaxProblems
		probs = append(probs[:MaxProblems], Problem{Offset: probs[MaxProblems].Offset,
			Msg: fmt.Sprintf("and %d more problem(s) not listed", more)})
	}
	return probs
}

// MaxProblems caps the problems Check lists; one more line counts the rest.
const MaxProblems = 100

// moveIndex maps a byte offset to the number of the move whose node holds
// it (0 for the nodes before the first move).
func moveIndex(nodes []rawNode) func(off int) int {
	var starts []int // offset of each move node
	for _, n := range nodes {
		if has(n, "B") || has(n, "W") {
			starts = append(starts, n.off)
		}
	}
	return func(off int) int {
		// the number of move nodes starting at or before off
		return sort.Search(len(starts), func(i int) bool { return starts[i] > off })
	}
}

// replay plays the main line on a board and reports the first illegal
// move or second move of one colour in a row (the position after it is
// unknown, so checking stops there), bad setup stones and inconsistent
// territory. It walks the raw nodes rather than Record.Replay so that each
// problem keeps the byte offset and the setup value it comes from.
func replay(size int, nodes []rawNode) []Problem {
	var probs []Problem
	b, err := board.New(size)
	if err != nil {
		return []Problem{{Offset: nodes[0].off, Msg: err.Error()}}
	}
	move, prev := 0, board.Empty
	for i, n := range nodes {
		for _, id := range []string{"AB", "AW"} {
			p, ok := find(n, id)
			if !ok {
				continue
			}
			c := board.Black
			if id == "AW" {
				c = board.White
			}
			for _, v := range p.vals {
				pts := pointsOf(size, v.text)
				for _, pt := range pts {
					if err := b.Setup(c, pt); err != nil {
						probs = append(probs, Problem{Offset: v.off, Move: move, Msg: fmt.Sprintf("%s[%s]: cannot place a stone: %v", id, v.text, reason(err))})
					}
				}
			}
		}
		if p, ok := find(n, "AE"); ok && (move > 0 || i > 0 && nodeHasStones(b)) {
			probs = append(probs, Problem{Offset: p.off, Move: move, Msg: "AE (remove stones) is not checked by kisen; the moves after it were not replayed"})
			return probs
		}
		for _, id := range []string{"B", "W"} {
			p, ok := find(n, id)
			if !ok {
				continue
			}
			move++
			c := board.Black
			if id == "W" {
				c = board.White
			}
			pt, err := board.ParseSGF(size, p.vals[0].text)
			if err != nil {
				return probs // reported by build
			}
			if err := alternates(prev, c); err != nil {
				probs = append(probs, Problem{Offset: p.off, Move: move,
					Msg: fmt.Sprintf("%s %s (%s[%s]): %v; the moves after it were not checked", c.Letter(), board.GTP(size, pt), id, p.vals[0].text, err)})
				return probs
			}
			prev = c
			if err := b.Play(board.Move{Color: c, Point: pt}); err != nil {
				probs = append(probs, Problem{Offset: p.vals[0].off, Move: move,
					Msg: fmt.Sprintf("%s %s (%s[%s]) is illegal: %v; the moves after it were not checked", c.Letter(), board.GTP(size, pt), id, p.vals[0].text, reason(err))})
				return probs
			}
			break // B and W together are reported by build
		}
		tb, okB := find(n, "TB")
		tw, okW := find(n, "TW")
		if okB || okW {
			seen := map[board.Point]string{}
			for _, p := range []rawProp{tb, tw} {
				for _, v := range p.vals {
					for _, pt := range pointsOf(size, v.text) {
						if prev, dup := seen[pt]; dup {
							probs = append(probs, Problem{Offset: v.off, Move: move, Msg: fmt.Sprintf("%s[%s]: point already listed in %s", p.id, v.text, prev)})
						}
						seen[pt] = p.id
					}
				}
			}
		}
	}
	return probs
}

func nodeHasStones(b *board.Board) bool { return b.EmptyCount() < b.Size()*b.Size() }

func reason(err error) error {
	var ie *board.IllegalError
	if errors.As(err, &ie) {
		return ie.Reason
	}
	return err
}

// pointsOf expands a point or rectangle value; bad values give nothing
// (build reports them).
func pointsOf(size int, v string) []board.Point {
	b := &builder{rec: &Record{Size: size}}
	return b.points(rawProp{id: "X", vals: []rawValue{{text: v}}})
}
