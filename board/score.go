package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Rules selects the counting method.
type Rules int

const (
	// Japanese is territory scoring: territory plus prisoners.
	Japanese Rules = iota
	// Chinese is area scoring: living stones plus surrounded points.
	Chinese
)

// ParseRules reads "japanese" or "chinese" (any case).
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "japanese":
		return Japanese, nil
	case "chinese":
		return Chinese, nil
	}
	return 0, fmt.Errorf("unknown rules %q: use japanese or chinese", s)
}

// String is the lower-case name used in flags and JSON.
func (r Rules) String() string {
	if r == Chinese {
		return "chinese"
	}
	return "japanese"
}

// Score is a count of a final position. Arrays are indexed by Black and
// White.
type Score struct {
	Rules     Rules
	Komi      float64
	Territory [3]int // points counted as territory (Japanese) or surrounded area (Chinese)
	Prisoners [3]int // captures during play + dead stones taken at the end, by the taker
	DeadTaken [3]int // dead stones of the opponent each side takes at the end
	Stones    [3]int // living stones on the board
	// Black and White are the totals; White includes komi.
	Black, White float64
	// Owner has one entry per point in AllPoints order (bottom row first,
	// index row*size+col): Black or White for a point counted as that
	// side's territory/area (empty points and the places of dead stones),
	// Empty for living stones, dame and seki points.
	Owner []Color
	// Fills are the points of a side's own territory it must fill once
	// the dame are filled (Japanese only): a false eye, a cut its chain
	// must mend when the dame take its last outside liberty, or a stone
	// against a shortage of liberties (shortage.go). They count for
	// nobody and their Owner is Empty. Sorted bottom row first.
	Fills []Point
	// FillBy[i] is the side that fills Fills[i], whose territory it was.
	FillBy []Color
	Result string // SGF form: "B+3.5", "W+0.5", "0" for jigo
}

// ResultString formats a margin in SGF form: "B+3.5", "W+2", "0".
func ResultString(blackMinusWhite float64) string {
	switch {
	case blackMinusWhite > 0:
		return "B+" + strconv.FormatFloat(blackMinusWhite, 'f', -1, 64)
	case blackMinusWhite < 0:
		return "W+" + strconv.FormatFloat(-blackMinusWhite, 'f', -1, 64)
	}
	return "0"
}

