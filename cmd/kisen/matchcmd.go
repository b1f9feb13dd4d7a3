package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/gtp"
	"github.com/kisen-go/kisen/match"
	"github.com/rs/zerolog"
)

// runMatch is `kisen match`: the embedded engine against a GTP program,
// alternating colours, Japanese rules; the opponent's final_score counts
// finished games.
func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	m, err := parseMatch(args, stderr)
	if err != nil {
		return err
	}
	if m.sgfDir != "" {
		if err := os.MkdirAll(m.sgfDir, 0o755); err != nil {
			return fmt.Errorf("match: --out: %w", err)
		}
	}
	wins, warned := 0, false
	for g := m.first; g < m.first+m.games; g++ {
		us := board.Black
		if g%2 == 0 {
			us = board.White
		}
		opt := m.opt
		opt.Seed = uint64(g)
		res, err := playMatchGame(ctx, opt, m.mainTime, m.opp, us, g, m.sgfDir)
		if err != nil {
			return fmt.Errorf("match: game %d: %w", g, err)
		}
		// A result the referee decides ("?") or jigo is no win.
		won := strings.HasPrefix(res.result, us.Letter()+"+")
		if won {
			wins++
		}
		fmt.Fprintf(stdout, "game %d: kisen %s, result %s, moves %d, kisen %s, searched %d moves, %d playouts and %.2fs each%s%s%s\n",
			g, us, res.result, res.moves, map[bool]string{true: "wins", false: "loses"}[won],
			res.searched, res.perMove(), res.secondsPerMove(), res.reusedNote(), res.oppNote(), res.note)
		if !warned && overspent(m.opt, res) {
			// The plan's count assumes the tree kept from move to move
			// (most of it on 9x9); on 19x19 little is kept, and each move
			// searches its count afresh.
			warned = true
			fmt.Fprintf(stdout, "note: kisen took %.2fs a searched move for --move-time %v: the visit plan keeps little of its tree between moves on this board; --fixed-time gives every move its time\n",
				res.secondsPerMove(), m.opt.MoveTime)
		}
	}
	lo, hi := wilson(wins, m.games)
	fmt.Fprintf(stdout, "wins=%d losses=%d games=%d winrate=%.3f ci95=[%.3f,%.3f]\n", wins, m.games-wins, m.games, float64(wins)/float64(m.games), lo, hi)
	return nil
}

// matchSetup is a match as its flags give it: the engine's options for
// every game (each game sets its own seed), the clock, the opponent, the
// games and the records' folder.
type matchSetup struct {
	opt          engine.Options
	mainTime     time.Duration
	opp          matchSide
	games, first int
	sgfDir       string
}

