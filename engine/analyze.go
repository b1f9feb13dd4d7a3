package engine

import (
	"cmp"
	"slices"

	"github.com/kisen-go/kisen/board"
)

// MoveStat is one root move of a search as the selection saw it, for
// reading why the engine chose what it did (kisen analyze). A move the
// selection never tried keeps Visits 0 however good its WinRate looks: the
// selection compares Value, in which the RAVE mean outweighs a few visits.
type MoveStat struct {
	Move board.Point
	// Visits are the playouts through the move in this tree, the prior's
	// equivalent visits left out.
	Visits int
	// WinRate is the move's mean for the mover, the prior included.
	WinRate float64
	// Prior is the prior's equivalent visits (the learned or hand-set
	// priors of prior.go).
	Prior float64
	// RAVEVisits and RAVERate are the all-moves-as-first statistics.
	RAVEVisits int
	RAVERate   float64
	// Value is what the selection compares: the RAVE and own means
	// blended (value in tree.go).
	Value float64
}

// topMoves lists up to n root moves, most visited first, while no search
// thread runs.
func (t *tree) topMoves(n int) []MoveStat {
	r := t.at(0)
	if r.child < 0 {
		return nil
	}
	out := make([]MoveStat, 0, r.nChild)
	ceil := t.raveCeiling(searched(r))
	shift := firstPlayShift(r)
	for k := r.child; k < r.child+r.nChild; k++ {
		nd := t.at(k)
		s := MoveStat{
			Move:       nd.move,
			Visits:     int(searched(nd) + 0.5),
			WinRate:    float64(nd.wins) / float64(max(nd.visits, 1)),
			Prior:      float64(nd.prior),
			RAVEVisits: int(nd.raveN),
			Value:      value(nd, ceil, shift),
		}
		if nd.raveN > 0 {
			s.RAVERate = float64(nd.raveW) / float64(nd.raveN)
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b MoveStat) int {
		return cmp.Or(cmp.Compare(b.Visits, a.Visits), cmp.Compare(b.Value, a.Value))
	})
	return out[:min(n, len(out))]
}
