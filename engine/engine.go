package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/rs/zerolog"
)

// Options configure an Engine. The zero value (plus Size) is usable.
type Options struct {
	Size            int
	Komi            float64
	Threads         int           // 0 = runtime.NumCPU()
	MaxNodes        int           // memory bound; 0 = default from MaxMemoryMB
	MaxMemoryMB     int           // 0 = 512
	Playouts        int           // >0: fixed playouts per move (a running clock still caps the time)
	CountKept       bool          // Playouts counts the root's visits, the subtree kept from earlier searches included (Pachi's "-t =N"); default: new playouts only
	MoveTime        time.Duration // >0: fixed time per move (capped by a running clock)
	BankTime        bool          // MoveTime is a mean, not a fixed time: what a move saves goes to a bank later moves draw on (bank.go; for A/B tests)
	VisitPlan       bool          // a move's time (MoveTime, or a running clock's target) sets a root count at the game's first-search rate (plan.go; kisen match --move-time, --clock-plan; engine.visit_plan)
	ResignThreshold float64       // resign when win rate stays below this; 0 = never resign
	Ponder          bool          // search on the opponent's time (see Engine.Ponder)
	Widening        bool          // progressive widening: a node's selection grows through its children in prior order
	NoReplies       bool          // playouts without last-good-reply tables (for A/B tests)
	Explore         float64       // >0: the selection adds Explore·√(ln N / n) to a child's value (tree.go, exploreWeight; for A/B tests)
	VirtualLoss     int           // visits a walk counts at each node on its way down, all but one taken back with its result; 0 = the board's default, virtualLoss (tree.go, descend)
	RaceLibs        int           // the most liberties at which an own chain next to the last move answers it in a race in the playouts (2 to MaxRaceLibs; 2: only chains of two, board.PlayoutAids.RaceLibs); 0 = the board's default, raceLibs
	PlayoutLadders  bool          // the playouts read ladders on every board, not only up to playoutLadderMax (for A/B tests)
	ModelWeight     int           // the learned priors' weight: the equivalent wins of a move with all the model's strength (1 to MaxModelWeight; prior.go, learnedPriors); 0 = the model's own (MoveModel.Weight), else modelWeight
	RaveDistance    int           // K: a move first played at index i of a playout of L moves counts 1 + K·(L−i)/(L−d+1) times in the RAVE statistics of a child at depth d (0 = once, the default; up to MaxRaveDistance; tree.go, backup; for A/B tests)
	OwnerPlayouts   int           // >0: that many playouts from each search's root weigh the learned priors by who owns each point (owner.go; 100 to MaxOwnerPlayouts; for A/B tests)
	CornerBonus     int           // equivalent wins for the 3-3, 3-4 and 4-4 points of an empty corner on 13x13 and larger, in the hand-set priors (a model marked "base hand", as 19x19's is, keeps them) (0 = none, up to MaxCornerBonus; prior.go; for A/B tests)
	NoBook          bool          // no opening book (book.go; for A/B tests)
	NoModel         bool          // hand-set priors instead of the learned move model (model.go; for A/B tests)
	Model           *MoveModel    // a model in place of the committed ones, e.g. a refit under test; nil: engine/moves*.model
	TreePerThread   bool          // each search thread grows its own tree, summed at the root (roots.go); default: one shared tree
	Seed            uint64        // 0 = from time; fixed seed + 1 thread + Playouts = deterministic
	TopMoves        int           // >0: Decision.Top lists that many root moves of each search (kisen analyze)
	Log             zerolog.Logger
}

// Clock is the time situation at a move.
type Clock struct {
	Main      time.Duration // main time per side (e.g. 40m)
	OurLeft   time.Duration // our remaining time (0 with Main 0 = unlimited)
	TheirLeft time.Duration
	MoveCap   int // e.g. 400 (a pass counts)
	// Stones > 0: OurLeft is a Canadian byo-yomi period in which Stones
	// more moves must be played.
	Stones int
	// Governs makes the clock decide the effort even when Options.Playouts
	// or Options.MoveTime fix it (a GTP controller sent time commands).
	Governs bool
}

