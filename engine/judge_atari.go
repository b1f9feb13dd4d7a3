package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// A chain left in atari at the end of a game dies unless its owner,
// moving first, can give it a second liberty: the attacker takes it at
// its last liberty whenever it likes. The judging playouts miss this when
// the owner's only way out is a ko capture (game 9068 of the sixty-first
// session, docs/judgement.md): with the owner to move first the capture
// is taken, the retake is banned for one move, and the policy never fills
// its own chain's last liberty, so the playouts end with the chain alive
// in half their runs. Under the Japanese confirmation of life and death a
// ko may be retaken only after a pass, so the owner gets one free move
// after the capture; if that move cannot give the chain two liberties,
// the attacker retakes and then captures.

// atariMinStones is the smallest chain the owner-first rule judges. A
// lone stone in atari is often a ko left open or a throw-in: an open ko
// whose capture the attacker can then fill is read by atariOpenKo, and
// the rest is left to judge_weak.go and the playouts.
const atariMinStones = 2

// judgeReadAtari marks Dead every chain of at least atariMinStones stones
// with one liberty that its owner, moving first, cannot save
// (atariEscapes), and every lone stone in an open ko (atariOpenKo) whose
// attackers are alive and safe. When an opponent chain next to such a
// chain is dead, the capture settles nothing (the owner plays again
// inside, as the 1989 rules' "a new stone the opponent could not capture"
// allows), so the chain is left to the playouts. An opponent chain the
// playouts left unknown that touches no other chain of the owner is alive
// once the chain is gone: its fight was that chain's.
func judgeReadAtari(b *board.Board, chainStatus map[board.Point]Status) {
	for _, h := range judgeHeads(b) {
		if chainStatus[h] == Dead || b.Liberties(h) != 1 {
			continue
		}
		if b.ChainSize(h) < atariMinStones {
			if atariOpenKo(b, h) && judgeAttackersSafe(b, h, board.Pass, chainStatus) {
				chainStatus[h] = Dead
			}
			continue
		}
		attackers := atariNeighbours(b, h)
		if slices.ContainsFunc(attackers, func(o board.Point) bool { return chainStatus[o] == Dead }) {
			continue
		}
		if atariEscapes(b, h) {
			continue
		}
		chainStatus[h] = Dead
		for _, o := range attackers {
			if chainStatus[o] == Unknown && !slices.ContainsFunc(atariNeighbours(b, o), func(q board.Point) bool { return chainStatus[q] != Dead }) {
				chainStatus[o] = Alive
			}
		}
	}
}

// atariOpenKo reports whether the lone stone at h, in atari, sits in a
// ko left open at the end of the game: the opponent's capture at its
// liberty is a ko, and after it (the owner may not retake before a pass,
// the confirmation's ko rule) the opponent fills the captured point and
// its stones have two liberties or more. The attacker moves first in the
// confirmation, so the stone is dead, as GNU Go counts it (game 7956 of
// the seventy-ninth session, docs/judgement.md): its owner could have
// mended the ko before passing. A stone whose capture is no ko is left to
// the playouts and judge_weak.go, as before.
func atariOpenKo(b *board.Board, h board.Point) bool {
	opp := b.At(h).Opponent()
	l := b.AtariLiberty(h)
	if l == board.Pass || !b.Legal(opp, l) {
		return false
	}
	pb := b.Clone()
	pb.PlayLegal(opp, l)
	if pb.At(h) != board.Empty || pb.Ko() != h || !pb.Legal(opp, h) {
		return false
	}
	pb.PlayLegal(opp, h)
	return pb.Liberties(l) >= 2
}

// atariEscapes reports whether the owner of the chain at h, which has one
// liberty, saves it by moving first: a move on the liberty or a capture
// next to it that leaves the chain two liberties or more. A capture that
// is a ko counts only if one more owner move (the attacker must pass
// before retaking) then gives the chain two liberties; a second ko is
// counted as an escape, since the reading stops there.
func atariEscapes(b *board.Board, h board.Point) bool {
	return atariSaved(b, h, 2)
}

// atariSaved reports whether the owner, playing up to moves moves in a
// row (each but the last a ko capture, which the attacker may not answer
// by retaking), leaves the chain at h two liberties.
func atariSaved(b *board.Board, h board.Point, moves int) bool {
	own := b.At(h)
	pb := b.Clone()
	for _, m := range atariSavingMoves(b, h) {
		pb.CopyFrom(b)
		if !pb.Legal(own, m) {
			continue
		}
		pb.PlayLegal(own, m)
		if pb.Liberties(h) < 2 {
			continue
		}
		if pb.Ko() == board.Pass || moves == 1 || atariSaved(pb, h, moves-1) {
			return true
		}
	}
	return false
}

// atariSavingMoves lists the moves that can add liberties to the chain at
// h: its own liberties and the last liberty of every opponent chain in
// atari next to it.
func atariSavingMoves(b *board.Board, h board.Point) []board.Point {
	moves := judgeChainLibs(b, h)
	for _, o := range atariNeighbours(b, h) {
		if l := b.AtariLiberty(o); l != board.Pass && !slices.Contains(moves, l) {
			moves = append(moves, l)
		}
	}
	return moves
}

// atariNeighbours lists the heads of the opponent chains next to the
// chain at h.
func atariNeighbours(b *board.Board, h board.Point) []board.Point {
	opp := b.At(h).Opponent()
	var heads []board.Point
	for _, q := range b.Chain(h) {
		for _, n := range b.Neighbours(q) {
			if b.At(n) == opp && !slices.Contains(heads, b.ChainHead(n)) {
				heads = append(heads, b.ChainHead(n))
			}
		}
	}
	return heads
}
