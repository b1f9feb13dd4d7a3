package engine

import (
	"github.com/kisen-go/kisen/board"
)

// Per-thread trees (Options.TreePerThread) are the other way to search on
// several cores: each thread grows its own tree from the same root, with
// no shared writes at all, and the roots' children are summed when the
// search ends (root parallelisation). Thread 0 searches e.tree, thread i
// e.more[i-1]; the node bound is split between them. The sum is written
// into e.tree's root, so the decision, the pass rules and pondering read
// one tree as in the shared mode.

// treeNodes is the node bound of one tree.
func (e *Engine) treeNodes() int {
	if e.opt.TreePerThread {
		return max(e.opt.MaxNodes/e.threads, 1000)
	}
	return e.opt.MaxNodes
}

// searchTrees readies the trees for a search of root (moves the
// game so far) counted for us, and returns one per thread. The ownership
// playouts (Options.OwnerPlayouts) run first, so that a new root's
// children get the ownership prior too. Called with e.mu held.
func (e *Engine) searchTrees(root *board.Board, moves []board.Move, us board.Color) []*tree {
	ps := e.opt.priorSet(e.model)
	ps.owner = e.rootOwnership(root)
	e.tree = e.reuse(root, moves, ps)
	ts := []*tree{e.tree}
	if e.opt.TreePerThread {
		for len(e.more) < e.threads-1 {
			e.more = append(e.more, nil)
		}
		for i := range e.more {
			e.more[i] = e.reuseTree(e.more[i], root, moves, e.treeNodes(), ps)
			ts = append(ts, e.more[i])
		}
	}
	for _, t := range ts {
		t.noRootPass = false
		t.base = t.rootVisits()
		t.setCount(root, e.opt.Komi, us)
	}
	return ts
}

// mergeRoots adds the playouts the other trees' root children got in this
// search (their visits and wins less the priors, which every tree shares)
// to t's root children, and returns the playouts of all trees together.
// No search thread may run.
func mergeRoots(t *tree, others []*tree, root *board.Board) int {
	played := t.rootVisits() - t.base
	if len(others) == 0 {
		return played
	}
	type prior struct{ n, w float32 }
	pri := make(map[board.Point]prior)
	for _, k := range priors(root, nil, nil, t.priors) {
		pri[k.move] = prior{k.visits, k.wins}
	}
	for _, o := range others {
		played += o.rootVisits() - o.base
		or := o.at(0)
		for k := or.child; or.child >= 0 && k < or.child+or.nChild; k++ {
			ch := o.at(k)
			dst := t.child(0, ch.move)
			p, known := pri[ch.move]
			if dst < 0 || !known || ch.visits <= p.n {
				continue
			}
			t.at(dst).visits += ch.visits - p.n
			t.at(dst).wins += ch.wins - p.w
		}
	}
	return played
}
