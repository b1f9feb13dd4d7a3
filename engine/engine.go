package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	Playouts        int           // >0: fixed playouts per move (ignores clocks)
	MoveTime        time.Duration // >0: fixed time per move (ignores clocks)
	ResignThreshold float64       // resign when win rate stays below this; 0 = never resign
	Ponder          bool
	Seed            uint64 // 0 = from time; fixed seed + 1 thread + Playouts = deterministic
	Log             zerolog.Logger
}

// Clock is the time situation at a move.
type Clock struct {
	Main      time.Duration // main time per side (e.g. 40m)
	OurLeft   time.Duration // our remaining time (0 with Main 0 = unlimited)
	TheirLeft time.Duration
	MoveCap   int // e.g. 400 (a pass counts)
}

// Decision is the engine's answer to GenMove.
type Decision struct {
	Move     board.Point // board.Pass for pass
	Resign   bool
	WinRate  float64 // for the mover, 0..1
	Playouts int
	Elapsed  time.Duration
	PV       []board.Point
}

// ErrBadOptions is returned by New for options it cannot use.
var ErrBadOptions = errors.New("bad engine options")

// ErrBadPosition is returned by GenMove for a board it cannot search.
var ErrBadPosition = errors.New("bad position for the engine")

// Engine is one game's player. It is safe for one GenMove at a time.
type Engine struct {
	opt      Options
	threads  int
	mu       sync.Mutex // guards the tree during search
	tree     *tree
	seed     uint64
	lowMoves int // consecutive moves with a win rate below the resign threshold
}

// ownTerritory is the playout ownership above which a point counts as
// our territory when deciding to pass.
const ownTerritory = 0.7

// bytesPerNode is the accounting figure for MaxMemoryMB.
const bytesPerNode = 48

