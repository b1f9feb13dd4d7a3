package engine

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/kisen-go/kisen/board"
)

// node is one move in the search tree. Values are counted for the player
// who made the move (the parent's side to move).
type node struct {
	move         board.Point
	visits, wins float32 // includes the prior as equivalent experience
	prior        float32 // the prior's share of visits
	raveN, raveW float32
	child        int32 // index of the first child, or noChildren, growing
	nChild       int32 // set before child is published
}

// tree is a bounded pool of nodes; children of a node are contiguous.
type tree struct {
	allocMu   sync.Mutex // guards used and filling chunks
	chunks    [][]node   // fixed-size chunks, all slots made at newTree: growing never moves nodes
	used      int
	size      int
	hash      uint64       // position hash of the root
	rootBoard *board.Board // the root position (history-less)
	toMove    board.Color
	moveNum   int
	full      atomic.Bool // an allocation has failed; read on every leaf, so no lock
	maxNodes  int
	komi      float64
	us        board.Color // the engine's colour: the count's last-stone parity is judged against it
	putDiff   int         // stones Black has put on the board minus White's, at the root (see japaneseScore)
	base      int         // root visits when the current search began
	widening  bool        // progressive widening (Options.Widening)
	explore   float64     // the exploration term's weight (Options.Explore)
	vloss     float32     // visits a walk adds beyond its own at each node below the root until its backup (Options.VirtualLoss - 1)
	raveDist  float32     // extra AMAF weight of a move played early in a playout (Options.RaveDistance; backup)
	priors    priorSet    // the learned move model (nil: hand-set priors), its weight, the corner bonus
	// noRootPass leaves the root's pass out of the selection and the
	// choice: set for one search, before its threads start, when passing
	// is known to lose (Engine.genmove).
	noRootPass bool
}

const (
	raveEquiv = 1000 // β = r/(r+n+r·n/raveEquiv); chosen by A/B against 3000 (strength.md)
	// raveCeilingEquiv sets raveCeiling: β ≤ 0.5 from 10,000 parent
	// visits, ≤ 0.25 from 50,000 (a 1 s search on 9x9).
	raveCeilingEquiv = 10000
	evenPrior        = 10   // equivalent visits at 0.5 for every new node (half at the parent's mean: firstPlayShift)
	scoreShare       = 0.05 // of a playout's value, for the margin (playoutValue)
)

const chunkBits = 16

func newTree(size, maxNodes int) *tree {
	t := &tree{size: size, maxNodes: maxNodes}
	// Every chunk slot exists from the start, so that a search thread
	// reading a chunk never races with one appending to the list.
	t.chunks = make([][]node, maxNodes>>chunkBits+1)
	t.alloc(1, maxNodes)
	*t.at(0) = node{move: board.Pass, child: noChildren}
	return t
}

// expandAfter is how many real visits a leaf takes before it grows
// children. The priors of a new node cover every candidate move, up to 361
// on 19x19, where they were a fifth of the search with 2. Growing after 4
// there saves 14% of the CPU per playout and two thirds of the nodes, so
// a long search fills the node bound later; at equal time it tied 2
// (docs/strength.md). On 9x9 the priors are cheap, and 4 tied 2 at equal
// playouts; 13x13 is not measured and keeps 2. The walk counts its visit
// on the way down, so a leaf it has just reached holds one already: at 1
// every leaf would grow as it is reached, and each walk would grow a line
// of nodes to the end of the game. 2 is the least that works.
func expandAfter(size int) float32 {
	if size >= 19 {
		return 4
	}
	return 2
}