// parseMatch reads and checks `kisen match`'s flags.
func parseMatch(args []string, stderr io.Writer) (matchSetup, error) {
	fs := newFlagSet("match", `--opponent-cmd "/usr/games/gnugo --mode gtp --level 10"
         [--opponent NAME] [--games N] [--first N] [--size 9]
         [--move-time 1s [--fixed-time | --bank] |
          --playouts N [--count-kept] | --main-time 5m [--clock-plan]]
         [--ponder] [--no-replies] [--explore C] [--virtual-loss N]
         [--race-libs N] [--playout-ladders] [--model-weight W]
         [--corner-bonus B] [--rave-distance K] [--owner-playouts N]
         [--out DIR]`,
		"Play the engine against a GTP program and print wins, losses and a 95% interval.\n"+
			"Each game is refereed as kisen play referees a tournament game; the opponent's\n"+
			"final_score counts it. --main-time puts both sides on a sudden-death clock.\n"+
			"--move-time (and with --clock-plan the clock's share for a move) sets a root\n"+
			"count: the first search runs 2.2 move times, and later ones stop when the root\n"+
			"holds the visits that rate gives for their time, the kept subtree included, so\n"+
			"expected moves and the endgame take less and the opening more.", stderr)
	oppCmd := fs.String("opponent-cmd", "/usr/games/gnugo --mode gtp --level 10", "the opponent program")
	oppName := fs.String("opponent", "", "the opponent's name in the records (default: its program's file name)")
	games := fs.Int("games", 2, "number of games (kisen is Black in odd-numbered games)")
	first := fs.Int("first", 1, "number of the first game (sets its colour and the seeds)")
	size := fs.Int("size", 9, "board size")
	komi := fs.Float64("komi", 6.5, "komi")
	moveTime := fs.Duration("move-time", time.Second, "kisen's time per move")
	playouts := fs.Int("playouts", 0, "kisen's playouts per move (overrides --move-time)")
	countKept := fs.Bool("count-kept", false, "--playouts counts root visits, the kept subtree included (Pachi's -t =N)")
	bank := fs.Bool("bank", false, "--move-time is a mean: what a move saves goes to later moves")
	fixedTime := fs.Bool("fixed-time", false, "every move takes all of --move-time instead of its root count")
	mainTime := fs.Duration("main-time", 0, "each side's time for the game, sudden death (instead of --move-time)")
	clockPlan := fs.Bool("clock-plan", false, "with --main-time: the clock's share for a move sets a root count")
	threads := fs.Int("threads", 0, "kisen's search threads (0 = all cores)")
	sgfDir := fs.String("out", "", "folder for the SGF records, game-NNN.sgf (none if empty)")
	fs.StringVar(sgfDir, "sgf-dir", "", "the same as --out (the name in older scripts and docs/strength.md)")
	widening := fs.Bool("widening", false, "kisen uses progressive widening")
	noModel := fs.Bool("no-model", false, "kisen uses hand-set priors instead of the learned move model")
	modelFile := fs.String("model", "", "kisen uses the move model `FILE` (a refit under test)")
	perThread := fs.Bool("tree-per-thread", false, "kisen's search threads each grow their own tree")
	ponder := fs.Bool("ponder", false, "kisen searches on the opponent's time too (engine.ponder in play)")
	noReplies := fs.Bool("no-replies", false, "kisen's playouts do without the last-good-reply tables (an A/B arm)")
	explore := fs.Float64("explore", 0, "kisen's selection adds `C`·√(ln N / n) to a child's value (an A/B arm; 0: none)")
	vloss := fs.Int("virtual-loss", 0, fmt.Sprintf("visits `N` (1 to %d) each search walk counts on its way down until its result is in (an A/B arm; 0: the engine's default for the board)", engine.MaxVirtualLoss))
	raceLibs := fs.Int("race-libs", 0, fmt.Sprintf("the most liberties `N` (2 to %d) at which kisen's own chain next to the last move answers it in a race in the playouts (an A/B arm; 0: the engine's default for the board)", engine.MaxRaceLibs))
	ladders := fs.Bool("playout-ladders", false, "kisen's playouts read ladders on every board, not only on 9x9 and smaller (an A/B arm)")
	modelWeight := fs.Int("model-weight", 0, fmt.Sprintf("the equivalent wins `W` (1 to %d) of a move with all the move model's strength in kisen's priors (an A/B arm; 0: the model's own weight, else the engine's default)", engine.MaxModelWeight))
	raveDistance := fs.Int("rave-distance", 0, fmt.Sprintf("kisen's RAVE counts a move first played early in a playout up to 1+`K` times (Pachi's distance_rave; up to %d; an A/B arm; 0: once)", engine.MaxRaveDistance))
	ownerPlayouts := fs.Int("owner-playouts", 0, fmt.Sprintf("`N` playouts (%d to %d) from each search's root weigh kisen's learned priors by who owns each point (Pachi's mcowner; an A/B arm; 0: none)", engine.MinOwnerPlayouts, engine.MaxOwnerPlayouts))
	cornerBonus := fs.Int("corner-bonus", 0, fmt.Sprintf("equivalent wins `B` (up to %d) in kisen's priors for the 3-3, 3-4 and 4-4 points of an empty corner on 13x13 and larger (an A/B arm; 0: none)", engine.MaxCornerBonus))
	if err := parseFlags(fs, args); err != nil {
		return matchSetup{}, err
	}
	if strings.ContainsAny(*oppName, " /") && !givenFlags(fs)["opponent-cmd"] {
		return matchSetup{}, usageError{fmt.Errorf("match: --opponent %q looks like a command: --opponent is the opponent's name now; give its command with --opponent-cmd", *oppName)}
	}
	if *oppName == "" {
		*oppName = filepath.Base(strings.Fields(*oppCmd + " opponent")[0])
	}
	if *games < 1 {
		return matchSetup{}, usageError{errors.New("match: --games must be at least 1")}
	}
	if *first < 1 {
		return matchSetup{}, usageError{errors.New("match: --first must be at least 1")}
	}
	if _, err := board.New(*size); err != nil {
		return matchSetup{}, usageError{fmt.Errorf("match: --size: %w", err)}
	}
	if *mainTime < 0 {
		return matchSetup{}, usageError{errors.New("match: --main-time must not be negative")}
	}
	if *countKept && *playouts == 0 {
		return matchSetup{}, usageError{errors.New("match: --count-kept needs --playouts N: it says what N counts")}
	}
	if *bank && (*playouts > 0 || *mainTime > 0) {
		return matchSetup{}, usageError{errors.New("match: --bank needs --move-time, not --playouts or --main-time: it makes the time a move a mean")}
	}
	if *fixedTime && (*playouts > 0 || *mainTime > 0) {
		return matchSetup{}, usageError{errors.New("match: --fixed-time needs --move-time, not --playouts or --main-time: it says how each move spends it")}
	}
	if *fixedTime && *bank {
		return matchSetup{}, usageError{errors.New("match: give --fixed-time or --bank, not both: each is a plan for --move-time")}
	}
	if *clockPlan && *mainTime == 0 {
		return matchSetup{}, usageError{errors.New("match: --clock-plan needs --main-time: it says how kisen spends the clock's time")}
	}
	if *mainTime > 0 {
		if givenFlags(fs)["move-time"] {
			return matchSetup{}, usageError{errors.New("match: give --move-time or --main-time, not both: --main-time lets kisen's clock plan each move")}
		}
		// The clock plans every move (engine.allocate), as in kisen play.
		*moveTime = 0
	}
	if *threads < 0 || *playouts < 0 || *moveTime < 0 {
		return matchSetup{}, usageError{errors.New("match: --threads, --playouts and --move-time must not be negative")}
	}
	if !(*explore >= 0 && *explore <= 1) { // NaN too
		return matchSetup{}, usageError{fmt.Errorf("match: --explore %v: want 0 (none) to 1", *explore)}
	}
	if *vloss < 0 || *vloss > engine.MaxVirtualLoss {
		return matchSetup{}, usageError{fmt.Errorf("match: --virtual-loss %d: want 0 (the engine's default) or 1 (one visit) to %d", *vloss, engine.MaxVirtualLoss)}
	}
	if *raceLibs != 0 && (*raceLibs < 2 || *raceLibs > engine.MaxRaceLibs) {
		return matchSetup{}, usageError{fmt.Errorf("match: --race-libs %d: want 0 (the engine's default) or 2 (chains of two only) to %d", *raceLibs, engine.MaxRaceLibs)}
	}
	if *modelWeight < 0 || *modelWeight > engine.MaxModelWeight {
		return matchSetup{}, usageError{fmt.Errorf("match: --model-weight %d: want 0 (the model's own weight, else the engine's default) or 1 to %d", *modelWeight, engine.MaxModelWeight)}
	}
	if *raveDistance < 0 || *raveDistance > engine.MaxRaveDistance {
		return matchSetup{}, usageError{fmt.Errorf("match: --rave-distance %d: want 0 (once) to %d", *raveDistance, engine.MaxRaveDistance)}
	}
	if *ownerPlayouts != 0 && (*ownerPlayouts < engine.MinOwnerPlayouts || *ownerPlayouts > engine.MaxOwnerPlayouts) {
		return matchSetup{}, usageError{fmt.Errorf("match: --owner-playouts %d: want 0 (none) or %d to %d", *ownerPlayouts, engine.MinOwnerPlayouts, engine.MaxOwnerPlayouts)}
	}
	if *cornerBonus < 0 || *cornerBonus > engine.MaxCornerBonus {
		return matchSetup{}, usageError{fmt.Errorf("match: --corner-bonus %d: want 0 (none) to %d", *cornerBonus, engine.MaxCornerBonus)}
	}
	model, err := readModel(*modelFile)
	if err != nil {
		return matchSetup{}, usageError{fmt.Errorf("match: %w", err)}
	}
	// The root count is --move-time's plan unless another is asked for,
	// and the clock's with --clock-plan (strength.md, "A visit plan from
	// the first search" and "The visit plan under a clock").
	plan := *moveTime > 0 && *playouts == 0 && !*fixedTime && !*bank || *clockPlan
	opt := engine.Options{Size: *size, Komi: *komi, Threads: *threads, MoveTime: *moveTime, BankTime: *bank, VisitPlan: plan, Playouts: *playouts, CountKept: *countKept, Widening: *widening, NoModel: *noModel, Model: model, TreePerThread: *perThread, Ponder: *ponder, NoReplies: *noReplies, Explore: *explore, VirtualLoss: *vloss, RaceLibs: *raceLibs, PlayoutLadders: *ladders, ModelWeight: *modelWeight, CornerBonus: *cornerBonus, RaveDistance: *raveDistance, OwnerPlayouts: *ownerPlayouts}
	// The flags above name what a user types; this catches any pairing
	// the engine refuses before the opponent is started.
	if err := opt.Validate(); err != nil {
		return matchSetup{}, usageError{fmt.Errorf("match: %w", err)}
	}
	return matchSetup{opt: opt, mainTime: *mainTime, opp: matchSide{*oppName, *oppCmd}, games: *games, first: *first, sgfDir: *sgfDir}, nil
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
	note   string // why the result is not the opponent's count, or ""

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

// overspent reports whether a game's searches under the visit plan took
// more than a quarter longer than --move-time on average.
func overspent(opt engine.Options, r matchResult) bool {
	return opt.VisitPlan && opt.MoveTime > 0 && r.secondsPerMove() > 1.25*opt.MoveTime.Seconds()
}

// matchSide is the opponent: its name in the records and its command.
type matchSide struct{ name, cmd string }

// playMatchGame plays one game under the referee (match.Game, as kisen play
// does): the 400-move cap, two passes, resignation and illegal moves end
// it, and the record is journaled in dir as game-NNN.sgf. The opponent's
// final_score decides a game that ended by passes or the cap.
func playMatchGame(ctx context.Context, opt engine.Options, mainTime time.Duration, opp matchSide, us board.Color, n int, dir string) (matchResult, error) {
	e, err := engine.New(opt)
	if err != nil {
		return matchResult{}, err
	}
	client, err := gtp.Start(ctx, opp.cmd)
	if err != nil {
		e.Close()
		return matchResult{}, err
	}
	if err := seedOpponent(ctx, client, n); err != nil {
		e.Close()
		client.Close()
		return matchResult{}, err
	}
	var res matchResult
	ours := match.NewEnginePlayer("kisen", e)
	ours.OnDecision = res.addDecision
	theirs := &timedGTP{GTPPlayer: match.NewGTPPlayer(opp.name, client), client: client, res: &res}
	black, white := match.Player(ours), match.Player(theirs)
	if us == board.White {
		black, white = theirs, ours
	}
	gopt := match.Options{Size: opt.Size, Komi: opt.Komi, Rules: board.Japanese, MoveCap: 400, MainTime: mainTime,
		Application: "kisen:" + version, Event: "kisen match", Round: strconv.Itoa(n),
		Date: time.Now().UTC().Format("2006-01-02"), Log: zerolog.Nop(),
		// The record's count is kisen's, as at a tournament; the printed
		// result is the opponent's final_score.
		Judge: func(b *board.Board) engine.Judgement {
			return engine.Judge(b, engine.JudgeOptions{Rules: board.Japanese, Komi: opt.Komi, Seed: 1})
		}}
	if dir != "" {
		gopt.Journal = filepath.Join(dir, fmt.Sprintf("game-%03d.sgf", n))
	}
	g, err := match.NewGame(gopt, black, white)
	if err != nil {
		e.Close()
		client.Close()
		return res, err
	}
	out, err := g.Run(ctx)
	if err != nil {
		return res, err
	}
	res.moves = out.Moves
	res.result = out.Result
	switch {
	case out.Reason == match.Suspended:
		return res, fmt.Errorf("the game stopped: %s", out.Detail)
	case theirs.score != "":
		res.result = theirs.score
	case theirs.scoreErr != nil:
		// Pachi refuses final_score at a position it thinks unfinished
		// (the move cap): the record and its result stand, and the match
		// goes on with the next game.
		res.note = fmt.Sprintf(" (the opponent's final_score failed, the record's result stands: %v)", theirs.scoreErr)
	}
	return res, nil
}

// seedOpponent gives the opponent the game number as its random seed when
// it takes one (GNU Go's set_random_seed; GNU Go otherwise seeds from the
// clock). kisen's seed is the game number too, so at a fixed playout count
// with one thread game N is the same game in every run of the same builds,
// and two builds of kisen differ only in the games where a change changes
// a move (scripts/gnugo-ab.sh).
func seedOpponent(ctx context.Context, c *gtp.Client, n int) error {
	known, err := c.Send(ctx, "known_command set_random_seed")
	if err != nil || known != "true" {
		return nil // an opponent without the command, or without known_command, plays unseeded
	}
	if _, err := c.Send(ctx, fmt.Sprintf("set_random_seed %d", n)); err != nil {
		return fmt.Errorf("seeding the opponent: %w", err)
	}
	return nil
}

// addDecision adds one of kisen's moves to the effort behind the result;
// forced moves and pass shortcuts search nothing and are left out.
func (r *matchResult) addDecision(d engine.Decision) {
	if d.Playouts > 0 {
		r.searched++
		r.playouts += d.Playouts
		r.reused += d.Reused
		r.elapsed += d.Elapsed
	}
}

// timedGTP is the opponent program: its genmove calls are timed (equal
// time per move needs the opponent's time measured in the same run), and
// at the end of a counted game it is asked for its final_score before it
// quits.
type timedGTP struct {
	*match.GTPPlayer
	client   *gtp.Client
	res      *matchResult
	unsent   []board.Move // kisen's moves since the program's last genmove
	score    string
	scoreErr error
}

func (p *timedGTP) Opponent(_ context.Context, m board.Move) error {
	p.unsent = append(p.unsent, m)
	return nil
}

func (p *timedGTP) Move(ctx context.Context, req match.Request) (match.Action, error) {
	p.unsent = p.unsent[:0] // the player sends them before its genmove
	start := time.Now()
	act, err := p.GTPPlayer.Move(ctx, req)
	p.res.oppMoves++
	p.res.oppElapsed += time.Since(start)
	return act, err
}

func (p *timedGTP) End(ctx context.Context, o match.Outcome) error {
	if o.Reason == match.TwoPasses || o.Reason == match.MoveCap {
		// The program's board lacks kisen's moves after its last genmove.
		for _, m := range p.unsent {
			if p.scoreErr = p.client.Play(m); p.scoreErr != nil {
				return p.GTPPlayer.End(ctx, o)
			}
		}
		p.score, p.scoreErr = p.client.FinalScore()
	}
	return p.GTPPlayer.End(ctx, o)
}
