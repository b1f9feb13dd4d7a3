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
	"github.com/kisen-go/kisen/sgf"
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

// runScore is `kisen score [--json] [--rules japanese|chinese] [--move N]
// FILE.sgf`: judge and count a record at its last move or after move N.
func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "[--json] [--rules japanese|chinese] [--move N] [--compare COUNT] [--svg FILE] FILE.sgf",
		"Judge the dead stones of a record's final position (or after move N) and count it.", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object instead of the report")
	rulesFlag := fs.String("rules", "", "japanese or chinese (default: the record's RU, else japanese)")
	moveN := fs.Int("move", 0, "count the position after move `N` (default: the last move)")
	playouts := fs.Int("playouts", 1000, "playouts for the dead-stone judgement")
	seed := fs.Uint64("seed", 1, "random seed of the judgement")
	svgOut := fs.String("svg", "", "also write the SVG picture to `FILE`")
	compare := fs.String("compare", "", "the other program's `count`, e.g. \"B 45 W 52.5 dead D4 E5\": show where it differs (exit 1 if it does)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("score: give exactly one SGF file: kisen score [--json] [--rules japanese|chinese] [--move N] FILE.sgf")}
	}
	if *moveN < 0 {
		return usageError{fmt.Errorf("score: --move %d is negative: give a move number from 1, or leave it out for the last move", *moveN)}
	}
	rules := board.Japanese
	if *rulesFlag != "" {
		r, err := board.ParseRules(*rulesFlag)
		if err != nil {
			return usageError{fmt.Errorf("score: --rules: %w", err)}
		}
		rules = r
	}
	path := fs.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("score: %w", err)
	}
	rec, err := sgf.Parse(data)
	if err != nil {
		return fmt.Errorf("score: %s: %w", path, err)
	}
	if *rulesFlag == "" && rec.Rules != "" {
		if r, err := board.ParseRules(rec.Rules); err == nil {
			rules = r
		}
	}
	b, err := board.New(rec.Size)
	if err != nil {
		return fmt.Errorf("score: %s: %w", path, err)
	}
	for _, m := range rec.Setup {
		if err := b.Setup(m.Color, m.Point); err != nil {
			return fmt.Errorf("score: %s: setup stone %s: %w", path, board.GTP(rec.Size, m.Point), err)
		}
	}
	last := len(rec.Nodes)
	if *moveN > 0 {
		if *moveN > last {
			return usageError{fmt.Errorf("score: --move %d is past the end: %s has %d moves", *moveN, path, last)}
		}
		last = *moveN
	}
	for i, n := range rec.Nodes[:last] {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := b.Play(n.Move); err != nil {
			return fmt.Errorf("score: %s: move %d: %w", path, i+1, err)
		}
	}
	j := engine.Judge(b, engine.JudgeOptions{Playouts: *playouts, Seed: *seed, Rules: rules, Komi: rec.Komi})
	rep := match.Report{
		Size: rec.Size, Komi: rec.Komi, Rules: rules,
		Black: rec.PlayerBlack, White: rec.PlayerWhite,
		Board: b, Judgement: j,
	}
	if last == len(rec.Nodes) {
		rep.Result = rec.Result
	}
	if *svgOut != "" {
		if err := os.WriteFile(*svgOut, rep.SVG(), 0o644); err != nil {
			return fmt.Errorf("score: %w", err)
		}
	}
	if *compare != "" {
		other, err := match.ParseOtherCount(rec.Size, *compare)
		if err != nil {
			return usageError{fmt.Errorf("score: --compare: %w", err)}
		}
		if !*asJSON {
			io.WriteString(stdout, rep.Text())
		}
		if diffs := rep.Compare(other); len(diffs) > 0 {
			fmt.Fprintf(stdout, "The counts differ:\n  %s\n", strings.Join(diffs, "\n  "))
			return fmt.Errorf("score: the counts differ in %d places", len(diffs))
		}
		fmt.Fprintln(stdout, "The counts agree to the point.")
		return nil
	}
	if !*asJSON {
		_, err := io.WriteString(stdout, rep.Text())
		return err
	}
	s := j.Score
	out := scoreJSON{
		Size: rec.Size, Komi: rec.Komi, Rules: rules.String(), Move: last,
		Dead: gtpList(rec.Size, j.Dead), Seki: gtpList(rec.Size, j.Seki), Unsettled: gtpList(rec.Size, j.Unsettled),
		Dame:   gtpList(rec.Size, j.Dame),
		Result: s.Result, Recorded: rep.Result,
	}
	for _, c := range []board.Color{board.Black, board.White} {
		side := sideJSON{Territory: s.Territory[c], Prisoners: s.Prisoners[c], DeadTaken: s.DeadTaken[c], Stones: s.Stones[c], Total: s.Black}
		if c == board.White {
			side.Total = s.White
			out.White = side
		} else {
			out.Black = side
		}
	}
	enc := json.NewEncoder(stdout)
	return enc.Encode(out)
}

// gtpList formats points as GTP vertices; never nil, so JSON shows [].
func gtpList(size int, ps []board.Point) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, board.GTP(size, p))
	}
	return out
}
