package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// A small chain the playouts call alive may still be lost to one move:
// a lone stone on the edge under an enemy wall, with an attack that
// leaves it in atari and a recapture that is a ko (Pachi run 7, game 16,
// docs/judgement.md). Random replies defend it often enough that its
// mean ownership stays with its owner, yet the Japanese confirmation of
// life and death lets the attacker move first, with no ko threats. The
// count cannot follow such a capture (the owner's area would open onto
// the capturer's wall), so the judge does not count the chain dead: it
// reports it as a fight (Unknown, counted by the playouts' majority, its
// liberties unsettled) for the operators to look at, and an engine about
// to pass plays there first.

// Bounds of the weak-chain reading.
const (
	weakStones = 3 // chains of at most this many stones
	weakLibs   = 2 // with at most this many liberties
	weakReach  = 2 // the reading's moves lie within this distance of the chain
)

// judgeReadWeak marks Unknown every chain the playouts left Alive that
// the opponent, moving first, captures by moves within weakReach of it
// with no ko on the way, when every opponent chain next to it is alive
// and safe (judgeWallSafe): a capture the owner could undo by taking an
// attacking stone elsewhere is no capture. The owner may also answer on
// the liberties of short attacking chains outside that reach
// (localReader.chase).
func judgeReadWeak(b *board.Board, chainStatus map[board.Point]Status) {
	for _, h := range judgeHeads(b) {
		if chainStatus[h] != Alive || b.ChainSize(h) > weakStones || b.Liberties(h) > weakLibs {
			continue
		}
		if !judgeAttackersSafe(b, h, board.Pass, chainStatus) {
			continue
		}
		// Dead stones still on the board would attack or be attacked in
		// the reading as if alive: such places are left to the playouts.
		near := judgeNear(b, h, weakReach)
		if slices.ContainsFunc(near, func(p board.Point) bool {
			return b.At(p) != board.Empty && chainStatus[b.ChainHead(p)] == Dead
		}) {
			continue
		}
		var region []board.Point
		for _, p := range near {
			if b.At(p) == board.Empty {
				region = append(region, p)
			}
		}
		r := newLocalReader(b, region, h)
		r.noKo, r.chase = true, true
		pb := b.Clone()
		pb.SetToMove(b.At(h).Opponent())
		if win, ok := r.attackerWins(pb, 0, 0); ok && win {
			chainStatus[h] = Unknown
		}
	}
}

// judgeAttackersSafe reports whether every opponent chain next to the
// chain at h, but the chain at except (a race's partner; Pass: none), is
// alive by the playouts and safe.
func judgeAttackersSafe(b *board.Board, h, except board.Point, chainStatus map[board.Point]Status) bool {
	opp := b.At(h).Opponent()
	for _, q := range b.Chain(h) {
		for _, n := range b.Neighbours(q) {
			if b.At(n) != opp || (except != board.Pass && b.ChainHead(n) == except) {
				continue
			}
			if chainStatus[b.ChainHead(n)] != Alive || !judgeWallSafe(b, n, chainStatus) {
				return false
			}
		}
	}
	return true
}

// judgeWallSafe reports whether the chain at p is safe
// (judgeOuterChainSafe) once the dead stones next to it are taken off:
// at the end of a game a wall's liberties are often dead stones.
func judgeWallSafe(b *board.Board, p board.Point, chainStatus map[board.Point]Status) bool {
	if judgeOuterChainSafe(b, p) {
		return true
	}
	var libs []board.Point
	for _, q := range b.Chain(p) {
		for _, n := range b.Neighbours(q) {
			if b.At(n) == board.Empty || chainStatus[b.ChainHead(n)] == Dead {
				if !slices.Contains(libs, n) {
					libs = append(libs, n)
				}
			}
		}
	}
	return len(libs) >= localOuterLibs
}

// judgeNear lists the points within d steps of the chain at h (not the
// chain itself), stepping through empty points and stones alike.
func judgeNear(b *board.Board, h board.Point, d int) []board.Point {
	front := b.Chain(h)
	seen := slices.Clone(front)
	var near []board.Point
	for range d {
		var next []board.Point
		for _, p := range front {
			for _, n := range b.Neighbours(p) {
				if slices.Contains(seen, n) {
					continue
				}
				seen = append(seen, n)
				next = append(next, n)
			}
		}
		near = append(near, next...)
		front = next
	}
	return near
}