// Decision is the engine's answer to GenMove.
type Decision struct {
	Move     board.Point // board.Pass for pass
	Resign   bool
	WinRate  float64 // for the mover, 0..1
	Playouts int
	Elapsed  time.Duration
	PV       []board.Point
	Reused   int // root visits kept from earlier searches and pondering
	// Top is the search's root moves, most visited first, with
	// Options.TopMoves; empty for a book or forced move (no search).
	Top []MoveStat
}

// ErrBadOptions is returned by New for options it cannot use.
var ErrBadOptions = errors.New("bad engine options")

// ErrBadPosition is returned by GenMove for a board it cannot search.
var ErrBadPosition = errors.New("bad position for the engine")

// Engine is one game's player. It is safe for one GenMove at a time;
// Ponder and StopPonder belong to the same caller, Close may come from any
// goroutine.
type Engine struct {
	opt       Options
	threads   int
	mu        sync.Mutex // guards the tree during search
	tree      *tree
	more      []*tree // with Options.TreePerThread: the trees of threads 1..
	seed      uint64
	lowMoves  int            // consecutive moves with a win rate below the resign threshold
	bank      time.Duration  // with Options.BankTime: the time earlier moves saved (bank.go)
	planRate  float64        // with Options.VisitPlan: the first search's playouts a second, 0 until it ran (plan.go)
	planAsked time.Duration  // with Options.VisitPlan under a clock: the targets of the root counts searched so far
	planSpent time.Duration  // and the time their searches took (plan.go, pace)
	planSaved time.Duration  // with Options.VisitPlan at a move time: what moves without a search left of it, not yet spent (plan.go, spare)
	model     *compiledModel // the learned move model for this board size; nil: hand-set priors

	// replies holds each search thread's last-good-reply tables, kept
	// from move to move (one search or ponder runs at a time).
	replies []*board.Replies

	pmu    sync.Mutex // guards pond and closed
	pond   *ponderRun // the pondering search, if one runs
	closed bool
}

// ownTerritory is the playout ownership above which a point counts as
// our territory when deciding to pass.
const ownTerritory = 0.7

// playoutLadderMax is the largest board whose playouts read ladders before
// running from atari. On 13x13 and 19x19, with longer ladders and more
// escapes to read, the reading costs a fifth of the search even with
// stones taken back instead of copied, and the equal-time A/B runs there
// were neutral (strength.md, "Playouts that read ladders on 13x13 and
// 19x19"). Against Pachi at 3000 playouts a side on 19x19 they won 3 of
// 18 with a mean margin 24 points smaller (1.3 standard errors), where
// the engine without them won 0 of 10: not enough to pay a fifth of the
// playouts' time (strength.md, "Ladders and longer races in the 19x19
// playouts"). Options.PlayoutLadders turns them on everywhere.
const playoutLadderMax = 9

// playoutAids are a search thread's playout helpers for the options'
// board: its reply tables lg (nil: none), its ladder reader lad up to
// playoutLadderMax (on every board with Options.PlayoutLadders), and the
// race limit of the options.
func playoutAids(opt Options, lg *board.Replies, lad *board.Ladders) board.PlayoutAids {
	size := opt.Size
	// The search counts Japanese: the bent four in the corner is dead.
	aids := board.PlayoutAids{Replies: lg, BentFour: true, RaceLibs: opt.raceLibs()}
	if size <= playoutLadderMax || opt.PlayoutLadders {
		aids.Ladders = lad
	}
	if size <= playoutKoMax {
		aids.KoRate = playoutKoRate
	}
	return aids
}

// playoutKoRate is how often (per cent) the playout retakes a ko it lost
// in the playout before anything else (board.PlayoutAids.KoRate). The
// capture watch retakes a ko too, the taking stone being in atari, but
// only when no answer to the last move comes first. 40 is Pachi's korate;
// the A/B figures are in strength.md. It is measured on 9x9 only; on 19x19
// it made the search fill its own territory in the endgame position of
// TestSettlesInsteadOfFillingAfterPass, so larger boards go without it
// until it is measured there.
const (
	playoutKoRate = 40
	playoutKoMax  = 9
)

// MaxVirtualLoss bounds Options.VirtualLoss: a few visits already turn the
// other threads away from a line in flight.
const MaxVirtualLoss = 8

