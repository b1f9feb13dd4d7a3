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
	upTo := -1 // replay the moves before the first one build found bad
	for _, e := range errs {
		m := moveOf(e.Offset)
		probs = append(probs, Problem{Offset: e.Offset, Move: m, Msg: e.Msg})
		if m > 0 && (upTo < 0 || m-1 < upTo) {
			upTo = m - 1
		}
	}
	if rec != nil {
		probs = append(probs, replay(rec, nodes, upTo, moveOf)...)
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

// replay checks the main line as kisen replays it (Record.Replay, up to
// move upTo when upTo >= 0): the setup stones before the first move, then
// the moves. It reports setup kisen cannot place or does not replay, the
// first move that cannot be played (illegal, or a second move of one
// colour; the position after it is unknown, so checking stops there) and
// inconsistent territory.
func replay(rec *Record, nodes []rawNode, upTo int, moveOf func(int) int) []Problem {
	if probs := setupProblems(rec.Size, nodes); len(probs) > 0 {
		return probs
	}
	if _, err := rec.Replay(upTo); err != nil {
		return []Problem{replayProblem(rec.Size, nodes, err)}
	}
	return territoryProblems(rec.Size, nodes, moveOf)
}

// setupProblems reports setup stones placed twice before the first move,
// and setup after it (kisen replays none: the moves after it would be
// checked on another position than the file's).
func setupProblems(size int, nodes []rawNode) []Problem {
	var probs []Problem
	stones := map[board.Point]bool{}
	move := 0
	for _, n := range nodes {
		if has(n, "B") || has(n, "W") {
			move++
		}
		for _, p := range n.props {
			if p.id != "AB" && p.id != "AW" && p.id != "AE" {
				continue
			}
			if move > 0 {
				return append(probs, Problem{Offset: p.off, Move: move,
					Msg: fmt.Sprintf("%s after the first move: kisen replays setup stones only before it; the moves after it were not checked", p.id)})
			}
			for _, v := range p.vals {
				for _, pt := range pointsOf(size, v.text) {
					switch {
					case p.id == "AE":
						delete(stones, pt)
					case stones[pt]:
						probs = append(probs, Problem{Offset: v.off, Msg: fmt.Sprintf("%s[%s]: cannot place a stone: %v", p.id, v.text, board.ErrOccupied)})
					default:
						stones[pt] = true
					}
				}
			}
		}
	}
	return probs
}

// replayProblem turns Record.Replay's error into a problem at the move's
// (or the setup stone's) place in the file.
func replayProblem(size int, nodes []rawNode, err error) Problem {
	var me *MoveError
	if !errors.As(err, &me) {
		return Problem{Offset: nodes[0].off, Msg: err.Error()}
	}
	move := 0
	for _, n := range nodes {
		for _, id := range []string{"B", "W"} {
			p, ok := find(n, id)
			if !ok {
				continue
			}
			if move++; move != me.Move {
				break
			}
			v := p.vals[0]
			pt, _ := board.ParseSGF(size, v.text)
			what := fmt.Sprintf("%s %s (%s[%s])", id, board.GTP(size, pt), id, v.text)
			var ie *board.IllegalError
			if errors.As(me.Err, &ie) {
				return Problem{Offset: v.off, Move: move, Msg: fmt.Sprintf("%s is illegal: %v; the moves after it were not checked", what, ie.Reason)}
			}
			return Problem{Offset: v.off, Move: move, Msg: fmt.Sprintf("%s: %v; the moves after it were not checked", what, me.Err)}
		}
	}
	return Problem{Offset: nodes[0].off, Move: me.Move, Msg: err.Error()}
}

// territoryProblems reports points listed twice in one node's TB and TW.
func territoryProblems(size int, nodes []rawNode, moveOf func(int) int) []Problem {
	var probs []Problem
	for _, n := range nodes {
		tb, okB := find(n, "TB")
		tw, okW := find(n, "TW")
		if !okB && !okW {
			continue
		}
		seen := map[board.Point]string{}
		for _, p := range []rawProp{tb, tw} {
			for _, v := range p.vals {
				for _, pt := range pointsOf(size, v.text) {
					if prev, dup := seen[pt]; dup {
						probs = append(probs, Problem{Offset: v.off, Move: moveOf(v.off), Msg: fmt.Sprintf("%s[%s]: point already listed in %s", p.id, v.text, prev)})
					}
					seen[pt] = p.id
				}
			}
		}
	}
	return probs
}

// pointsOf expands a point or rectangle value; bad values give nothing
// (build reports them).
func pointsOf(size int, v string) []board.Point {
	b := &builder{rec: &Record{Size: size}}
	return b.points(rawProp{id: "X", vals: []rawValue{{text: v}}})
}
