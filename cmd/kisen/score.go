package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/match"
)

// scoreJSON is the --json output of kisen score.
type scoreJSON struct {
	Size      int      `json:"size"`
	Komi      float64  `json:"komi"`
	Rules     string   `json:"rules"`
	Move      int      `json:"move"`
	Dead      []string `json:"dead"`
	Seki      []string `json:"seki"`
	Unsettled []string `json:"unsettled"`
	Dame      []string `json:"dame"`
	Fills     []string `json:"fills"`
	Black     sideJSON `json:"black"`
	White     sideJSON `json:"white"`
	Result    string   `json:"result"`
	Recorded  string   `json:"recorded,omitempty"`
}

type sideJSON struct {
	Territory int     `json:"territory"`
	Prisoners int     `json:"prisoners"`
	DeadTaken int     `json:"dead_taken"`
	Stones    int     `json:"stones"`
	Total     float64 `json:"total"`
}

// scoreArgs are the flags of kisen score.
type scoreArgs struct {
	asJSON            bool
	rulesFlag, svgOut string
	compare, path     string
	moveN, playouts   int
	seed              uint64
}

// runScore is `kisen score [--json] [--rules japanese|chinese] [--move N]
// FILE.sgf`: judge and count a record at its last move or after move N.
func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	a, err := scoreFlags(args, stderr)
	if err != nil {
		return err
	}
	rep, last, err := judgeRecord(ctx, a)
	if err != nil {
		return err
	}
	if a.svgOut != "" {
		if err := os.WriteFile(a.svgOut, rep.SVG(), 0o644); err != nil {
			return fmt.Errorf("score: %w", err)
		}
	}
	switch {
	case a.compare != "":
		return compareScore(rep, a, stdout)
	case a.asJSON:
		return json.NewEncoder(stdout).Encode(scoreJSONOf(rep, last))
	}
	_, err = io.WriteString(stdout, rep.Text())
	return err
}

func scoreFlags(args []string, stderr io.Writer) (scoreArgs, error) {
	var a scoreArgs
	fs := newFlagSet("score", "[--json] [--rules japanese|chinese] [--move N] [--compare COUNT] [--svg FILE] FILE.sgf",
		"Judge the dead stones of a record's final position (or after move N) and count it.", stderr)
	fs.BoolVar(&a.asJSON, "json", false, "print one JSON object instead of the report")
	fs.StringVar(&a.rulesFlag, "rules", "", "japanese or chinese (default: the record's RU, else japanese)")
	fs.IntVar(&a.moveN, "move", 0, "count the position after move `N` (default: the last move)")
	fs.IntVar(&a.playouts, "playouts", 1000, "playouts for the dead-stone judgement")
	fs.Uint64Var(&a.seed, "seed", 1, "random seed of the judgement")
	fs.StringVar(&a.svgOut, "svg", "", "also write the SVG picture to `FILE`")
	fs.StringVar(&a.compare, "compare", "", "the other program's `count`, e.g. \"B 45 W 52.5 dead D4 E5\": show where it differs (exit 1 if it does)")
	if err := parseFlags(fs, args); err != nil {
		return a, err
	}
	if fs.NArg() != 1 {
		return a, usageError{errors.New("score: give exactly one SGF file: kisen score [--json] [--rules japanese|chinese] [--move N] FILE.sgf")}
	}
	if a.moveN < 0 {
		return a, usageError{fmt.Errorf("score: --move %d is negative: give a move number from 1, or leave it out for the last move", a.moveN)}
	}
	if a.rulesFlag != "" {
		if _, err := board.ParseRules(a.rulesFlag); err != nil {
			return a, usageError{fmt.Errorf("score: --rules: %w", err)}
		}
	}
	a.path = fs.Arg(0)
	return a, nil
}

// judgeRecord replays the record to the move asked for and judges it; last
// is the number of moves replayed.
func judgeRecord(ctx context.Context, a scoreArgs) (match.Report, int, error) {
	moveN := -1 // the last move
	if a.moveN > 0 {
		moveN = a.moveN
	}
	rec, b, last, err := recordAt(a.path, moveN)
	if err != nil {
		return match.Report{}, 0, fmt.Errorf("score: %w", err)
	}
	rules := board.Japanese
	if r, err := board.ParseRules(firstNonEmpty(a.rulesFlag, rec.Rules)); err == nil {
		rules = r
	}
	if err := ctx.Err(); err != nil {
		return match.Report{}, 0, err
	}
	j := engine.Judge(b, engine.JudgeOptions{Playouts: a.playouts, Seed: a.seed, Rules: rules, Komi: rec.Komi})
	rep := match.Report{Size: rec.Size, Komi: rec.Komi, Rules: rules,
		Black: rec.PlayerBlack, White: rec.PlayerWhite, Board: b, Judgement: j}
	if last == len(rec.Nodes) {
		rep.Result = rec.Result
	}
	return rep, last, nil
}

// compareScore shows where the other program's count differs from kisen's.
func compareScore(rep match.Report, a scoreArgs, stdout io.Writer) error {
	other, err := match.ParseOtherCount(rep.Size, a.compare)
	if err != nil {
		return usageError{fmt.Errorf("score: --compare: %w", err)}
	}
	if !a.asJSON {
		io.WriteString(stdout, rep.Text())
	}
	if diffs := rep.Compare(other); len(diffs) > 0 {
		fmt.Fprintf(stdout, "The counts differ:\n  %s\n", strings.Join(diffs, "\n  "))
		return errors.New("score: the counts differ (listed above)")
	}
	fmt.Fprintln(stdout, "The counts agree to the point.")
	return nil
}

func scoreJSONOf(rep match.Report, last int) scoreJSON {
	j, s, size := rep.Judgement, rep.Judgement.Score, rep.Size
	out := scoreJSON{
		Size: size, Komi: rep.Komi, Rules: rep.Rules.String(), Move: last,
		Dead: gtpList(size, j.Dead), Seki: gtpList(size, j.Seki), Unsettled: gtpList(size, j.Unsettled),
		Dame: gtpList(size, j.Dame), Fills: gtpList(size, s.Fills),
		Result: s.Result, Recorded: rep.Result,
	}
	side := func(c board.Color, total float64) sideJSON {
		return sideJSON{Territory: s.Territory[c], Prisoners: s.Prisoners[c], DeadTaken: s.DeadTaken[c], Stones: s.Stones[c], Total: total}
	}
	out.Black, out.White = side(board.Black, s.Black), side(board.White, s.White)
	return out
}

// gtpList formats points as GTP vertices; never nil, so JSON shows [].
func gtpList(size int, ps []board.Point) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, board.GTP(size, p))
	}
	return out
}