// Options.VirtualLoss 0 is virtualLossSmall visits on boards up to
// virtualLossSmallMax and one visit on larger ones. Against Pachi at
// equal time on 9x9 three visits won 143 of 300 games and one visit 138
// of 300: level, and three is kept as the figure that is a little better
// (strength.md, "A third run of the virtual loss of three visits"). On
// 13x13 and 19x19, where two threads meet less often below the root, it
// is not measured.
const (
	virtualLossSmall    = 3
	virtualLossSmallMax = 9
)

// virtualLoss is the visits a walk counts at each node below the root on
// its way down: Options.VirtualLoss, or the board's default for 0.
func (opt Options) virtualLoss() int {
	switch {
	case opt.VirtualLoss > 0:
		return opt.VirtualLoss
	case opt.Size <= virtualLossSmallMax:
		return virtualLossSmall
	default:
		return 1
	}
}

// MaxModelWeight and MaxCornerBonus bound Options.ModelWeight and
// Options.CornerBonus: a prior of more equivalent playouts than a short
// search's whole count would decide the move alone.
const (
	MaxModelWeight = 1000
	MaxCornerBonus = 500
)

// MaxRaveDistance bounds Options.RaveDistance; Pachi's distance_rave is 3.
const MaxRaveDistance = 10

// priorSet is the tree's priors for these options with the model m
// (nil: hand-set priors).
func (opt Options) priorSet(m *compiledModel) priorSet {
	ps := withModel(m)
	if opt.ModelWeight > 0 {
		ps.weight = float32(opt.ModelWeight)
	}
	ps.corner = float32(opt.CornerBonus)
	return ps
}

// MaxRaceLibs bounds Options.RaceLibs: a chain with more liberties is in
// no race a playout can read by ataris.
const MaxRaceLibs = 6

// raceLibs is the playouts' race limit (board.PlayoutAids.RaceLibs) on
// the options' board: Options.RaceLibs, or the board's default for 0, two
// liberties (the answer for longer chains off) on every board. Up to four
// it helps on the 9x9 fight set but not on the 19x19 one, and against
// Pachi at 20,000 playouts a side on 9x9 it won 28 of 50 where the
// engine without it won 27, at 9% more time (strength.md, "Ladders and
// longer races in the 19x19 playouts").
func (opt Options) raceLibs() int {
	if opt.RaceLibs > 0 {
		return opt.RaceLibs
	}
	return 2
}

// bytesPerNode is the accounting figure for MaxMemoryMB.
const bytesPerNode = 48

// Validate reports the first option New cannot use, wrapping
// ErrBadOptions, so that a command can refuse its flags before it opens a
// link or starts an opponent.
func (opt Options) Validate() error {
	if opt.Size < board.MinSize || opt.Size > board.MaxSize {
		return fmt.Errorf("%w: size %d, want %d-%d", ErrBadOptions, opt.Size, board.MinSize, board.MaxSize)
	}
	if opt.Threads < 0 || opt.MaxNodes < 0 || opt.MaxMemoryMB < 0 || opt.Playouts < 0 || opt.MoveTime < 0 {
		return fmt.Errorf("%w: negative threads, nodes, memory, playouts or move time", ErrBadOptions)
	}
	if !(opt.Explore >= 0 && opt.Explore <= 1) { // NaN too
		return fmt.Errorf("%w: exploration weight %v, want 0 (none) to 1", ErrBadOptions, opt.Explore)
	}
	if opt.VirtualLoss < 0 || opt.VirtualLoss > MaxVirtualLoss {
		return fmt.Errorf("%w: virtual loss %d, want 0 (the board's default) or 1 (one visit) to %d", ErrBadOptions, opt.VirtualLoss, MaxVirtualLoss)
	}
	if opt.RaceLibs != 0 && (opt.RaceLibs < 2 || opt.RaceLibs > MaxRaceLibs) {
		return fmt.Errorf("%w: race liberties %d, want 0 (the board's default) or 2 (chains of two only) to %d", ErrBadOptions, opt.RaceLibs, MaxRaceLibs)
	}
	if opt.ModelWeight < 0 || opt.ModelWeight > MaxModelWeight {
		return fmt.Errorf("%w: model weight %d, want 0 (the model's own, else %d) or 1 to %d", ErrBadOptions, opt.ModelWeight, modelWeight, MaxModelWeight)
	}
	if opt.CornerBonus < 0 || opt.CornerBonus > MaxCornerBonus {
		return fmt.Errorf("%w: corner bonus %d, want 0 (none) to %d", ErrBadOptions, opt.CornerBonus, MaxCornerBonus)
	}
	if opt.OwnerPlayouts != 0 && (opt.OwnerPlayouts < MinOwnerPlayouts || opt.OwnerPlayouts > MaxOwnerPlayouts) {
		return fmt.Errorf("%w: ownership playouts %d, want 0 (none) or %d to %d", ErrBadOptions, opt.OwnerPlayouts, MinOwnerPlayouts, MaxOwnerPlayouts)
	}
	if opt.OwnerPlayouts > 0 && opt.TreePerThread {
		// mergeRoots takes each root child's prior back out as the root's
		// ownership gives it now; a kept child got its prior from an
		// earlier root's.
		return fmt.Errorf("%w: OwnerPlayouts and TreePerThread do not go together; choose one", ErrBadOptions)
	}
	if opt.RaveDistance < 0 || opt.RaveDistance > MaxRaveDistance {
		return fmt.Errorf("%w: RAVE distance weight %d, want 0 (none) to %d", ErrBadOptions, opt.RaveDistance, MaxRaveDistance)
	}
	if !(opt.ResignThreshold >= 0 && opt.ResignThreshold < 1) {
		return fmt.Errorf("%w: resign threshold %v, want 0 (never) to below 1", ErrBadOptions, opt.ResignThreshold)
	}
	if opt.BankTime && opt.VisitPlan {
		return fmt.Errorf("%w: BankTime and VisitPlan are two plans for MoveTime; choose one", ErrBadOptions)
	}
	return nil
}

