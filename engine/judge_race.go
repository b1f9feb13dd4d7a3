package engine

import (
	"slices"

	"github.com/kisen-go/kisen/board"
)

// Two chains of opposite colours can end a game locked together, each
// with its last liberties in one small closed space they alone touch: a
// capturing race, a seki, or a shape that looks like a seki and dies to
// a sacrifice (the make demo of 938193d, engine/testdata/open). The
// playouts sample such a race and call one side dead by whichever fill
// they happened to play first; GNU Go often calls the other. Only a
// reading of both sides moving first tells a seki from a race lost
// either way or one the next move decides, and judgeReadRaces does that
// reading.

// raceRegionMax bounds the empty space a race is read in: the points
// reached from both chains' liberties through empty points.
const raceRegionMax = 6

// raceVerdict is what the reading of one pair of chains finds.
type raceVerdict int

const (
	raceOpen   raceVerdict = iota // the side that moves first wins or makes a seki
	raceSeki                      // neither side captures, whoever moves first
	raceFirst                     // the first chain dies even moving first
	raceSecond                    // the second chain dies even moving first
)

// judgeReadRaces reads each pair of chains, one of each colour, that
// touch or share a liberty and whose liberties all lie in one closed
// empty space of at most raceRegionMax points touched by no other chain.
// Each side is read moving first and second, with moves inside the space
// or passes, kos allowed (the confirmation's ko rule: a retake waits a
// move) and a repeated position counted as no capture.
//
// The verdict stands when every other chain next to the pair is alive
// by the playouts and safe (judgeAttackersSafe), so that no fight outside can
// change the race: a seki marks both chains Seki and the space's points
// seki liberties, a race lost either way marks the loser Dead (the
// winner keeps the playouts' status, Unknown if they called it dead),
// and a race the next move decides marks both Unknown. Around a weaker
// wall the reading is not certain and only casts doubt: a chain whose
// status it contradicts becomes Unknown. Unknown chains keep the playouts' count
// (unclearDead records those they took as dead), and the space's points
// are returned as open, so that the report shows the operators where to
// look and an engine about to pass plays there instead.
func judgeReadRaces(b *board.Board, chainStatus map[board.Point]Status, unclearDead, sekiLib map[board.Point]bool) (open []board.Point) {
	for _, a := range judgeHeads(b) {
		if b.At(a) != board.Black {
			continue
		}
		for _, o := range raceOpponents(b, a) {
			region, ok := raceRegion(b, a, o)
			if !ok {
				continue
			}
			v, ok := raceRead(b, region, a, o)
			if !ok {
				continue
			}
			var want [2]Status // for a and o
			switch v {
			case raceSeki:
				want = [2]Status{Seki, Seki}
			case raceFirst:
				want = [2]Status{Dead, raceWinner(chainStatus[o])}
			case raceSecond:
				want = [2]Status{raceWinner(chainStatus[a]), Dead}
			default:
				want = [2]Status{Unknown, Unknown}
			}
			certain := judgeAttackersSafe(b, a, o, chainStatus) && judgeAttackersSafe(b, o, a, chainStatus)
			doubt := false
			for i, h := range [2]board.Point{a, o} {
				was := chainStatus[h]
				if was == want[i] {
					continue
				}
				switch {
				case certain:
					chainStatus[h] = want[i]
				case was != Unknown:
					chainStatus[h] = Unknown
				}
				if chainStatus[h] == Unknown {
					doubt = true
					if was == Dead {
						unclearDead[h] = true
					}
				}
			}
			if certain && v == raceSeki {
				for _, p := range region {
					sekiLib[p] = true
				}
			}
			if doubt {
				open = append(open, region...)
			}
		}
	}
	return open
}

// raceOpponents lists the heads of the opponent chains that touch the
// chain at a or share one of its liberties.
func raceOpponents(b *board.Board, a board.Point) []board.Point {
	opp := b.At(a).Opponent()
	var hs []board.Point
	add := func(p board.Point) {
		if b.At(p) == opp && !slices.Contains(hs, b.ChainHead(p)) {
			hs = append(hs, b.ChainHead(p))
		}
	}
	for _, q := range b.Chain(a) {
		for _, n := range b.Neighbours(q) {
			add(n)
			if b.At(n) == board.Empty {
				for _, m := range b.Neighbours(n) {
					add(m)
				}
			}
		}
	}
	return hs
}

// raceRegion is the empty space of the pair a, o: every empty point
// reached from their liberties through empty points. ok is false when it
// holds more than raceRegionMax points or touches a stone of any other
// chain (a third chain could fill it or be captured in it).
func raceRegion(b *board.Board, a, o board.Point) (region []board.Point, ok bool) {
	region = judgeChainLibs(b, a)
	for _, l := range judgeChainLibs(b, o) {
		if !slices.Contains(region, l) {
			region = append(region, l)
		}
	}
	for i := 0; i < len(region); i++ {
		if len(region) > raceRegionMax {
			return nil, false
		}
		for _, n := range b.Neighbours(region[i]) {
			switch {
			case b.At(n) == board.Empty:
				if !slices.Contains(region, n) {
					region = append(region, n)
				}
			case b.ChainHead(n) != a && b.ChainHead(n) != o:
				return nil, false
			}
		}
	}
	return region, len(region) <= raceRegionMax
}

// raceRead reads the race between the chains at a and o inside region.
// ok is false when a reading ran out of its budget.
func raceRead(b *board.Board, region []board.Point, a, o board.Point) (raceVerdict, bool) {
	// captured reports whether the side of the chain at h loses it: with
	// the attacker first, or with its own side first.
	captured := func(h, other board.Point, ownFirst bool) (bool, bool) {
		r := newLocalReader(b, region, h)
		if raceEnclosedBy(b, other, h) {
			// Taking the chain inside it gives h that chain's points,
			// where the attacker may still kill: a sacrifice inside h's
			// eye space is read, not taken as h's life.
			r.region = append(slices.Clone(region), b.Chain(other)...)
		} else {
			// h is shut in by other alone, or each touches the other's
			// walls: taking other frees h.
			r.guard = other
		}
		pb := b.Clone()
		first := b.At(h).Opponent()
		if ownFirst {
			first = b.At(h)
		}
		pb.SetToMove(first)
		return r.attackerWins(pb, 0, 0)
	}
	var res [4]bool
	for i, q := range []struct {
		h, other board.Point
		ownFirst bool
	}{{a, o, false}, {a, o, true}, {o, a, false}, {o, a, true}} {
		win, ok := captured(q.h, q.other, q.ownFirst)
		if !ok {
			return raceOpen, false
		}
		res[i] = win
	}
	aFirst, aAlways, oFirst, oAlways := res[0], res[1], res[2], res[3]
	switch {
	case !aFirst && !oFirst:
		return raceSeki, true
	case aAlways && !oFirst:
		return raceFirst, true
	case oAlways && !aFirst:
		return raceSecond, true
	}
	return raceOpen, true
}

// raceEnclosedBy reports whether the only opponent chain next to the
// chain at h is the chain at by.
func raceEnclosedBy(b *board.Board, h, by board.Point) bool {
	opp := b.At(h).Opponent()
	for _, q := range b.Chain(h) {
		for _, n := range b.Neighbours(q) {
			if b.At(n) == opp && b.ChainHead(n) != by {
				return false
			}
		}
	}
	return true
}

// raceWinner is the status of a race's winner: the playouts' verdict,
// unless they called it dead. Winning the race leaves it the loser's
// space, which is not yet two eyes, so the reading proves no more.
func raceWinner(was Status) Status {
	if was == Dead {
		return Unknown
	}
	return was
}
