package match

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// Report is the end-of-game count the operators compare: the final
// position, the judgement of its stones and the count.
type Report struct {
	Size         int
	Komi         float64
	Rules        board.Rules
	Black, White string       // player names
	Board        *board.Board // final position (read only)
	Judgement    engine.Judgement
	Result       string // the game's result (may differ from the count: resignation, time)
	Note         string // e.g. "move cap reached, referee decides"
}

// Text is the report for the screen and the file beside the SGF. Board
// legend: X O living stones, x o dead stones, + - black / white territory,
// . dame (neutral, between live groups), * unsettled point.
func (r Report) Text() string {
	var sb strings.Builder
	s := r.Judgement.Score
	fmt.Fprintf(&sb, "%s, %s; %dx%d, komi %g, %s rules\n", named("Black", r.Black), named("White", r.White), r.Size, r.Size, r.Komi, r.Rules)
	if r.Board != nil {
		sb.WriteString(r.boardText())
	}
	// The legend fits an 80-column terminal, the operator's screen.
	sb.WriteString("legend: X O alive, x o dead, + - territory, . dame or to fill, * unsettled\n")
	fmt.Fprintf(&sb, "%-22s %8s %8s\n", "", "Black", "White")
	row := func(name string, b, w any) { fmt.Fprintf(&sb, "%-22s %8v %8v\n", name, b, w) }
	if r.Rules == board.Chinese {
		row("stones", s.Stones[board.Black], s.Stones[board.White])
		row("area", s.Territory[board.Black], s.Territory[board.White])
	} else {
		row("territory", s.Territory[board.Black], s.Territory[board.White])
		row("prisoners", s.Prisoners[board.Black], s.Prisoners[board.White])
	}
	row("  of which dead stones", s.DeadTaken[board.Black], s.DeadTaken[board.White])
	row("komi", 0, r.Komi)
	row("total", s.Black, s.White)
	sb.WriteString(r.resultLines())
	if r.Note != "" {
		fmt.Fprintf(&sb, "note: %s\n", r.Note)
	}
	fmt.Fprintf(&sb, "dead stones (%d): %s\n", len(r.Judgement.Dead), r.vertices(r.Judgement.Dead))
	if len(r.Judgement.Seki) > 0 {
		fmt.Fprintf(&sb, "seki stones (%d): %s\n", len(r.Judgement.Seki), r.vertices(r.Judgement.Seki))
	}
	if len(r.Judgement.Dame) > 0 {
		fmt.Fprintf(&sb, "dame (%d): %s\n", len(r.Judgement.Dame), r.vertices(r.Judgement.Dame))
	}
	if len(s.Fills) > 0 {
		fmt.Fprintf(&sb, "to fill after the dame (%d): %s\n", len(s.Fills), r.fills())
	}
	if len(r.Judgement.Unsettled) > 0 {
		fmt.Fprintf(&sb, "unsettled points (%d): %s\n", len(r.Judgement.Unsettled), r.vertices(r.Judgement.Unsettled))
	}
	return sb.String()
}

// named is a side's label in the report: "Black kisen", or "Black" alone
// for a record without player names (kisen score on a bare SGF).
func named(colour, name string) string { return strings.TrimSpace(colour + " " + name) }

// decided says the game ended without counting (resignation, time-out,
// an illegal move): the count then describes the final position only.
func (r Report) decided() bool {
	return r.Result != "" && r.Result != "?" && r.Result != r.Judgement.Score.Result
}

// resultLines are the report's result: the count when the game was
// counted; the game's result first, and the count marked as not the
// result, when it ended otherwise.
func (r Report) resultLines() string {
	count := r.Judgement.Score.Result
	switch {
	case r.decided():
		return fmt.Sprintf("result: %s\nposition count (not the result): %s\n", r.Result, count)
	case r.Result == "?":
		return fmt.Sprintf("result: ? (the referee decides)\nkisen's count: %s\n", count)
	}
	return fmt.Sprintf("count: %s\n", count)
}

func (r Report) vertices(ps []board.Point) string {
	if len(ps) == 0 {
		return "none"
	}
	v := make([]string, len(ps))
	for i, p := range ps {
		v[i] = board.GTP(r.Size, p)
	}
	return strings.Join(v, " ")
}