// New returns an engine for the options.
func New(opt Options) (*Engine, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	th := opt.Threads
	if th == 0 {
		th = runtime.NumCPU()
	}
	if opt.MaxMemoryMB == 0 {
		opt.MaxMemoryMB = 512
	}
	if opt.MaxNodes == 0 {
		opt.MaxNodes = opt.MaxMemoryMB << 20 / bytesPerNode
	}
	if opt.MaxNodes < 1000 {
		opt.MaxNodes = 1000
	}
	seed := opt.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano()) | 1
	}
	e := &Engine{opt: opt, threads: th, seed: seed}
	if !opt.NoModel {
		e.model = opt.Model.compiledFor(opt.Size)
	}
	return e, nil
}

// Threads is the number of search threads: Options.Threads, or one per
// core when that is 0.
func (e *Engine) Threads() int { return e.threads }

// Close stops pondering and waits for its goroutines; later Ponder calls
// do nothing. GenMove still works after Close. Close is idempotent.
func (e *Engine) Close() error {
	e.pmu.Lock()
	e.closed = true
	e.pmu.Unlock()
	e.StopPonder()
	return nil
}

// GenMove searches the position for c and returns its choice. b is never
// modified. Cancelling ctx returns the best move found so far at once. A
// pondering search stops first; the tree it grew is reused.
func (e *Engine) GenMove(ctx context.Context, b *board.Board, c board.Color, clk Clock) (Decision, error) {
	d, bud, err := e.genMove(ctx, b, c, clk)
	if err == nil && e.banking(clk) {
		e.bank += e.opt.MoveTime - d.Elapsed
	}
	if err == nil && bud.planned {
		e.learnPlan(d, bud)
	}
	if err == nil && !bud.planned && e.opt.VisitPlan && e.byMoveTime(clk) {
		e.planSaved += max(0, e.opt.MoveTime-d.Elapsed)
	}
	return d, err
}

