package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// The playouts misjudge a few shapes whose status the rules or a short
// local reading settle: the bent four in the corner, dead by rule under
// Japanese rules, whose ko the playouts never play out, and a bent three
// with its vital point open. judgeReadLocal reads these after the
// playouts and overrides their verdict only where the reading is
// certain. Two chains sharing their last liberties (a seki, or a
// sacrifice that leaves the capturer a dead shape) are the race
// reader's (judge_race.go).

// Bounds of the local reading.
const (
	// localRegionMax bounds the enclosed region a chain's liberties lie
	// in (its empty points and the opponent's stones inside it): the
	// reading is exhaustive over it, and it is certain only because the
	// region is closed.
	localRegionMax = 8
	// localPlyMax and localNodeMax bound one reading; a reading that
	// hits either bound decides nothing.
	localPlyMax  = 24
	localNodeMax = 5000
	// localOuterLibs is the fewest liberties each enclosing opponent
	// chain needs for the reading to hold: with fewer, a fight outside
	// the region could free the enclosed chain.
	localOuterLibs = 3
)

// judgeReadLocal corrects chainStatus (by chain head) where local reading
// knows better than the playouts. A chain without two true eyes whose
// liberties all lie in small regions it encloses is dead, and the
// opponent's stones inside alive, when the opponent captures it by moves
// inside those regions:
//   - with the chain's side moving first and no ko threat anywhere (the
//     bent four in the corner, dead by rule);
//   - or, when the regions are empty and touch no other chain of the same
//     colour, with the opponent moving first and no ko on the way (a bent
//     three with its vital point open). Nobody may ask to resume a
//     stopped game (the tournament rules, 6(2)), and the Japanese
//     confirmation of life and death lets the attacker move first.
//
// A kill that needs a ko with the attacker first is left to the playouts:
// the rules settle it by their ko-pass rule, but GNU Go and most programs
// count such a corner alive, and a referee reads it better than this
// reader. With the opponent's stones inside, the attacker-first reading
// is no test of life: two chains sharing their last liberty would each be
// killed by the side that moves first. And a region that also touches
// another chain of the chain's colour is a connection left open (a cut at
// the last dame), which the operators are told about as an unsettled
// point rather than the group being counted dead.
//
// Every opponent chain enclosing the chain must be alive with at least
// localOuterLibs liberties or two true eyes.
func judgeReadLocal(b *board.Board, chainStatus map[board.Point]Status) (open []board.Point) {
	for _, h := range judgeHeads(b) {
		if chainStatus[h] == Dead {
			continue
		}
		libs := judgeChainLibs(b, h)
		if judgeTrueEyes(b, h, libs) >= 2 {
			continue
		}
		region, ok := judgeEnclosed(b, h, libs)
		if !ok || !judgeOuterSafe(b, h, region, chainStatus) {
			continue
		}
		dead, cut := judgeLocalKill(b, region, h)
		if cut {
			open = append(open, region...)
		}
		if dead {
			chainStatus[h] = Dead
			// The opponent's stones inside the region outlive it.
			for _, p := range region {
				if b.At(p) != board.Empty {
					chainStatus[b.ChainHead(p)] = Alive
				}
			}
		}
	}
	return open
}

// judgeLocalKill reads whether the chain at h dies inside region: with
// its own side first (kos allowed), or, when region is an empty eye space
// of this chain alone, with the attacker first and no ko anywhere on the
// way (see judgeReadLocal). cut reports an empty region that also
// touches another chain of the same colour, where the attacker moving
// first captures: a connection left open, which the operators should
// look at.
func judgeLocalKill(b *board.Board, region []board.Point, h board.Point) (dead, cut bool) {
	pb := b.Clone()
	pb.SetToMove(b.At(h))
	if win, ok := newLocalReader(b, region, h).attackerWins(pb, 0, 0); ok && win {
		return true, false
	}
	own := b.At(h)
	for _, p := range region {
		if b.At(p) != board.Empty {
			return false, false
		}
		for _, n := range b.Neighbours(p) {
			if b.At(n) == own && b.ChainHead(n) != h {
				cut = true
			}
		}
	}
	r := newLocalReader(b, region, h)
	r.noKo = true
	pb.CopyFrom(b)
	pb.SetToMove(b.At(h).Opponent())
	win, ok := r.attackerWins(pb, 0, 0)
	if !ok || !win {
		return false, false
	}
	return !cut, cut
}

// judgeHeads lists the chain heads of b in board order.
func judgeHeads(b *board.Board) []board.Point {
	var hs []board.Point
	seen := map[board.Point]bool{}
	for _, p := range board.AllPoints(b.Size()) {
		if b.At(p) == board.Empty {
			continue
		}
		if h := b.ChainHead(p); !seen[h] {
			seen[h] = true
			hs = append(hs, h)
		}
	}
	return hs
}

// judgeChainLibs lists the liberties of the chain at h, sorted.
func judgeChainLibs(b *board.Board, h board.Point) []board.Point {
	var ls []board.Point
	for _, q := range b.Chain(h) {
		for _, l := range b.Neighbours(q) {
			if b.At(l) == board.Empty && !slices.Contains(ls, l) {
				ls = append(ls, l)
			}
		}
	}
	slices.Sort(ls)
	return ls
}

