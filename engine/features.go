package engine

import (
	"github.com/kisen-go/kisen/board"
)

// The features of a candidate move, for the learned move model
// (model.go). A move has exactly one value in each group; the model gives
// each value a strength, and a move's strength is their product
// (Coulom's generalised Bradley–Terry model, 2007).
const (
	FeatShape     = iota // board.ShapeCode (canonical in Candidates)
	FeatCapture          // 0 none, 1 captures one stone, 2 more, 3 captures the last move's chain
	FeatEscape           // own chain in atari next to it: 1 to three liberties or more, 2 to two, 3 into a working ladder, 4 still in atari
	FeatSelfAtari        // 1 a stone alone, 2 a chain of two or more, 3 a sacrifice that kills (board.NakadeSacrifice)
	FeatAtari            // 1 puts an opponent chain in atari, 2 one that a ladder captures
	FeatLast             // distance to the last move (distBucket)
	FeatPrev             // distance to the move before it, the mover's own
	FeatLine             // distance to the edge (0-5, 5 and more) × open area × board size class
	FeatFight            // 1 the playout's answer in a two-liberty fight or eye space (board.FightReply)
	FeatPattern          // the largest pattern around it that the model lists (pattern.go), by the model's index; 0 none
	NumFeatureGroups
)

// FeatureGroupSize bounds the values of group g: each is below it. The
// pattern group's values are a model's own (its index of the patterns it
// lists), so only its 0, no listed pattern, is fixed.
func FeatureGroupSize(g int) int {
	return [NumFeatureGroups]int{board.ShapeCodes, 4, 5, 4, 3, distNone + 1, distNone + 1, 6 * 2 * 3, 2, 1}[g]
}

// featureGroupNames name the groups in a model file.
var featureGroupNames = [NumFeatureGroups]string{"shape", "capture", "escape", "selfatari", "atari", "last", "prev", "line", "fight", "pattern"}

// FeatureGroupName is group g's name in a model file.
func FeatureGroupName(g int) string { return featureGroupNames[g] }

// distNone is the distance value when there is no such move (the start
// of the game, or a pass).
const distNone = 16

// distBucket is Coulom's distance |dx|+|dy|+max(|dx|,|dy|) between p and
// the move m: 2 for a neighbour, 3 for a diagonal, capped at 17, as
// 0..15, or distNone.
func distBucket(size int, p board.Point, m board.Move) int32 {
	if m.Color == board.Empty || m.Point == board.Pass {
		return distNone
	}
	c1, r1 := board.ColRow(size, p)
	c2, r2 := board.ColRow(size, m.Point)
	dc, dr := abs(c1-c2), abs(r1-r2)
	return int32(min(max(dc+dr+max(dc, dr), 2), 17) - 2) // 0 when p is the point itself, captured since
}

// sizeClass groups board sizes for the line feature: the third line is
// a different move on 9x9 and on 19x19.
func sizeClass(size int) int32 {
	switch {
	case size <= 9:
		return 0
	case size <= 13:
		return 1
	}
	return 2
}

// Features is the feature values of one candidate move.
type Features [NumFeatureGroups]int32

// featureScan holds what the features of every candidate in one position
// share: computed once per position.
type featureScan struct {
	b        *board.Board
	c        board.Color
	size     int
	fight    board.Point
	lastHead board.Point // the chain of the last move; Pass after a pass or its capture
	near     [board.MaxSize * board.MaxSize]bool
	lad      *board.Ladders
	patterns *patternTable // the model's patterns by every orientation's key; nil: none
	reach    [][patternPoints]board.Point
}

func newFeatureScan(b *board.Board, lad *board.Ladders, patterns *patternTable) featureScan {
	s := featureScan{
		b: b, c: b.ToMove(), size: b.Size(),
		fight:    b.FightReply(b.ToMove()),
		lastHead: board.Pass,
		near:     stonesNear(b, emptyRadius),
		lad:      lad,
		patterns: patterns,
	}
	if patterns != nil {
		s.reach = patternReach[s.size]()
	}
	if m := b.Last(); m.Color != board.Empty && m.Point != board.Pass && b.At(m.Point) != board.Empty {
		s.lastHead = b.ChainHead(m.Point)
	}
	return s
}

