//go:build linux

package soak

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/rs/zerolog"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/internal/faultline"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgf"
)

// Spec is everything that makes one game: saved as game.json in a failing
// game's folder so that Replay plays the same faults again.
type Spec struct {
	Index    int           `json:"index"`
	Seed     uint64        `json:"seed"` // the fault plan's and the engines' seed
	Size     int           `json:"size"`
	Faults   string        `json:"faults"`
	Rate     float64       `json:"rate"`
	Resend   time.Duration `json:"resend_ns"`
	Playouts int           `json:"playouts"`
	Deadline time.Duration `json:"deadline_ns"`
}

// Side is what a SideFunc needs to build one side of a game.
type Side struct {
	Color    board.Color
	Port     string // the pty this side's SGMP session opens
	Journal  string // the record path
	Log      zerolog.Logger
	Size     int
	Seed     uint64
	Resend   time.Duration
	Playouts int
}

// SideFunc builds one side: a referee whose remote player is an SGMP
// session on s.Port, logging every packet to s.Log. The closer releases the
// port and session after the game.
type SideFunc func(ctx context.Context, s Side) (*match.Game, io.Closer, error)

// Result is one game's verdict.
type Result struct {
	Spec      Spec
	Moves     [3]int // by colour: the length of each side's record
	Identical bool
	Lost      int    // moves one record has and the other lacks
	Desync    bool   // the records differ in a move or the result
	Stuck     bool   // a side hung past the deadline, or the game was suspended
	Why       string // what went wrong, for the operator
	Result    string
	Took      time.Duration
	Line      faultline.Stats
	Kept      string // the folder kept for a failing game
}

// OK reports whether the game passed every check.
func (r Result) OK() bool { return r.Identical && r.Lost == 0 && !r.Desync && !r.Stuck && r.Why == "" }

// PlayGame plays one game in dir (created) and checks it. The folder is
// removed when the game passes unless keep is set.
func PlayGame(ctx context.Context, spec Spec, dir string, newSide SideFunc, keep bool) Result {
	start := time.Now()
	res := Result{Spec: spec}
	err := playGame(ctx, spec, dir, newSide, &res)
	res.Took = time.Since(start)
	if err != nil && res.Why == "" {
		res.Why = err.Error()
	}
	if res.OK() && !keep {
		os.RemoveAll(dir)
	} else {
		res.Kept = dir
		writeJSON(filepath.Join(dir, "game.json"), spec)
		os.WriteFile(filepath.Join(dir, "verdict.txt"), []byte(res.Line1()+"\n"), 0o644)
	}
	return res
}

func playGame(ctx context.Context, spec Spec, dir string, newSide SideFunc, res *Result) error {
	kinds, err := faultline.ParseKinds(spec.Faults)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("soak: game folder: %w", err)
	}
	flog, err := os.Create(filepath.Join(dir, "faults.log"))
	if err != nil {
		return fmt.Errorf("soak: fault log: %w", err)
	}
	defer flog.Close()
	gctx, cancel := context.WithTimeout(ctx, spec.Deadline)
	defer cancel()
	line, err := faultline.Open(gctx, faultline.Plan{Seed: spec.Seed, Kinds: kinds, Rate: spec.Rate, Resend: spec.Resend, Log: flog})
	if err != nil {
		return fmt.Errorf("soak: virtual null modem: %w", err)
	}
	defer func() { res.Line = line.Stats(); line.Close() }()

	cols := []board.Color{board.Black, board.White}
	ports := map[board.Color]string{board.Black: line.PathA, board.White: line.PathB}
	games := map[board.Color]*match.Game{}
	journals := map[board.Color]string{}
	for _, col := range cols {
		tf, err := os.Create(filepath.Join(dir, col.String()+".trace.jsonl"))
		if err != nil {
			return fmt.Errorf("soak: trace: %w", err)
		}
		defer tf.Close()
		journals[col] = filepath.Join(dir, col.String()+".sgf")
		g, c, err := newSide(gctx, Side{Color: col, Port: ports[col], Journal: journals[col],
			Log:  zerolog.New(tf).Level(zerolog.TraceLevel).Hook(nanoTime{}).With().Str("side", col.String()).Logger(),
			Size: spec.Size, Seed: spec.Seed + uint64(col), Resend: spec.Resend, Playouts: spec.Playouts})
		if err != nil {
			return fmt.Errorf("soak: %s side: %w", col, err)
		}
		defer c.Close()
		games[col] = g
	}
	type done struct {
		col board.Color
		out match.Outcome
		err error
	}
	dc := make(chan done, 2)
	for _, col := range cols {
		go func() {
			o, err := games[col].Run(gctx)
			dc <- done{col, o, err}
		}()
	}
	outs := map[board.Color]match.Outcome{}
	var errs []error
	for range cols {
		select {
		case d := <-dc:
			outs[d.col] = d.out
			if d.err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", d.col, d.err))
			}
		case <-time.After(spec.Deadline + 30*time.Second):
			res.Stuck = true
			res.Why = "a side did not return 30 s after the game's deadline (its goroutines are left running)"
			return nil
		}
	}
	if gctx.Err() != nil && ctx.Err() == nil {
		res.Stuck = true
		res.Why = fmt.Sprintf("not finished within the deadline of %v", spec.Deadline)
	}
	for _, col := range cols {
		if o := outs[col]; o.Reason == match.Suspended && !res.Stuck {
			res.Stuck = true
			res.Why = fmt.Sprintf("%s suspended the game: %s", col, o.Detail)
		}
	}
	if err := errors.Join(errs...); err != nil && res.Why == "" {
		res.Why = err.Error()
	}
	res.Result = outs[board.Black].Result
	return compareRecords(journals[board.Black], journals[board.White], res)
}