// genMove is GenMove but for the bank and the visit plan; it also returns
// the search's budget (the zero budget for a move it did not search).
func (e *Engine) genMove(ctx context.Context, b *board.Board, c board.Color, clk Clock) (Decision, budget, error) {
	start := time.Now()
	e.StopPonder()
	if b == nil || b.Size() != e.opt.Size {
		return Decision{}, budget{}, fmt.Errorf("%w: board size does not match engine size %d", ErrBadPosition, e.opt.Size)
	}
	if c != board.Black && c != board.White {
		return Decision{}, budget{}, fmt.Errorf("%w: colour %v cannot move", ErrBadPosition, c)
	}
	root := b.Clone()
	root.SetToMove(c)
	oppPassed := b.Passes() > 0
	if !e.opt.NoBook {
		if p, ok := bookMove(root, c); ok {
			return Decision{Move: p, WinRate: 0.5, PV: []board.Point{p}, Elapsed: time.Since(start)}, budget{}, nil
		}
	}

	// Forced moves: no legal point that isn't an own eye, or a single
	// sensible one while the opponent plays on.
	cands := candidates(root, c)
	if len(cands) == 0 {
		return Decision{Move: board.Pass, WinRate: 0.5, Elapsed: time.Since(start)}, budget{}, nil
	}
	if !oppPassed {
		// (A forced move that recreates an earlier position goes to the
		// search, whose choice is checked for repetition.)
		if p, ok := forced(root, c, cands); ok && !b.WouldRepeat(board.Move{Color: c, Point: p}) {
			return Decision{Move: p, WinRate: 0.5, PV: []board.Point{p}, Elapsed: time.Since(start)}, budget{}, nil
		}
	}
	// The opponent passed: pass if the count says we win and nothing is
	// unsettled (Japanese rules: filling dame gains nothing), or we win by
	// more than the unsettled part can change.
	var view *passView
	if oppPassed {
		v := e.passView(root, c)
		if v.wins() {
			return Decision{Move: board.Pass, WinRate: 1, Elapsed: time.Since(start)}, budget{}, nil
		}
		view = &v
	}

	budget := e.budget(root, clk)
	e.mu.Lock()
	ts := e.searchTrees(root, b.Moves(), c)
	t := ts[0]
	if view != nil && view.margin <= 0 && !view.settled() {
		// A pass now ends the game on the judge's count, which we lose.
		// The search's own value of that pass is its playouts', which
		// play on after the two passes and may settle what the judge
		// leaves unsettled our way (a race it reads as won): it would
		// pass, and the fallback below would play its least bad other
		// move. Leave the pass out, so that the search finds the move
		// that settles the race.
		for _, u := range ts {
			u.noRootPass = true
		}
	}
	e.mu.Unlock()
	if len(ts) > 1 && budget.playouts > 0 {
		// Each tree counts only its own playouts.
		budget.playouts = (budget.playouts + len(ts) - 1) / len(ts)
		budget.alone = true
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	e.startWorkers(ctx, ts, root, budget, start).Wait()

	e.mu.Lock()
	defer e.mu.Unlock()
	reused := 0
	for _, u := range ts {
		reused += u.base
	}
	played := mergeRoots(t, ts[1:], root)
	d := t.decide(root)
	d.Playouts, d.Reused = played, reused
	if e.opt.TopMoves > 0 {
		d.Top = t.topMoves(e.opt.TopMoves)
	}
	if e.opt.ResignThreshold > 0 && d.Playouts >= 200 && d.WinRate < e.opt.ResignThreshold {
		e.lowMoves++
		if e.lowMoves >= 2 {
			d.Resign = true
		}
	} else {
		e.lowMoves = 0
	}
	d = e.passRules(d, root, c, t, view)
	d = t.fresh(d, b, c)
	d.Elapsed = time.Since(start)
	e.opt.Log.Debug().Str("move", board.GTP(e.opt.Size, d.Move)).Float64("winrate", d.WinRate).
		Int("playouts", d.Playouts).Int("reused", d.Reused).Dur("elapsed", d.Elapsed).Int("nodes", t.used).Msg("genmove")
	return d, budget, nil
}

// setCount prepares the tree's playout count for root, searched for us
// (the engine's colour, also while pondering).
func (t *tree) setCount(root *board.Board, komi float64, us board.Color) {
	t.komi, t.us, t.putDiff = komi, us, putDiff(root)
}

// putDiff is the number of stones Black has put on the board (setup and
// moves: those on it and those captured) minus White's.
func putDiff(b *board.Board) int {
	d := b.Captured(board.White) - b.Captured(board.Black)
	for _, p := range board.AllPoints(b.Size()) {
		switch b.At(p) {
		case board.Black:
			d++
		case board.White:
			d--
		}
	}
	return d
}

// leafPutDiff is putDiff after the tree moves played from the root.
func (t *tree) leafPutDiff(moves []board.Point) int {
	d, c := t.putDiff, t.toMove
	for _, p := range moves {
		if p != board.Pass {
			if c == board.Black {
				d++
			} else {
				d--
			}
		}
		c = c.Opponent()
	}
	return d
}

// japaneseScore is Black's Japanese count minus komi estimated from a
// playout: area minus the difference in stones put on the board up to the
// end of the tree moves (territory + prisoners = area − stones put; the
// playout's own moves are the filling that a real game does not play).
// So a tree move inside our own territory costs a point and a pass costs
// nothing, as under Japanese rules, while area playouts cannot tell.
//
// d is the put difference at the leaf, toMove the side to move there. Who
// puts the last stone of the game shifts the count by one; the search
// assumes the opponent of us does, a point on the safe side (in plain
// alternation this is Black searching with one more point of komi and
// White with the komi). ended (two passes in the tree: no more stones)
// drops that assumption.
func (t *tree) japaneseScore(area, d int, toMove board.Color, ended bool) float64 {
	if !ended {
		switch {
		case t.us == board.Black && toMove == board.Black:
			d++
		case t.us == board.White && toMove == board.White:
			d--
		}
	}
	return float64(area-d) - t.komi
}

// playoutValue is a playout's value for Black, from Black's score: mostly
// the win, plus share (scoreShare in the search) for the margin, which
// saturates at scale points (half the board). Among moves that win about
// as often the search then prefers the one that keeps more points, which
// leaves room for a later misreading; a pure win/loss count plays any move
// that wins by half a point (strength.md, run 17).
func playoutValue(score float64, share, scale float32) float32 {
	m := max(-1, min(1, float32(score)/scale))
	v := share * (0.5 + 0.5*m)
	if score > 0 {
		v += 1 - share
	}
	return v
}

// passRules adjusts the search's choice for Japanese rules and pass
// safety. view is the judge's view when the opponent passed (nil when it
// did not). The search counts area, so it cannot see that a stone inside
// our own territory costs a point, nor that passing with a group whose life
// is uncertain may lose it.
func (e *Engine) passRules(d Decision, root *board.Board, c board.Color, t *tree, view *passView) Decision {
	oppPassed := view != nil
	isQuiet := quiet(root)
	// The judge runs 300 playouts: ask it once at most.
	judged := func() *passView {
		if view == nil {
			v := e.passView(root, c)
			view = &v
		}
		return view
	}
	if oppPassed && d.Move != board.Pass && view.settled() {
		// Everything left is dame or territory: pass when passing wins
		// about as often as the best move, or when the move is inside our
		// own territory (it can only cost a point).
		if pw, ok := t.passRate(); ok && pw >= 0.5 && pw >= d.WinRate-0.05 {
			d.Move, d.WinRate = board.Pass, pw
		} else if inOwnTerritory(root, c, d.Move, view.own) {
			d.Move = board.Pass
		}
	}
	if oppPassed && !view.settled() && view.margin > 0 {
		// We win the count but something is unsettled. When the search
		// finds that passing wins nearly always, and the move it would
		// play instead is a pass or only fills our own territory (a point
		// each under Japanese rules), settle the largest chain in atari if
		// the margin pays for it, else pass. A pass the search left
		// unexplored (a few early losses and no exploration term) counts
		// as winning when the best move does.
		pw, ok := t.passRate()
		if !ok {
			pw = d.WinRate
		}
		if pw >= decidedPass && pw >= d.WinRate-0.05 &&
			(d.Move == board.Pass || (d.Move != view.fix && inOwnTerritory(root, c, d.Move, view.own))) {
			if view.fix != board.Pass && view.margin > 1 {
				d.Move = view.fix
				return d
			}
			d.Move, d.WinRate = board.Pass, pw
			return d
		}
		// When a chain in atari is all that is left to decide, a stone
		// inside our own territory only costs a point (the search, which
		// may not have tried the settling move, cannot tell): settle the
		// chain instead.
		if view.open == 0 && view.unknown == 0 && view.fix != board.Pass && view.margin > 1 &&
			d.Move != view.fix && inOwnTerritory(root, c, d.Move, view.own) {
			d.Move = view.fix
			return d
		}
	}
	if !oppPassed && d.Move != board.Pass && root.RegionOwner(d.Move) == c && isQuiet {
		// A move inside an area only we border: pass instead when the
		// board is closed and the judge finds nothing unsettled (the
		// opponent may still play).
		if judged().settled() {
			d.Move = board.Pass
		}
	}
	if d.Move == board.Pass {
		// Never pass while a group's life or a boundary is uncertain and
		// the game is not decided: play the best other move. Without the
		// opponent's pass, a win rate of 0.9 counts as decided.
		var safe bool
		switch {
		case oppPassed:
			safe = view.settled()
		case !isQuiet:
			// Open space left: a pass gives the opponent a free move there,
			// whatever the win rate or the judge's playouts say.
			safe = false
		case d.WinRate >= 0.9:
			safe = true
		default:
			safe = judged().settled()
		}
		if !safe {
			if alt := t.bestNonPass(); alt != board.Pass {
				d.Move = alt
			}
		}
	}
	return d
}

// quiet reports whether every empty region of b is either bordered by one
// colour only (territory, or a dead group's surroundings) or is a small
// neutral one with no point away from the stones (dame). A neutral region
// with open space in it means the game is not over, however sure the
// playouts are about who will own it: passing there hands the opponent a
// free move (the judge's ownership alone would let a mid-game pass through).
func quiet(b *board.Board) bool {
	const maxDame = 4
	// A one-colour region with more open points than this (points with no
	// stone next to them) is room for an invasion, not territory yet
	// (strength.md, run 9).
	const maxOpenTerritory = 4
	n := b.Size()
	seen := make([]bool, n*n)
	var stack []board.Point
	for i, p := range board.AllPoints(n) {
		if seen[i] || b.At(p) != board.Empty {
			continue
		}
		seen[i] = true
		stack = append(stack[:0], p)
		var touch [3]bool
		size, interior := 0, 0
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			nearStone := false
			for _, x := range b.Neighbours(q) {
				k := b.At(x)
				touch[k] = true
				if k != board.Empty {
					nearStone = true
					continue
				}
				if j := board.Index(n, x); !seen[j] {
					seen[j] = true
					stack = append(stack, x)
				}
			}
			if !nearStone {
				interior++
			}
		}
		if touch[board.Black] && touch[board.White] && (interior > 0 || size > maxDame) {
			return false
		}
		if interior > maxOpenTerritory {
			return false
		}
	}
	return true
}