// New returns an engine for the options.
func New(opt Options) (*Engine, error) {
	if opt.Size < board.MinSize || opt.Size > board.MaxSize {
		return nil, fmt.Errorf("%w: size %d, want %d-%d", ErrBadOptions, opt.Size, board.MinSize, board.MaxSize)
	}
	if opt.Threads < 0 || opt.MaxNodes < 0 || opt.MaxMemoryMB < 0 || opt.Playouts < 0 || opt.MoveTime < 0 {
		return nil, fmt.Errorf("%w: negative threads, nodes, memory, playouts or move time", ErrBadOptions)
	}
	if opt.ResignThreshold < 0 || opt.ResignThreshold >= 1 {
		return nil, fmt.Errorf("%w: resign threshold %v, want 0 (never) to below 1", ErrBadOptions, opt.ResignThreshold)
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
	return &Engine{opt: opt, threads: th, seed: seed}, nil
}

// Close stops background work. Pondering is not implemented yet, so there
// is nothing to stop; Close is idempotent.
func (e *Engine) Close() error { return nil }

// GenMove searches the position for c and returns its choice. b is never
// modified. Cancelling ctx returns the best move found so far at once.
func (e *Engine) GenMove(ctx context.Context, b *board.Board, c board.Color, clk Clock) (Decision, error) {
	start := time.Now()
	if b == nil || b.Size() != e.opt.Size {
		return Decision{}, fmt.Errorf("%w: board size does not match engine size %d", ErrBadPosition, e.opt.Size)
	}
	if c != board.Black && c != board.White {
		return Decision{}, fmt.Errorf("%w: colour %v cannot move", ErrBadPosition, c)
	}
	root := b.Clone()
	root.SetToMove(c)

	// Forced moves: no legal point that isn't an own eye.
	cands := candidates(root, c)
	if len(cands) == 0 {
		return Decision{Move: board.Pass, WinRate: 0.5, Elapsed: time.Since(start)}, nil
	}
	// The opponent passed: pass if the count says we win and nothing is
	// unsettled (Japanese rules: filling dame gains nothing).
	var owner []float64 // after the opponent's pass: ownership for c per point
	if b.Passes() > 0 {
		win, own := e.passWins(root, c)
		if win {
			return Decision{Move: board.Pass, WinRate: 1, Elapsed: time.Since(start)}, nil
		}
		owner = own
	}

	budget := e.budget(root, clk)
	e.mu.Lock()
	e.tree = e.reuse(root, c)
	t := e.tree
	t.base = t.rootVisits()
	// Playouts count area; Japanese komi 6.5 is worth about 7.5 by area
	// when Black gets the last dame, so Black searches with one more point
	// of komi (White keeps the komi, a point on the safe side).
	t.komi = e.opt.Komi
	if c == board.Black {
		t.komi++
	}
	e.mu.Unlock()

	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := make(chan struct{})
	var stopOnce sync.Once
	halt := func() { stopOnce.Do(func() { close(stop) }) }
	for i := 0; i < e.threads; i++ {
		wg.Add(1)
		e.seed = e.seed*6364136223846793005 + 1442695040888963407
		go func(seed uint64) {
			defer wg.Done()
			e.worker(ctx, t, root, seed, budget, start, stop, halt)
		}(e.seed)
	}
	wg.Wait()

	e.mu.Lock()
	defer e.mu.Unlock()
	d := t.decide(root)
	d.Playouts -= t.base
	d.Elapsed = time.Since(start)
	if e.opt.ResignThreshold > 0 && d.Playouts >= 200 && d.WinRate < e.opt.ResignThreshold {
		e.lowMoves++
		if e.lowMoves >= 2 {
			d.Resign = true
		}
	} else {
		e.lowMoves = 0
	}
	// The opponent passed: passing is the Japanese-rules move when it
	// wins about as often as the best move (more stones in our own area
	// would cost points; the area count cannot see that).
	if b.Passes() > 0 && d.Move != board.Pass {
		if pw, ok := t.passRate(); ok && pw >= 0.5 && pw >= d.WinRate-0.05 {
			d.Move, d.WinRate = board.Pass, pw
		}
	}
	// After the opponent's pass a move inside our own territory can only
	// cost a point under Japanese rules.
	if b.Passes() > 0 && d.Move != board.Pass {
		col, row := board.ColRow(e.opt.Size, d.Move)
		if root.RegionOwner(d.Move) == c || (owner != nil && owner[row*e.opt.Size+col] >= ownTerritory) {
			d.Move = board.Pass
		}
	}
	// Never pass from the search while the game is undecided and the
	// opponent has not passed: play the best non-pass move instead.
	if d.Move == board.Pass && b.Passes() == 0 && d.WinRate < 0.9 {
		if alt := t.bestNonPass(); alt != board.Pass {
			d.Move = alt
		}
	}
	e.opt.Log.Debug().Str("move", board.GTP(e.opt.Size, d.Move)).Float64("winrate", d.WinRate).
		Int("playouts", d.Playouts).Dur("elapsed", d.Elapsed).Int("nodes", t.used).Msg("genmove")
	return d, nil
}

// passWins reports whether passing now ends the game in c's favour with no
// unsettled point, by the judge's count. It also returns each point's
// ownership seen from c (+1 = surely c's), in board.AllPoints order.
func (e *Engine) passWins(b *board.Board, c board.Color) (bool, []float64) {
	j := Judge(b, JudgeOptions{Playouts: 300, Seed: e.seed, Rules: board.Japanese, Komi: e.opt.Komi})
	own := make([]float64, len(j.Ownership))
	for i, v := range j.Ownership {
		if c == board.White {
			v = -v
		}
		own[i] = v
	}
	margin := j.Score.Black - j.Score.White
	if c == board.White {
		margin = -margin
	}
	return len(j.Unsettled) == 0 && margin > 0, own
}

// worker runs playouts until the budget, ctx or halt ends them.
func (e *Engine) worker(ctx context.Context, t *tree, root *board.Board, seed uint64, bud budget, start time.Time, stop chan struct{}, halt func()) {
	r := board.NewRand(seed)
	pb := new(board.Board)
	moves := make([]board.Point, 0, 1024)
	path := make([]int32, 0, 128)
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		default:
		}
		pb.CopyFrom(root)
		e.mu.Lock()
		path, moves = t.descend(pb, path[:0], moves[:0])
		e.mu.Unlock()
		if pb.Passes() < 2 {
			moves = pb.HeavyPlayout(r, 3*e.opt.Size*e.opt.Size, moves)
		}
		score := float64(pb.AreaScore()) - t.komi
		e.mu.Lock()
		t.backup(path, moves, score > 0)
		done := t.rootVisits() - t.base
		e.mu.Unlock()
		if bud.playouts > 0 {
			if done >= bud.playouts {
				halt()
				return
			}
			continue
		}
		if n&63 == 63 {
			el := time.Since(start)
			if el >= bud.max {
				halt()
				return
			}
			if el >= bud.min {
				e.mu.Lock()
				first, second := t.topTwo()
				e.mu.Unlock()
				rate := float64(done) / math.Max(el.Seconds(), 1e-3)
				left := rate * (bud.target - el).Seconds()
				if el >= bud.target || float64(first-second) > left {
					halt()
					return
				}
			}
		}
	}
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