// at returns node i.
func (t *tree) at(i int32) *node {
	return &t.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// alloc reserves n contiguous nodes (n < 1<<chunkBits); -1 when the bound
// is reached. A block never straddles two chunks. Safe for concurrent use.
func (t *tree) alloc(n, maxNodes int) int32 {
	t.allocMu.Lock()
	defer t.allocMu.Unlock()
	if t.used+n > maxNodes {
		t.full.Store(true)
		return -1
	}
	t.used = blockStart(t.used, n)
	if t.used+n > maxNodes {
		t.full.Store(true)
		return -1
	}
	for k := t.used >> chunkBits; k <= (t.used+n-1)>>chunkBits; k++ {
		if t.chunks[k] == nil {
			t.chunks[k] = make([]node, 1<<chunkBits)
		}
	}
	i := t.used
	t.used += n
	return int32(i)
}

// blockStart is where a block of n nodes goes when used nodes are taken:
// at used, or at the next chunk, for a block never straddles two chunks.
func blockStart(used, n int) int {
	if off := used & (1<<chunkBits - 1); off+n > 1<<chunkBits {
		return used + 1<<chunkBits - off
	}
	return used
}

// usedNodes is the number of nodes allocated, for a search thread.
func (t *tree) usedNodes() int {
	t.allocMu.Lock()
	defer t.allocMu.Unlock()
	return t.used
}

// reuse keeps the subtree of the previous search that matches root, or
// starts a new tree; either way the nodes it grows from now on take the
// priors ps. moves is the game's history up to root (nil when unknown).
// The previous root's position is kept with the tree: the last one or two
// moves are replayed on it and the result must be root (same stones, side
// to move and ko); without a history, each child of the old root is tried
// for one move later.
func (e *Engine) reuse(root *board.Board, moves []board.Move, ps priorSet) *tree {
	return e.reuseTree(e.tree, root, moves, e.treeNodes(), ps)
}

// reuseTree is reuse for the tree old (nil: none), whose bound is
// maxNodes.
func (e *Engine) reuseTree(old *tree, root *board.Board, moves []board.Move, maxNodes int, ps priorSet) *tree {
	if old != nil && old.rootBoard != nil {
		idx := old.find(root, moves)
		kept := idx == 0 && !old.full.Load() && old.used < maxNodes/2
		if idx > 0 && old.at(idx).child >= 0 {
			old.keep(idx)
			kept = true
		}
		if kept {
			// The nodes this search grows take this root's priors; they
			// differ from the old root's only in the ownership prior.
			old.priors = ps
			old.setRoot(root)
			return old
		}
	}
	t := newTree(e.opt.Size, maxNodes)
	t.komi, t.widening, t.explore, t.priors = e.opt.Komi, e.opt.Widening, e.opt.Explore, ps
	t.vloss = float32(e.opt.virtualLoss() - 1)
	t.raveDist = float32(e.opt.RaveDistance)
	t.setRoot(root)
	t.expand(0, root)
	return t
}

// keep makes the subtree under node idx the whole tree, idx its root,
// moving its nodes to the front of the pool in place, so that the lines
// not played give their nodes back (strength.md, "Tree reuse, second
// fix"). A copy into a new pool would need memory beyond max_memory_mb
// while both exist. Called with no search running.
//
// Children blocks are moved in the order of their old positions and
// packed by alloc's rule (a block never straddles two chunks), so each
// lands at or before its old place: every node is read before anything
// is written over it.
func (t *tree) keep(idx int32) {
	root := *t.at(idx)
	root.move = board.Pass
	type block struct{ from, n, to int32 }
	var blocks []block
	for stack := []int32{idx}; len(stack) > 0; {
		nd := t.at(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if nd.child < 0 {
			continue
		}
		blocks = append(blocks, block{from: nd.child, n: nd.nChild})
		for k := nd.child; k < nd.child+nd.nChild; k++ {
			stack = append(stack, k)
		}
	}
	slices.SortFunc(blocks, func(a, b block) int { return cmp.Compare(a.from, b.from) })
	used := 1 // node 0, the root
	for i := range blocks {
		used = blockStart(used, int(blocks[i].n))
		blocks[i].to = int32(used)
		used += int(blocks[i].n)
	}
	moved := func(nd node) node {
		if nd.child < 0 {
			nd.child, nd.nChild = noChildren, 0 // a leaf, or one left growing
			return nd
		}
		k, _ := slices.BinarySearchFunc(blocks, nd.child, func(b block, from int32) int { return cmp.Compare(b.from, from) })
		nd.child = blocks[k].to
		return nd
	}
	*t.at(0) = moved(root)
	for _, b := range blocks {
		for k := int32(0); k < b.n; k++ {
			*t.at(b.to + k) = moved(*t.at(b.from + k))
		}
	}
	t.allocMu.Lock()
	t.used = used
	t.allocMu.Unlock()
	t.full.Store(false)
}

// setRoot records the root position.
func (t *tree) setRoot(root *board.Board) {
	t.rootBoard = root.Clone()
	t.hash, t.toMove, t.moveNum = root.PositionHash(), root.ToMove(), root.MoveNumber()
}

// find returns the node whose position is root: 0 for the old root
// itself, a child or grandchild, or -1.
func (t *tree) find(root *board.Board, moves []board.Move) int32 {
	same := func(b *board.Board) bool {
		return b.Hash() == root.Hash() && b.Passes() == root.Passes()
	}
	if same(t.rootBoard) {
		return 0
	}
	k := root.MoveNumber() - t.moveNum
	if k < 1 || k > 2 {
		return -1
	}
	if len(moves) >= k {
		b := t.rootBoard.Clone()
		idx := int32(0)
		for _, m := range moves[len(moves)-k:] {
			if m.Color != b.ToMove() || b.Check(m) != nil {
				return -1
			}
			idx = t.child(idx, m.Point)
			if idx < 0 {
				return -1
			}
			b.PlayLegal(m.Color, m.Point)
		}
		if same(b) {
			return idx
		}
		return -1
	}
	if k != 1 {
		return -1
	}
	r := t.at(0)
	b := new(board.Board)
	for i := r.child; i < r.child+r.nChild; i++ {
		m := t.at(i).move
		b.CopyFrom(t.rootBoard)
		if b.Check(board.Move{Color: b.ToMove(), Point: m}) != nil {
			continue
		}
		b.PlayLegal(b.ToMove(), m)
		if same(b) {
			return i
		}
	}
	return -1
}

// child returns the child of node idx that plays p, or -1.
func (t *tree) child(idx int32, p board.Point) int32 {
	nd := t.at(idx)
	if nd.child < 0 {
		return -1
	}
	for k := nd.child; k < nd.child+nd.nChild; k++ {
		if t.at(k).move == p {
			return k
		}
	}
	return -1
}

// descend walks by UCT-RAVE from the last node of path (from the root when
// path is empty), playing the moves on b. Threads share the tree without a
// lock (atomic.go). Virtual loss: visits are counted on the way down, wins
// on the way back; with Options.VirtualLoss N a walk counts N visits at
// each node below the root and backup takes N-1 back. At a leaf that has earned children it claims the leaf
// (child = growing) and returns it as grow, b being the leaf's position:
// the caller computes the children with their priors, installs them and
// calls descend again with the same path. A leaf another thread is growing
// is played out from. grow is -1 when the walk is over.
func (t *tree) descend(b *board.Board, path []int32, moves []board.Point) ([]int32, []board.Point, int32) {
	if len(path) == 0 {
		path = append(path, 0)
		addF(&t.at(0).visits, 1)
	}
	idx := path[len(path)-1]
	for {
		nd := t.at(idx)
		first := atomic.LoadInt32(&nd.child)
		if first < 0 {
			// This walk's own extra virtual loss is no visit of the leaf's.
			if first == noChildren && !t.full.Load() && (searched(nd)-t.vloss >= expandAfter(t.size) || idx == 0) &&
				atomic.CompareAndSwapInt32(&nd.child, noChildren, growing) {
				return path, moves, idx
			}
			return path, moves, -1
		}
		n, own := nd.nChild, searched(nd)
		if t.widening {
			n = width(own, n)
		}
		best, bestV := int32(-1), -1.0
		ceil := t.raveCeiling(own)
		shift := firstPlayShift(nd)
		explore := t.exploreWeight(own)
		for k := first; k < first+n; k++ {
			ch := t.at(k)
			if idx == 0 && t.noRootPass && ch.move == board.Pass {
				continue
			}
			v := value(ch, ceil, shift)
			if explore > 0 {
				v += explore / math.Sqrt(float64(loadF(&ch.visits)))
			}
			if v > bestV {
				best, bestV = k, v
			}
		}
		if best < 0 {
			return path, moves, -1 // a root with nothing but the pass left out
		}
		ch := t.at(best)
		c := b.ToMove()
		if ch.move != board.Pass {
			if !b.Legal(c, ch.move) || b.At(ch.move) != board.Empty {
				return path, moves, -1 // stale ko point: play out from here
			}
		}
		b.PlayLegal(c, ch.move)
		moves = append(moves, ch.move)
		addF(&ch.visits, 1+t.vloss)
		path = append(path, best)
		idx = best
		if b.Passes() >= 2 {
			return path, moves, -1
		}
	}
}

// Progressive widening: a node with v real visits lets the selection
// choose among its first width(v) children in prior order: widenBase at
// first, one more each time v passes widenStart·widenGrowth^k (Coulom's
// and Ray's form; the constants are a starting point, see strength.md).
const (
	widenBase   = 8
	widenStart  = 20
	widenGrowth = 1.3
)

// width is how many of n children (sorted by prior) a node with v real
// visits considers.
func width(v float32, n int32) int32 {
	w := int32(widenBase)
	for th := float32(widenStart); v >= th && w < n; th *= widenGrowth {
		w++
	}
	return min(w, n)
}

// value is the UCT-RAVE selection value, without the exploration term of
// exploreWeight. RAVE's weight β is at most ceil, the parent's
// raveCeiling; shift is the parent's firstPlayShift, added to the wins of
// every move but a pass.
func value(n *node, ceil, shift float64) float64 {
	visits, wins, raveN := loadF(&n.visits), loadF(&n.wins), loadF(&n.raveN)
	if n.move == board.Pass {
		shift = 0
	}
	mean := (float64(wins) + shift) / float64(visits)
	if raveN == 0 {
		return mean
	}
	r, v := float64(raveN), float64(visits)
	beta := min(ceil, r/(r+v+r*v/raveEquiv))
	return beta*float64(loadF(&n.raveW))/r + (1-beta)*mean
}

// exploreWeight is c·√(ln N) for a node with N real visits, c the
// tree's exploration weight: the parent's part of the exploration term
// c·√(ln N / n) that the selection adds to a child with n visits (its
// prior's included). The priors and RAVE do the exploring by default, as
// in Pachi's ucb1amaf. One search thread, without the virtual losses of a
// second, then keeps to its first good line at large counts: at 56,000
// root visits against Pachi it won 1 of 15, with c = 0.1 8 of 16, level
// with two threads without the term (21 of 35). With two threads the term
// won 5 of 15, so it is an A/B arm (kisen match --explore), off by default
// (docs/strength.md, "One search thread at the scale").
func (t *tree) exploreWeight(n float32) float64 {
	if t.explore == 0 {
		return 0
	}
	return t.explore * math.Sqrt(math.Log(float64(n)+1))
}

// firstPlayShare is the part of the even prior that stands for the
// parent's own mean instead of 0.5 (firstPlayShift). Against Pachi, half
// and three quarters win alike and well ahead of none; all of it loses
// ground, whether the parent's mean counts its prior or not (figures in
// docs/strength.md, "How much of the even prior stands for the parent's
// mean").
const firstPlayShare = 0.5

// firstPlayShift is what the children of nd add to their wins in the
// selection, so that firstPlayShare of their even prior is worth the
// parent's mean for the side to move there rather than 0.5. A move with
// few visits of its own is judged mostly by its prior, and under the RAVE
// ceiling of a long search the prior's part of a child's value stays
// large: at 0.5, every untried move looks better than the tried ones in a
// lost position, so the search spreads wide there, and worse in a won
// one, so it narrows. It gains most at 20,000 playouts a side and little
// at the issue's 1 s a move (docs/strength.md, "The even prior at the
// parent's mean"). Larger boards are not measured; there the RAVE
// ceiling does not act, and the prior weighs less once a move has RAVE
// playouts. The pass keeps its own prior: its low value while the game
// goes on is a choice, not an estimate.
func firstPlayShift(nd *node) float64 {
	parent := float64(loadF(&nd.wins)) / float64(max(loadF(&nd.visits), 1))
	return evenPrior * firstPlayShare * (0.5 - parent)
}

// raveCeiling is the most weight RAVE may have in the value of a child of
// a node with n real visits: √(k/(3n+k)), k = raveCeilingEquiv (Gelly and
// Silver's schedule for β, used here only as a ceiling). Without it, a
// move whose RAVE mean is low over thousands of playouts is never tried in
// a deep search, whatever its prior says: β stays above 0.98 until the
// move has real visits, and nothing else sends it one. Pachi's cut at E4 in
// run 5, game 1 went unseen through 50,000 playouts that way
// (docs/strength.md, the second opinion on run 5).
//
// It acts on 9x9 only, where it won. On 19x19 a ceiling scaled to a
// short search's count lost 14 games of 14, so RAVE keeps its full weight
// there (docs/strength.md, the A/B table, fifty-sixth session).
func (t *tree) raveCeiling(n float32) float64 {
	if t.size > 9 {
		return 1
	}
	return math.Sqrt(raveCeilingEquiv / (3*float64(n) + raveCeilingEquiv))
}

// amafFirst is what backup's scratch holds for a point: the colour that
// played it first after the current node, and the index in moves where it
// did.
type amafFirst struct {
	color board.Color
	at    int32
}

// backup adds the result along path and updates AMAF statistics. moves are
// the points played after the root (tree moves then playout moves);
// blackValue is the playout's value for Black (playoutValue); first is the
// thread's scratch, indexed by point, all Empty (it is left so).
//
// With t.raveDist K > 0 a child's move first played at index i counts
// 1 + K·(L−i)/(L−d+1) times in its RAVE statistics, for a playout of L
// moves and a child at depth d (Pachi's distance_rave): a 19x19 playout
// runs for hundreds of moves, and a point first taken late in it, when
// the fights are settled, says little about playing it now.
func (t *tree) backup(path []int32, moves []board.Point, blackValue float32, first []amafFirst) {
	defer func() {
		for _, p := range moves {
			first[p].color = board.Empty
		}
	}()
	rootColor := t.toMove
	colorAt := func(i int) board.Color { // colour of moves[i]
		if i%2 == 0 {
			return rootColor
		}
		return rootColor.Opponent()
	}
	depth := len(path) - 1 // tree moves are moves[0:depth]
	for i := len(moves) - 1; i >= depth; i-- {
		if moves[i] != board.Pass {
			first[moves[i]] = amafFirst{colorAt(i), int32(i)}
		}
	}
	length := float32(len(moves))
	for d := depth; d >= 0; d-- {
		nd := t.at(path[d])
		// The mover of node at depth d is colorAt(d-1).
		mover := rootColor.Opponent()
		if d > 0 {
			mover = colorAt(d - 1)
		}
		if v := valueFor(mover, blackValue); v != 0 {
			addF(&nd.wins, v)
		}
		if d > 0 && t.vloss > 0 {
			addF(&nd.visits, -t.vloss)
		}
		if c0 := atomic.LoadInt32(&nd.child); c0 >= 0 {
			toMove := colorAt(d)
			win := valueFor(toMove, blackValue)
			span := t.raveDist / (length - float32(d) + 1)
			for k := c0; k < c0+nd.nChild; k++ {
				ch := t.at(k)
				if ch.move == board.Pass || first[ch.move].color != toMove {
					continue
				}
				w := float32(1)
				if span > 0 {
					w += span * (length - float32(first[ch.move].at))
				}
				addF(&ch.raveN, w)
				if win != 0 {
					addF(&ch.raveW, w*win)
				}
			}
		}
		if d > 0 && moves[d-1] != board.Pass {
			first[moves[d-1]] = amafFirst{colorAt(d - 1), int32(d - 1)}
		}
	}
}

// valueFor is a playout's value for c, given its value for Black.
func valueFor(c board.Color, blackValue float32) float32 {
	if c == board.Black {
		return blackValue
	}
	return 1 - blackValue
}

func (t *tree) rootVisits() int {
	return int(loadF(&t.at(0).visits))
}

// topTwo returns the visit counts of the two most visited root children,
// while the search runs; visits are the search's own, as decide counts
// them.
func (t *tree) topTwo() (float32, float32) {
	r := t.at(0)
	var a, b float32
	c0 := atomic.LoadInt32(&r.child)
	if c0 < 0 {
		return 0, 0
	}
	for k := c0; k < c0+r.nChild; k++ {
		v := searched(t.at(k))
		if v > a {
			a, b = v, a
		} else if v > b {
			b = v
		}
	}
	return a, b
}

// decide picks the most visited root child and the principal variation.
// Visits are the search's own, the prior's left out, as topMoves lists
// them: a prior that tips the count would make the chosen move differ
// from the first one listed.
func (t *tree) decide(root *board.Board) Decision {
	r := t.at(0)
	d := Decision{Move: board.Pass, WinRate: 0.5, Playouts: int(r.visits)}
	idx := int32(0)
	for depth := 0; depth < 10; depth++ {
		nd := t.at(idx)
		if nd.child < 0 || nd.nChild == 0 {
			break
		}
		best := int32(-1)
		for k := nd.child; k < nd.child+nd.nChild; k++ {
			if depth == 0 && t.noRootPass && t.at(k).move == board.Pass {
				continue
			}
			if best < 0 || searched(t.at(k)) > searched(t.at(best)) {
				best = k
			}
		}
		if best < 0 || searched(t.at(best)) < 2 && depth > 0 {
			break
		}
		d.PV = append(d.PV, t.at(best).move)
		if depth == 0 {
			d.Move = t.at(best).move
			ch := t.at(best)
			d.WinRate = float64(ch.wins) / math.Max(float64(ch.visits), 1)
		}
		idx = best
	}
	return d
}

// searched is n's visits without the prior's equivalent ones; safe while
// search threads run (the prior is set before a node is published).
func searched(n *node) float32 { return loadF(&n.visits) - n.prior }

// bestNonPass is the most visited root child that is not a pass.
func (t *tree) bestNonPass() board.Point {
	r := t.at(0)
	best := int32(-1)
	for k := r.child; k < r.child+r.nChild; k++ {
		if t.at(k).move == board.Pass {
			continue
		}
		if best < 0 || searched(t.at(k)) > searched(t.at(best)) {
			best = k
		}
	}
	if best < 0 {
		return board.Pass
	}
	return t.at(best).move
}

// passRate is the mean result of the root's pass child, if it was searched.
func (t *tree) passRate() (float64, bool) {
	r := t.at(0)
	for k := r.child; k < r.child+r.nChild; k++ {
		ch := t.at(k)
		if ch.move == board.Pass {
			if searched(ch) < 20 {
				return 0, false
			}
			return float64(ch.wins) / float64(ch.visits), true
		}
	}
	return 0, false
}