// inOwnTerritory reports whether p is in an empty region only c borders, or
// c owns it in the judge's playouts.
func inOwnTerritory(b *board.Board, c board.Color, p board.Point, own []float64) bool {
	if p == board.Pass {
		return false
	}
	return b.RegionOwner(p) == c || (own != nil && own[board.Index(b.Size(), p)] >= ownTerritory)
}

// forced returns the move when c has exactly one candidate and it is
// sensible: not a self-atari and not inside c's own territory (passing is
// the other choice there, and the search decides).
func forced(b *board.Board, c board.Color, cands []board.Point) (board.Point, bool) {
	if len(cands) != 1 {
		return board.Pass, false
	}
	p := cands[0]
	if b.SelfAtari(c, p) > 0 || b.RegionOwner(p) == c {
		return board.Pass, false
	}
	return p, true
}

// passView is the judge's view of a position in which c might pass.
type passView struct {
	margin  float64     // the Japanese count for c (> 0: c wins)
	own     []float64   // ownership seen from c per point (+1 = surely c's), AllPoints order
	open    int         // unsettled empty points that are not dame
	dame    int         // neutral points between the two sides, worth nothing
	unknown int         // stones of chains whose status is unclear
	atari   int         // stones of chains in atari whose fate a move decides
	fix     board.Point // the move that decides the largest of those chains (Pass: none)
	fixSize int
}