// candidates calls yield with every move the search considers (legal,
// filling no own eye; no pass), the size of the chain it leaves in atari
// (b.SelfAtari) and its features.
func (s *featureScan) candidates(yield func(p board.Point, selfAtari int, f Features)) {
	b, c := s.b, s.c
	for i := 0; i < b.EmptyCount(); i++ {
		p := b.EmptyAt(i)
		if b.IsEye(c, p) || !b.Legal(c, p) {
			continue
		}
		selfAtari := b.SelfAtari(c, p)
		yield(p, selfAtari, s.of(p, selfAtari))
	}
}

// of is the features of c playing at the empty, legal point p;
// selfAtari is b.SelfAtari(c, p).
func (s *featureScan) of(p board.Point, selfAtari int) Features {
	b, c := s.b, s.c
	var f Features
	f[FeatShape] = int32(b.ShapeCode(c, p))
	captured := 0
	for _, q := range b.Neighbours(p) {
		k := b.At(q)
		if k == board.Empty {
			continue
		}
		switch {
		case k == c.Opponent() && b.InAtari(q):
			captured += b.ChainSize(q)
			if b.ChainHead(q) == s.lastHead {
				f[FeatCapture] = 3
			}
		case k == c.Opponent() && b.LibertyClass(q) == 2 && selfAtari == 0:
			f[FeatAtari] = max(f[FeatAtari], 1)
		case k == c && b.InAtari(q) && f[FeatEscape] == 0:
			// Every own chain p joins becomes one: its escape is read once.
			f[FeatEscape] = s.escape(p, q, selfAtari)
		}
	}
	if f[FeatCapture] == 0 && captured > 0 {
		f[FeatCapture] = int32(min(captured, 2))
	}
	if f[FeatAtari] == 1 && s.lad.AtariCaptures(b, c, p) {
		f[FeatAtari] = 2
	}
	switch {
	case selfAtari == 0:
	case b.NakadeSacrifice(c, p, selfAtari):
		f[FeatSelfAtari] = 3
	default:
		f[FeatSelfAtari] = int32(min(selfAtari, 2))
	}
	f[FeatLast] = distBucket(s.size, p, b.Last())
	f[FeatPrev] = distBucket(s.size, p, b.Prev())
	col, row := board.ColRow(s.size, p)
	line := int32(min(col, row, s.size-1-col, s.size-1-row, 5))
	open := int32(0)
	if !s.near[row*s.size+col] {
		open = 1
	}
	f[FeatLine] = (sizeClass(s.size)*2+open)*6 + line
	if p == s.fight {
		f[FeatFight] = 1
	}
	if s.patterns != nil {
		f[FeatPattern] = patternValue(b, c, p, s.reach, s.patterns)
	}
	return f
}

// escape is the escape feature of c playing p next to its chain at q,
// which is in atari.
func (s *featureScan) escape(p, q board.Point, selfAtari int) int32 {
	switch libs := s.b.LibertiesAfter(s.c, p, 3); {
	case selfAtari > 0 || libs < 2:
		return 4
	case libs >= 3:
		return 1
	case s.lad.EscapeCaught(s.b, s.c, p, q):
		return 3
	}
	return 2
}

// Candidate is a move the search would consider, with its features.
type Candidate struct {
	Move     board.Point
	Features Features // FeatPattern 0: a fit numbers its own patterns (PatternKeys)
}

// Candidates lists the moves of the player to move that the search
// considers (legal, filling no own eye; no pass) with their features, the
// shape in its canonical orientation: the learned model's training data
// (scripts/mmfit).
func Candidates(b *board.Board) []Candidate {
	scan := newFeatureScan(b, new(board.Ladders), nil)
	var out []Candidate
	scan.candidates(func(p board.Point, _ int, f Features) {
		f[FeatShape] = int32(board.CanonicalShape(uint32(f[FeatShape])))
		out = append(out, Candidate{p, f})
	})
	return out
}