// compareRecords fills the record checks of res.
func compareRecords(pathB, pathW string, res *Result) error {
	var recs [3]*sgf.Record
	for col, p := range map[board.Color]string{board.Black: pathB, board.White: pathW} {
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("soak: %s record: %w", col, err)
		}
		r, err := sgf.Parse(data)
		if err != nil {
			return fmt.Errorf("soak: %s record %s: %w", col, p, err)
		}
		recs[col] = r
		res.Moves[col] = len(r.Nodes)
	}
	a, b := recs[board.Black].Nodes, recs[board.White].Nodes
	n := min(len(a), len(b))
	for i := range n {
		if a[i].Move != b[i].Move {
			res.Desync = true
			res.Why = joinWhy(res.Why, fmt.Sprintf("records differ at move %d: black's has %s, white's %s", i+1,
				moveText(recs[board.Black].Size, a[i].Move), moveText(recs[board.Black].Size, b[i].Move)))
			return nil
		}
	}
	res.Lost = max(len(a), len(b)) - n
	if res.Lost > 0 {
		res.Why = joinWhy(res.Why, fmt.Sprintf("black's record has %d moves, white's %d", len(a), len(b)))
	}
	if ra, rb := recs[board.Black].Result, recs[board.White].Result; ra != rb {
		res.Desync = true
		res.Why = joinWhy(res.Why, fmt.Sprintf("results differ: black's record says %q, white's %q", ra, rb))
	}
	res.Identical = res.Lost == 0 && !res.Desync
	return nil
}

func moveText(size int, m board.Move) string {
	return m.Color.Letter() + " " + board.GTP(size, m.Point)
}

func joinWhy(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// Line1 is the game's one-line verdict for the progress display.
func (r Result) Line1() string {
	verdict := "ok"
	if !r.OK() {
		verdict = "FAIL: " + r.Why
	}
	s := r.Line
	return fmt.Sprintf("game %d seed=%d moves=%d %s %.1fs faults=%d recovery=%.1fs %s", r.Spec.Index, r.Spec.Seed,
		max(r.Moves[board.Black], r.Moves[board.White]), resultOr(r.Result), r.Took.Seconds(), s.FaultCount(),
		s.MaxRecovery.Seconds(), verdict)
}

func resultOr(r string) string {
	if r == "" {
		return "RE=none"
	}
	return "RE=" + r
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// nanoTime stamps trace lines with nanosecond times: a protocol trace
// needs sub-second order, and zerolog's time format is process-global.
type nanoTime struct{}

func (nanoTime) Run(e *zerolog.Event, _ zerolog.Level, _ string) {
	e.Str("time", time.Now().Format(time.RFC3339Nano))
}