// fills lists the points to fill after the dame, each with the side
// that fills it: "A3 (White)".
func (r Report) fills() string {
	s := r.Judgement.Score
	v := make([]string, 0, len(s.Fills))
	for i, p := range s.Fills {
		who := ""
		switch s.FillBy[i] {
		case board.Black:
			who = " (Black)"
		case board.White:
			who = " (White)"
		}
		v = append(v, board.GTP(r.Size, p)+who)
	}
	return strings.Join(v, " ")
}

// pointSets are the unsettled points and the stones counted dead, as
// sets: mark reads them for every point of the board.
type pointSets struct{ unsettled, dead map[board.Point]bool }

func (r Report) pointSets() pointSets {
	ps := pointSets{unsettled: map[board.Point]bool{}, dead: map[board.Point]bool{}}
	for _, p := range r.Judgement.Unsettled {
		ps.unsettled[p] = true
	}
	// A chain the judge leaves Unknown but counts dead is drawn dead, as
	// the count takes it.
	for _, p := range r.Judgement.Dead {
		ps.dead[p] = true
	}
	return ps
}

// mark is the one-letter view of a point used by Text and SVG.
func (r Report) mark(p board.Point, i int, sets pointSets) byte {
	c := r.Board.At(p)
	dead := sets.dead[p]
	var owner board.Color
	if i < len(r.Judgement.Score.Owner) {
		owner = r.Judgement.Score.Owner[i]
	}
	switch {
	case c == board.Black && dead:
		return 'x'
	case c == board.White && dead:
		return 'o'
	case c == board.Black:
		return 'X'
	case c == board.White:
		return 'O'
	case owner == board.Black:
		return '+'
	case owner == board.White:
		return '-'
	case sets.unsettled[p]:
		return '*'
	}
	return '.'
}

func (r Report) boardText() string {
	const letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
	sets := r.pointSets()
	var sb strings.Builder
	head := "   "
	for c := 0; c < r.Size; c++ {
		head += " " + letters[c:c+1]
	}
	sb.WriteString(head + "\n")
	for row := r.Size - 1; row >= 0; row-- {
		fmt.Fprintf(&sb, "%2d ", row+1)
		for col := 0; col < r.Size; col++ {
			sb.WriteByte(' ')
			sb.WriteByte(r.mark(board.At(r.Size, col, row), row*r.Size+col, sets))
		}
		fmt.Fprintf(&sb, " %2d\n", row+1)
	}
	sb.WriteString(head + "\n")
	return sb.String()
}

// OtherCount is the count the opponent's operator reads from the other
// program: its totals and its dead stones.
type OtherCount struct {
	Black, White float64
	Dead         []board.Point
}

// ParseOtherCount reads the other program's count as an operator types
// it: "B 45 W 52.5 dead D4 E5" (totals after komi; "dead" and the stones
// may be left out; commas are allowed between stones).
func ParseOtherCount(size int, s string) (OtherCount, error) {
	var o OtherCount
	f := strings.Fields(strings.ReplaceAll(s, ",", " "))
	var haveB, haveW bool
	for i := 0; i < len(f); i++ {
		switch w := strings.ToLower(f[i]); w {
		case "b", "black", "w", "white":
			if i+1 >= len(f) {
				return o, fmt.Errorf("count %q: %s needs a number after it", s, f[i])
			}
			v, err := strconv.ParseFloat(f[i+1], 64)
			if err != nil {
				return o, fmt.Errorf("count %q: %s %q is not a number", s, f[i], f[i+1])
			}
			if w[0] == 'b' {
				o.Black, haveB = v, true
			} else {
				o.White, haveW = v, true
			}
			i++
		case "dead":
			for _, v := range f[i+1:] {
				p, err := board.ParseGTP(size, v)
				if err != nil || p == board.Pass {
					return o, fmt.Errorf("count %q: dead stone %q is not a point like D4", s, v)
				}
				o.Dead = append(o.Dead, p)
			}
			i = len(f)
		default:
			return o, fmt.Errorf("count %q: %q is not B, W or dead (write e.g. B 45 W 52.5 dead D4 E5)", s, f[i])
		}
	}
	if !haveB || !haveW {
		return o, fmt.Errorf("count %q: give both totals, e.g. B 45 W 52.5", s)
	}
	return o, nil
}