func (v *passView) addFix(p board.Point, n int) {
	if n > v.fixSize {
		v.fix, v.fixSize = p, n
	}
}

// settled reports whether every empty point is dame or territory and no
// chain's life is in question.
func (v *passView) settled() bool {
	return v.open == 0 && v.unknown == 0 && v.atari == 0
}

// wins reports whether passing ends the game in c's favour: c wins the
// count and either nothing is unsettled or the margin exceeds what the
// unsettled points and chains could change (two points each).
func (v *passView) wins() bool {
	if v.margin <= 0 {
		return false
	}
	return v.settled() || v.margin > 2*float64(v.open+v.dame+v.unknown+v.atari)+1
}

// Pass-view thresholds.
const (
	// Our chain in atari held by the opponent in more than this share of
	// the judge's playouts is dead whatever we do, unless its liberty lies
	// in an area only we border: there the judge may count the chain, and
	// the group it holds an eye for, dead only because the point is open
	// (strength.md, "The book's saved time spent after it", game 5738).
	// Anything else in atari is still to be decided.
	hopelessOwn = 0.6
	// After the opponent's pass, a pass whose searched win rate is at
	// least this ends the game even with something unsettled, when the
	// count also says we win.
	decidedPass = 0.9
)

// passView judges b (300 playouts) and sorts what is left to decide.
func (e *Engine) passView(b *board.Board, c board.Color) passView {
	j := Judge(b, JudgeOptions{Playouts: 300, Seed: e.seed, Rules: board.Japanese, Komi: e.opt.Komi})
	size := b.Size()
	v := passView{own: make([]float64, len(j.Ownership)), fix: board.Pass}
	for i, o := range j.Ownership {
		if c == board.White {
			o = -o
		}
		v.own[i] = o
	}
	v.margin = j.Score.Black - j.Score.White
	if c == board.White {
		v.margin = -v.margin
	}
	// Unsettled points are open; the judge has already set dame apart. A
	// strip of neutral points two wide is not dame (its inner points touch
	// one colour) and stays open: filling it costs nothing under Japanese
	// rules, a wrong pass may.
	v.open, v.dame = len(j.Unsettled), len(j.Dame)
	// Chains: unclear status, or in atari with a move that decides them.
	done := map[board.Point]bool{}
	for _, p := range board.AllPoints(size) {
		k := b.At(p)
		if k == board.Empty || done[b.ChainHead(p)] {
			continue
		}
		done[b.ChainHead(p)] = true
		st := j.Status[p]
		n := b.ChainSize(p)
		switch {
		case st == Unknown:
			v.unknown += n
		case !b.InAtari(p):
		case k == c:
			lib := b.AtariLiberty(p)
			mean := 0.0
			for _, q := range b.Chain(p) {
				mean += v.own[board.Index(size, q)]
			}
			mean /= float64(n)
			if b.Legal(c, lib) && b.SelfAtari(c, lib) == 0 && (mean > -hopelessOwn || b.RegionOwner(lib) == c) {
				v.atari += n
				v.addFix(lib, n)
			}
		case st != Dead:
			v.atari += n // the opponent's chain in atari, alive in the count: capture it
			if lib := b.AtariLiberty(p); b.Legal(c, lib) {
				v.addFix(lib, n)
			}
		}
	}
	return v
}

