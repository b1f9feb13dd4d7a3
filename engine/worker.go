package engine

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
)

// searchThread is one search thread: the tree it grows (shared with the
// other threads, or its own with Options.TreePerThread), the root
// position, its budget, the stop it shares with the other threads, and
// its own random source, reply tables and scratch space.
type searchThread struct {
	tree  *tree
	root  *board.Board
	bud   budget
	start time.Time
	stop  <-chan struct{} // closed by halt
	halt  func()          // stops every thread of the search

	size        int
	r           *board.Rand
	lg          *board.Replies // nil: no reply tables; else the playouts use them and learn each result
	lad         board.Ladders
	aids        board.PlayoutAids
	pb          *board.Board // the playout board
	moves       []board.Point
	path        []int32
	kids        []node
	first       []amafFirst // AMAF scratch
	marginScale float32
}

// startWorkers starts one worker per search thread, thread i on tree
// ts[i%len(ts)], sharing one halt; the returned group waits for them all.
func (e *Engine) startWorkers(ctx context.Context, ts []*tree, root *board.Board, bud budget, start time.Time) *sync.WaitGroup {
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var stopOnce sync.Once
	halt := func() { stopOnce.Do(func() { close(stop) }) }
	for i := 0; i < e.threads; i++ {
		wg.Add(1)
		e.seed = e.seed*6364136223846793005 + 1442695040888963407
		th := newSearchThread(e.opt, e.seed, e.threadReplies(i))
		th.tree, th.root, th.bud, th.start, th.stop, th.halt = ts[i%len(ts)], root, bud, start, stop, halt
		go func() {
			defer wg.Done()
			th.run(ctx)
		}()
	}
	return &wg
}

// newSearchThread makes a thread's random source, playout aids and
// scratch space for the options' board.
func newSearchThread(opt Options, seed uint64, lg *board.Replies) *searchThread {
	size := opt.Size
	th := &searchThread{
		size:        size,
		r:           board.NewRand(seed),
		lg:          lg,
		pb:          new(board.Board),
		moves:       make([]board.Point, 0, 1024),
		path:        make([]int32, 0, 128),
		kids:        make([]node, 0, size*size+1),
		first:       make([]amafFirst, (size+2)*(size+2)),
		marginScale: float32(size*size) / 2,
	}
	th.aids = playoutAids(opt, lg, &th.lad)
	return th
}

// run runs playouts until the budget, ctx or halt ends them.
func (th *searchThread) run(ctx context.Context) {
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-th.stop:
			return
		default:
		}
		th.playout()
		switch th.next(n) {
		case stopThread:
			return
		case stopSearch:
			th.halt()
			return
		}
	}
}

// playout runs one playout: down the tree from the root (growing it),
// then a heavy playout to the end, and its result backed up the path.
func (th *searchThread) playout() {
	t, pb := th.tree, th.pb
	pb.CopyFrom(th.root)
	var grow int32
	th.path, th.moves, grow = t.descend(pb, th.path[:0], th.moves[:0])
	for grow >= 0 {
		th.kids = priors(pb, th.kids[:0], &th.lad, t.priors)
		t.install(grow, th.kids)
		th.path, th.moves, grow = t.descend(pb, th.path, th.moves)
	}
	// The count's parity is taken where the tree ends. After two passes
	// in the tree the game is over, but the playout still runs: it
	// settles the dead stones, which the area count cannot remove.
	d, toMove, ended := t.leafPutDiff(th.moves), pb.ToMove(), pb.Passes() >= 2
	th.moves = pb.HeavyPlayout(th.r, 3*th.size*th.size, th.moves, th.aids)
	score := t.japaneseScore(pb.AreaScore(), d, toMove, ended)
	t.backup(th.path, th.moves, playoutValue(score, scoreShare, th.marginScale), th.first)
	if th.lg != nil {
		th.lg.Learn(th.moves, th.root.ToMove(), score > 0)
	}
}

// verdict is what a thread does after a playout.
type verdict int

const (
	goOn       verdict = iota
	stopThread         // this thread has its share (a tree of its own)
	stopSearch         // every thread stops
)

// next decides, after the n-th playout, whether the budget is spent. The
// clock is read every 64 playouts; a timed search may stop early when the
// best move cannot be caught in the time left.
func (th *searchThread) next(n int) verdict {
	t, bud := th.tree, th.bud
	done := t.rootVisits() - t.base
	switch {
	case bud.ponder:
		if t.usedNodes() >= bud.nodeCap {
			return stopSearch
		}
		return goOn
	case bud.playouts > 0:
		if bud.countKept {
			done += t.base
		}
		if done >= bud.playouts && bud.alone {
			return stopThread
		}
		if done >= bud.playouts || (bud.max > 0 && n&63 == 63 && time.Since(th.start) >= bud.max) {
			return stopSearch
		}
		return goOn
	case n&63 != 63:
		return goOn
	}
	el := time.Since(th.start)
	if el >= bud.max || (bud.credit && creditStop(el, bud.target, done, t.base)) {
		return stopSearch
	}
	if el >= bud.min {
		top, second := t.topTwo()
		rate := float64(done) / math.Max(el.Seconds(), 1e-3)
		left := rate * (bud.target - el).Seconds()
		if el >= bud.target || float64(top-second) > left {
			return stopSearch
		}
	}
	return goOn
}