// judgeOuterSafe reports whether every opponent chain next to the chain
// at h, other than those inside its region (judgeEnclosed takes in every
// opponent chain that touches it, whole), is alive by the playouts and
// safe (judgeOuterChainSafe), and whether the chain at h itself has no
// liberty outside inside.
func judgeOuterSafe(b *board.Board, h board.Point, inside []board.Point, chainStatus map[board.Point]Status) bool {
	opp := b.At(h).Opponent()
	for _, q := range b.Chain(h) {
		for _, n := range b.Neighbours(q) {
			switch b.At(n) {
			case board.Empty:
				if !slices.Contains(inside, n) {
					return false
				}
			case opp:
				if slices.Contains(inside, n) {
					continue
				}
				if chainStatus[b.ChainHead(n)] != Alive || !judgeOuterChainSafe(b, n) {
					return false
				}
			}
		}
	}
	return true
}

// judgeOuterChainSafe reports whether the enclosing chain at p cannot be
// captured in a fight outside the region: it has localOuterLibs
// liberties, or two of its liberties are true eyes (a wall whose only
// liberties are its two eyes is as safe as any, and common at the end of
// a game on 9x9).
func judgeOuterChainSafe(b *board.Board, p board.Point) bool {
	if b.Liberties(p) >= localOuterLibs {
		return true
	}
	h := b.ChainHead(p)
	return judgeTrueEyes(b, h, judgeChainLibs(b, h)) >= 2
}

// judgeEnclosed is the union of the regions the chain at h encloses
// through its liberties ls: from each liberty, every point reached
// through empty points and opponent stones. ok is false when that
// reaches more than localRegionMax points (the chain is not enclosed
// around a small space).
func judgeEnclosed(b *board.Board, h board.Point, ls []board.Point) ([]board.Point, bool) {
	own := b.At(h)
	region := slices.Clone(ls)
	for i := 0; i < len(region); i++ {
		if len(region) > localRegionMax {
			return nil, false
		}
		for _, n := range b.Neighbours(region[i]) {
			if b.At(n) != own && !slices.Contains(region, n) {
				region = append(region, n)
			}
		}
	}
	return region, len(region) <= localRegionMax
}

// localReader reads whether the attacker captures the target chain by
// moves inside region, passes allowed, simple ko, no moves elsewhere
// (so neither side has a ko threat). Two passes in a row end the reading
// with the target alive.
type localReader struct {
	region []board.Point
	target board.Point
	def    board.Color
	noKo   bool            // a move that makes a ko ends its line with the target alive
	chase  bool            // the defender may also play on the liberties of short attacking chains in region
	guard  board.Point     // a chain of the attacker whose capture saves the target (a race's other chain); Pass = none
	memo   map[uint64]bool // by position hash and passes: attacker wins
	busy   map[uint64]bool // positions on the current line (a cycle is no win)
	nodes  int
	plies  []*board.Board // one board per ply, reused
}

// newLocalReader reads the chain at target of b inside region.
func newLocalReader(b *board.Board, region []board.Point, target board.Point) *localReader {
	return &localReader{region: region, target: target, def: b.At(target), memo: map[uint64]bool{}, busy: map[uint64]bool{}}
}

// chaseMoves adds to moves the liberties outside region of every chain
// of the attacker with a stone in region and at most two liberties: a
// stone the attacker pushes into the defender's area must not live only
// because the reading may not take it.
func (r *localReader) chaseMoves(pb *board.Board, moves []board.Point) []board.Point {
	for _, p := range r.region {
		if pb.At(p) != r.def.Opponent() || pb.Liberties(p) > 2 {
			continue
		}
		for _, l := range judgeChainLibs(pb, pb.ChainHead(p)) {
			if !slices.Contains(moves, l) {
				moves = append(moves, l)
			}
		}
	}
	return moves
}

// judgeTrueEyes counts the liberties of the chain at h that are true eyes
// of its colour.
func judgeTrueEyes(b *board.Board, h board.Point, libs []board.Point) int {
	n := 0
	for _, l := range libs {
		if b.IsEye(b.At(h), l) {
			n++
		}
	}
	return n
}

// attackerWins reads the position pb (the side to move is pb.ToMove())
// after passes consecutive passes. ok is false when the reading ran out
// of its node budget, and then win means nothing.
func (r *localReader) attackerWins(pb *board.Board, ply, passes int) (win, ok bool) {
	if pb.At(r.target) != r.def {
		return true, true
	}
	if r.guard != board.Pass && pb.At(r.guard) != r.def.Opponent() {
		return false, true
	}
	if passes >= 2 || ply >= localPlyMax {
		return false, true
	}
	r.nodes++
	if r.nodes > localNodeMax {
		return false, false
	}
	key := pb.Hash() ^ uint64(passes)*0x9e3779b97f4a7c15
	if v, seen := r.memo[key]; seen {
		return v, true
	}
	if r.busy[key] {
		return false, true
	}
	r.busy[key] = true
	defer delete(r.busy, key)
	c := pb.ToMove()
	attacker := c != r.def
	result := !attacker // no move found: the defender's node is a win
	moves := append(slices.Clone(r.region), board.Pass)
	if r.chase && !attacker {
		moves = r.chaseMoves(pb, moves)
	}
	for _, p := range moves {
		if p != board.Pass && (pb.At(p) != board.Empty || !pb.Legal(c, p)) {
			continue
		}
		for len(r.plies) <= ply {
			r.plies = append(r.plies, pb.Clone())
		}
		nb := r.plies[ply]
		nb.CopyFrom(pb)
		nb.PlayLegal(c, p)
		np := 0
		if p == board.Pass {
			np = passes + 1
		}
		var w, ok bool
		if r.noKo && nb.Ko() != board.Pass && nb.At(r.target) == r.def {
			w, ok = false, true // a kill through a ko is no kill here
		} else {
			w, ok = r.attackerWins(nb, ply+1, np)
		}
		if !ok {
			return false, false
		}
		if attacker && w {
			result = true
			break
		}
		if !attacker && !w {
			result = false
			break
		}
	}
	r.memo[key] = result
	return result, true
}