// Compare lists, one line each, where the other program's count differs
// from ours: each stone only one side calls dead, then the totals. An
// empty list means the counts agree to the point.
func (r Report) Compare(o OtherCount) []string {
	var out []string
	ours := r.pointSets().dead
	theirs := map[board.Point]bool{}
	for _, p := range o.Dead {
		theirs[p] = true
	}
	colour := func(p board.Point) string {
		if r.Board == nil {
			return "stone"
		}
		switch r.Board.At(p) {
		case board.Black:
			return "black stone"
		case board.White:
			return "white stone"
		}
		return "empty point"
	}
	for _, p := range board.AllPoints(r.Size) {
		switch {
		case ours[p] && !theirs[p]:
			out = append(out, fmt.Sprintf("%s %s: dead for kisen, alive for the other program", board.GTP(r.Size, p), colour(p)))
		case theirs[p] && !ours[p]:
			out = append(out, fmt.Sprintf("%s %s: dead for the other program, alive for kisen", board.GTP(r.Size, p), colour(p)))
		}
	}
	deadAgree := len(out) == 0
	out = append(out, r.openFights(ours, theirs)...)
	s := r.Judgement.Score
	for _, side := range []struct {
		c            board.Color
		ours, theirs float64
	}{{board.Black, s.Black, o.Black}, {board.White, s.White, o.White}} {
		if math.Abs(side.theirs-side.ours) <= 1e-9 {
			continue
		}
		name := "Black"
		if side.c == board.White {
			name = "White"
		}
		out = append(out, fmt.Sprintf("%s total: kisen %g, other %g", name, side.ours, side.theirs))
		if deadAgree {
			out = append(out, r.whyTotalsDiffer(side.c, name, side.theirs-side.ours)...)
		}
	}
	return out
}

// openFights adds a line for each chain the programs disagree on that
// kisen's judge itself left undecided (Unknown: a race or fight the next
// move decides, which the count takes by the playouts' majority), naming
// its unsettled liberties: that is where the operators should read, and
// kisen's count there is a guess, not a claim.
func (r Report) openFights(ours, theirs map[board.Point]bool) []string {
	if r.Board == nil {
		return nil
	}
	var out []string
	seen := map[board.Point]bool{}
	for _, p := range board.AllPoints(r.Size) {
		if ours[p] == theirs[p] || r.Board.At(p) == board.Empty || r.Judgement.Status[p] != engine.Unknown {
			continue
		}
		h := r.Board.ChainHead(p)
		if seen[h] {
			continue
		}
		seen[h] = true
		var at []string
		for _, q := range r.Judgement.Unsettled {
			if len(at) < 6 && slices.ContainsFunc(r.Board.Neighbours(q), func(n board.Point) bool {
				return r.Board.At(n) != board.Empty && r.Board.ChainHead(n) == h
			}) {
				at = append(at, board.GTP(r.Size, q))
			}
		}
		line := fmt.Sprintf("  kisen leaves the fight of %s open", board.GTP(r.Size, p))
		if len(at) > 0 {
			line += ": read it at " + strings.Join(at, " ")
		}
		out = append(out, line)
	}
	return out
}

// whyTotalsDiffer names the likely place of a difference in c's total when
// both programs take the same stones as dead: kisen's points to fill, which
// another program may count as territory, or else a point one program
// counts as territory and the other as dame. diff is theirs less ours.
// The lines stay short: the operator reads them on an 80-column console.
func (r Report) whyTotalsDiffer(c board.Color, name string, diff float64) []string {
	var fills []string
	s := r.Judgement.Score
	for i, p := range s.Fills {
		if s.FillBy[i] == c {
			fills = append(fills, board.GTP(r.Size, p))
		}
	}
	if diff > 0 && len(fills) > 0 {
		return []string{
			fmt.Sprintf("  kisen counts %s for nobody: %s fills after the dame", strings.Join(fills, " "), name),
			fmt.Sprintf("  (the other program may count it as %s's territory)", name),
		}
	}
	return []string{fmt.Sprintf("  the dead stones agree: compare %s's territory point by point", name)}
}

// WriteFiles saves the text report and its picture beside the record:
// NAME.report.txt and NAME.report.svg for NAME.sgf.
func (r Report) WriteFiles(record string) error {
	base := strings.TrimSuffix(record, ".sgf")
	if err := os.WriteFile(base+".report.txt", []byte(r.Text()), 0o644); err != nil {
		return fmt.Errorf("saving the report: %w", err)
	}
	if err := os.WriteFile(base+".report.svg", r.SVG(), 0o644); err != nil {
		return fmt.Errorf("saving the report picture: %w", err)
	}
	return nil
}