// Score counts the position with the given dead stones and seki stones.
//
// A listed point marks its whole chain (one stone per chain is enough);
// points that are empty or off the board are ignored, so untrusted lists
// are safe. Dead stones are removed first; the board is then split into
// regions: maximal connected sets of points that are empty or hold dead
// stones. A region is bordered by the colours of the living stones next to
// it.
//
// Japanese: a region bordered by living stones of exactly one colour is
// that colour's territory (its empty points and the points of the dead
// stones in it), unless it touches a chain listed as seki; a region
// bordered by both colours (dame) or by none counts for nobody. A point
// its owner must fill after the dame are filled is not territory either
// (see Fills and fillAfterDame). Each dead stone is a prisoner of its
// opponent, added to the captures made in play. Black = territory +
// prisoners; White = territory + prisoners + komi.
//
// Chinese: the same regions, but seki does not matter (an eye inside a
// seki bordered by one colour is that colour's area, shared liberties are
// bordered by both and count for nobody). Black = living stones + area;
// White = living stones + area + komi. Prisoners are reported but not added.
func (b *Board) Score(rules Rules, komi float64, dead, seki []Point) Score {
	size := b.size
	s := Score{Rules: rules, Komi: komi, Owner: make([]Color, size*size)}
	idx := func(p Point) int { return Index(size, p) }

	isDead := make([]bool, maxPoints)
	isSeki := make([]bool, maxPoints)
	mark := func(list []Point, set []bool) {
		for _, p := range list {
			if !ValidPoint(size, p) || b.color[p] == Empty {
				continue
			}
			for _, q := range b.Chain(p) {
				set[q] = true
			}
		}
	}
	mark(dead, isDead)
	mark(seki, isSeki)
	isDame := make([]bool, maxPoints)

	living := func(p Point) Color {
		if k := b.color[p]; (k == Black || k == White) && !isDead[p] {
			return k
		}
		return Empty
	}

	seen := make([]bool, maxPoints)
	var region, stack []Point
	for _, p := range AllPoints(size) {
		if c := living(p); c != Empty {
			s.Stones[c]++
			continue
		}
		if seen[p] {
			continue
		}
		region, stack = region[:0], append(stack[:0], p)
		seen[p] = true
		var borders [3]bool
		touchesSeki := false
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			region = append(region, q)
			for _, n := range b.neighbours(q) {
				if b.color[n] == border {
					continue
				}
				if c := living(n); c != Empty {
					borders[c] = true
					if isSeki[n] {
						touchesSeki = true
					}
					continue
				}
				if !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
		owner := Empty
		if borders[Black] != borders[White] {
			owner = Black
			if borders[White] {
				owner = White
			}
		}
		if rules == Japanese && touchesSeki {
			owner = Empty
		}
		dame := borders[Black] && borders[White] && !touchesSeki
		for _, q := range region {
			isDame[q] = dame
			if k := b.color[q]; k == Black || k == White {
				// A dead stone: its opponent takes it.
				s.DeadTaken[k.Opponent()]++
			}
			if owner != Empty {
				s.Territory[owner]++
				s.Owner[idx(q)] = owner
			}
		}
	}
	if rules == Japanese {
		s.Fills = b.fillAfterDame(s.Owner, isDead, isDame, isSeki)
		for _, p := range s.Fills {
			c := s.Owner[idx(p)]
			s.FillBy = append(s.FillBy, c)
			s.Territory[c]--
			s.Owner[idx(p)] = Empty
		}
	}
	for _, c := range [2]Color{Black, White} {
		s.Prisoners[c] = b.captured[c] + s.DeadTaken[c]
	}
	if rules == Chinese {
		s.Black = float64(s.Stones[Black] + s.Territory[Black])
		s.White = float64(s.Stones[White]+s.Territory[White]) + komi
	} else {
		s.Black = float64(s.Territory[Black] + s.Prisoners[Black])
		s.White = float64(s.Territory[White]+s.Prisoners[White]) + komi
	}
	s.Result = ResultString(s.Black - s.White)
	return s
}

// fillAfterDame finds the territory points their owner must fill once the
// dame are filled. The dead stones are off the board and every dame point
// is taken as filled by a stone that joins no chain, as when the opponent
// fills it. A living chain then left with a single liberty, inside its own
// territory, is in atari: its owner fills that liberty, which joins the
// chain to its neighbours, and the whole position is looked at again
// after each fill (a chain walked mid-scan would miss the stones the fill
// joined it to). A
// chain left with no liberty at all is not touched: its owner would have
// filled a dame first, and which one is a choice of play the count does
// not make. When no chain is in atari, a short reading looks for a
// shortage of liberties (shortageFill), and a point found is filled the
// same way. owner is the count's Owner so far; isDame marks the points
// of regions bordered by both colours and by no seki chain.
func (b *Board) fillAfterDame(owner []Color, isDead, isDame, isSeki []bool) []Point {
	size := b.size
	e := endPos{b: b, col: b.color, ko: Pass} // a copy: the array is a value
	for _, p := range AllPoints(size) {
		switch {
		case isDame[p]:
			e.col[p] = border // a dame point taken, neighbour of nobody
		case isDead[p]:
			e.col[p] = Empty
		}
	}
	var fills []Point
	left := shortageTotal
	for {
		f, ok := e.atariFill(owner, isSeki)
		if !ok {
			f, ok = e.shortageFill(owner, isSeki, &left)
		}
		if !ok {
			break
		}
		e.col[f] = owner[Index(size, f)]
		fills = append(fills, f)
	}
	slices.SortFunc(fills, func(x, y Point) int { return Index(size, x) - Index(size, y) })
	return fills
}
