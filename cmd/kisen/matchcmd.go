package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/gtp"
)

// runMatch is `kisen match`: the embedded engine against a GTP program,
// alternating colours, Japanese rules; the opponent's final_score counts
// finished games.
func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("match", `--opponent "/usr/games/gnugo --mode gtp --level 10" [--games N] [--first N] [--size 9] [--move-time 1s] [--ponder] [--sgf-dir DIR]`,
		"Play the engine against a GTP program and print wins, losses and a 95% interval.", stderr)
	opp := fs.String("opponent", "/usr/games/gnugo --mode gtp --level 10", "GTP opponent command")
	games := fs.Int("games", 2, "number of games (colours alternate; kisen is Black in odd games)")
	first := fs.Int("first", 1, "number of the first game (its colour and seed follow the number), to continue a match")
	size := fs.Int("size", 9, "board size")
	komi := fs.Float64("komi", 6.5, "komi")
	moveTime := fs.Duration("move-time", time.Second, "kisen's time per move")
	playouts := fs.Int("playouts", 0, "kisen's playouts per move (overrides --move-time)")
	threads := fs.Int("threads", 0, "kisen's search threads (0 = all cores)")
	sgfDir := fs.String("sgf-dir", "", "directory for the SGF records (none if empty)")
	widening := fs.Bool("widening", false, "kisen uses progressive widening")
	perThread := fs.Bool("tree-per-thread", false, "kisen's search threads each grow their own tree")
	ponder := fs.Bool("ponder", false, "kisen searches on the opponent's time too (as engine.ponder does in play)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *games < 1 {
		return usageError{errors.New("match: --games must be at least 1")}
	}
	if *first < 1 {
		return usageError{errors.New("match: --first must be at least 1")}
	}
	if _, err := board.New(*size); err != nil {
		return usageError{fmt.Errorf("match: --size: %w", err)}
	}
	if *sgfDir != "" {
		if err := os.MkdirAll(*sgfDir, 0o755); err != nil {
			return fmt.Errorf("match: --sgf-dir: %w", err)
		}
	}
	wins := 0
	for g := *first; g < *first+*games; g++ {
		us := board.Black
		if g%2 == 0 {
			us = board.White
		}
		opt := engine.Options{Size: *size, Komi: *komi, Threads: *threads, MoveTime: *moveTime, Playouts: *playouts, Widening: *widening, TreePerThread: *perThread, Ponder: *ponder, Seed: uint64(g)}
		res, err := playMatchGame(ctx, opt, *opp, us, g, *sgfDir)
		if err != nil {
			return fmt.Errorf("match: game %d: %w", g, err)
		}
		won := (us == board.Black) == strings.HasPrefix(res.result, "B+")
		if won {
			wins++
		}
		fmt.Fprintf(stdout, "game %d: kisen %s, result %s, moves %d, kisen %s, searched %d moves, %d playouts and %.2fs each%s%s\n",
			g, us, res.result, res.moves, map[bool]string{true: "wins", false: "loses"}[won],
			res.searched, res.perMove(), res.secondsPerMove(), res.reusedNote(), res.oppNote())
	}
	lo, hi := wilson(wins, *games)
	fmt.Fprintf(stdout, "wins=%d losses=%d games=%d winrate=%.3f ci95=[%.3f,%.3f]\n", wins, *games-wins, *games, float64(wins)/float64(*games), lo, hi)
	return nil
}

// wilson is the 95% Wilson score interval for k successes in n trials.
func wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

type matchResult struct {
	result string // SGF RE form
	moves  int

	// kisen's searched moves (forced moves and the pass shortcuts, which
	// search nothing, are left out) and their totals: the effort the
	// result was bought with.
	searched int
	playouts int
	reused   int // root visits kept from earlier searches and pondering
	elapsed  time.Duration

	// The opponent's genmove calls, timed here: equal time per move
	// needs the opponent's time measured in the same run.
	oppMoves   int
	oppElapsed time.Duration
}

// reusedNote names the root visits the searched moves started with, on
// average: the tree kept from the last move and, with --ponder, grown on
// the opponent's time.
func (r matchResult) reusedNote() string {
	if r.searched == 0 {
		return ""
	}
	return fmt.Sprintf(", %d reused", r.reused/r.searched)
}

func (r matchResult) perMove() int {
	if r.searched == 0 {
		return 0
	}
	return r.playouts / r.searched
}