// touchesBoth reports whether the point p has stones of both colours
// among its neighbours.
func touchesBoth(b *board.Board, p board.Point) bool {
	var bl, wh bool
	for _, q := range b.Neighbours(p) {
		switch b.At(q) {
		case board.Black:
			bl = true
		case board.White:
			wh = true
		}
	}
	return bl && wh
}

// emptyRegion lists the empty points connected to the empty point p.
func emptyRegion(b *board.Board, p board.Point) []board.Point {
	region := []board.Point{p}
	seen := map[board.Point]bool{p: true}
	for i := 0; i < len(region); i++ {
		for _, q := range b.Neighbours(region[i]) {
			if b.At(q) == board.Empty && !seen[q] {
				seen[q] = true
				region = append(region, q)
			}
		}
	}
	return region
}

// threadReplies returns search thread i's reply tables (nil when the
// options turn them off), made on first use.
func (e *Engine) threadReplies(i int) *board.Replies {
	if e.opt.NoReplies {
		return nil
	}
	for len(e.replies) <= i {
		e.replies = append(e.replies, new(board.Replies))
	}
	return e.replies[i]
}

// candidates lists c's legal moves that don't fill an own eye.
func candidates(b *board.Board, c board.Color) []board.Point {
	var out []board.Point
	for i := 0; i < b.EmptyCount(); i++ {
		p := b.EmptyAt(i)
		if !b.IsEye(c, p) && b.Legal(c, p) {
			out = append(out, p)
		}
	}
	return out
}