// oppNote is the opponent's mean time per genmove.
func (r matchResult) oppNote() string {
	if r.oppMoves == 0 {
		return ""
	}
	return fmt.Sprintf(", opponent %.2fs per move over %d moves", r.oppElapsed.Seconds()/float64(r.oppMoves), r.oppMoves)
}

func (r matchResult) secondsPerMove() float64 {
	if r.searched == 0 {
		return 0
	}
	return r.elapsed.Seconds() / float64(r.searched)
}

// playMatchGame plays one game; the 400-move cap and two passes end it.
func playMatchGame(ctx context.Context, opt engine.Options, oppCmd string, us board.Color, n int, dir string) (matchResult, error) {
	e, err := engine.New(opt)
	if err != nil {
		return matchResult{}, err
	}
	defer e.Close()
	opp, err := gtp.Start(ctx, oppCmd)
	if err != nil {
		return matchResult{}, err
	}
	defer opp.Close()
	if err := opp.Boardsize(opt.Size); err != nil {
		return matchResult{}, err
	}
	if err := opp.ClearBoard(); err != nil {
		return matchResult{}, err
	}
	if err := opp.Komi(opt.Komi); err != nil {
		return matchResult{}, err
	}
	b := board.MustNew(opt.Size)
	var res matchResult
	const moveCap = 400
	for b.Passes() < 2 && b.MoveNumber() < moveCap && res.result == "" {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		c := b.ToMove()
		var p board.Point
		if c == us {
			d, err := e.GenMove(ctx, b, c, engine.Clock{MoveCap: moveCap})
			if err != nil {
				return res, err
			}
			if d.Resign {
				res.result = c.Opponent().Letter() + "+R"
				break
			}
			if d.Playouts > 0 {
				res.searched++
				res.playouts += d.Playouts
				res.reused += d.Reused
				res.elapsed += d.Elapsed
			}
			p = d.Move
			if err := opp.Play(board.Move{Color: c, Point: p}); err != nil {
				return res, fmt.Errorf("opponent refused our move %s: %w", board.GTP(opt.Size, p), err)
			}
			// With Options.Ponder off this does nothing; the next
			// GenMove stops it and keeps the tree under the reply.
			e.PonderAfter(b, board.Move{Color: c, Point: p})
		} else {
			start := time.Now()
			q, resign, err := opp.GenMove(ctx, c)
			res.oppMoves++
			res.oppElapsed += time.Since(start)
			if err != nil {
				return res, err
			}
			if resign {
				res.result = c.Opponent().Letter() + "+R"
				break
			}
			p = q
		}
		if err := b.Play(board.Move{Color: c, Point: p}); err != nil {
			// An illegal move loses.
			res.result = c.Opponent().Letter() + "+F"
			break
		}
	}
	if res.result == "" {
		s, err := opp.FinalScore()
		if err != nil {
			return res, fmt.Errorf("final_score: %w", err)
		}
		res.result = s
	}
	res.moves = b.MoveNumber()
	if dir != "" {
		path := filepath.Join(dir, fmt.Sprintf("game-%03d.sgf", n))
		if err := os.WriteFile(path, []byte(matchSGF(b, opt, us, res.result)), 0o644); err != nil {
			return res, fmt.Errorf("write record: %w", err)
		}
	}
	return res, nil
}

// matchSGF is a minimal FF[4] record of the game.
func matchSGF(b *board.Board, opt engine.Options, us board.Color, result string) string {
	var sb strings.Builder
	names := map[board.Color]string{us: "kisen", us.Opponent(): "opponent"}
	fmt.Fprintf(&sb, "(;FF[4]GM[1]CA[UTF-8]AP[kisen]SZ[%d]KM[%g]RU[Japanese]PB[%s]PW[%s]DT[%s]RE[%s]\n",
		opt.Size, opt.Komi, names[board.Black], names[board.White], time.Now().UTC().Format("2006-01-02"), result)
	for i, m := range b.Moves() {
		pt := ""
		if m.Point != board.Pass {
			pt = board.SGF(opt.Size, m.Point)
		}
		fmt.Fprintf(&sb, ";%s[%s]", m.Color.Letter(), pt)
		if i%10 == 9 {
			sb.WriteByte('\n')
		}
	}
	sb.WriteString(")\n")
	return sb.String()
}
