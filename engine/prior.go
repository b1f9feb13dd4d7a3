package engine

import (
	"cmp"
	"math"
	"slices"
	"sync/atomic"

	"github.com/kisen-go/kisen/board"
)

// Prior bonuses and penalties, in equivalent playouts (wins, visits).
const (
	captureBonus = 20 // captures a chain in atari
	escapeBonus  = 15 // saves an own chain in atari (no ladder follows)
	ladderPen    = 10 // runs from atari into a ladder that works (equivalent losses)
	ladderBonus  = 15 // puts an opponent chain in atari it cannot escape
	fightBonus   = 10 // the playout's answer in a two-liberty fight or eye space (board.FightReply)
	patternBonus = 6  // good 3x3 shape
	nearBonus    = 4  // within distance 2 of the last move
	selfAtariPen = 15 // leaves an own chain in atari (equivalent losses)
	edgePen      = 8  // first line while the board is still open
	// In an empty area (no stone within Manhattan distance emptyRadius):
	// the first two lines are slow (9x9 and larger: kisen's 9x9 openings
	// wandered to the second line, B5 or E8 in answer to tengen), and on
	// 13x13 and larger the third and fourth lines are where the territory
	// and the bases are.
	lowLinePen  = 10
	highLineBon = 5
	emptyRadius = 3
	// The corner bonus (Options.CornerBonus) goes to the 3-3, 3-4 and
	// 4-4 points of a corner with no stone in its cornerBox×cornerBox box.
	cornerBox = 7
)

// expand gives the leaf idx its children for the position b (see priors),
// while no search thread runs.
func (t *tree) expand(idx int32, b *board.Board) {
	t.install(idx, priors(b, nil, nil, t.priors))
}

// priorSet is what a tree's priors are made of.
type priorSet struct {
	model  *compiledModel  // the learned move model (nil: hand-set priors)
	weight float32         // the model's weight: its own, else modelWeight (learnedPriors)
	corner float32         // the corner bonus on 13x13 and larger, 0 for none (Options.CornerBonus)
	owner  *ownerStrengths // the ownership prior of the search's root (owner.go); nil: none
}

// withModel is the default priors with the model m (nil: hand-set), at
// the model's own weight.
func withModel(m *compiledModel) priorSet {
	ps := priorSet{model: m, weight: modelWeight}
	if m != nil {
		ps.weight = m.weight
	}
	return ps
}

// sortByPrior orders children best prior first (mean of the prior's
// equivalent experience), for progressive widening.
func sortByPrior(kids []node) {
	slices.SortStableFunc(kids, func(a, b node) int {
		return cmp.Compare(b.wins/b.visits, a.wins/a.visits)
	})
}

// install gives the leaf idx, which the caller claimed in descend, the
// children kids (in prior order with widening), publishing them by
// storing child last. When the tree is
// full the leaf stays a leaf for good.
func (t *tree) install(idx int32, kids []node) {
	if t.widening {
		sortByPrior(kids)
	}
	nd := t.at(idx)
	first := t.alloc(len(kids), t.maxNodes)
	if first < 0 {
		atomic.StoreInt32(&nd.child, noChildren)
		return
	}
	for i := range kids {
		*t.at(first + int32(i)) = kids[i]
	}
	nd.nChild = int32(len(kids))
	atomic.StoreInt32(&nd.child, first)
}

// priors appends to dst the children of the position b: every legal move
// that fills no own eye, plus pass, each with its prior. It reads only b,
// so search threads compute it outside the tree lock: it is the costliest
// part of a descent. lad is the thread's ladder scratch (nil: a new one);
// ps holds the learned move model for b's size (nil: hand-set priors),
// its weight and the corner bonus.
func priors(b *board.Board, dst []node, lad *board.Ladders, ps priorSet) []node {
	if lad == nil {
		lad = new(board.Ladders)
	}
	if ps.model != nil {
		return learnedPriors(b, dst, lad, ps)
	}
	return handPriors(b, dst, lad, ps.corner)
}

// handPriors are the priors of boards the model was not fitted on: a few
// bonuses and penalties in equivalent playouts; corner is the corner
// bonus (0: none).
func handPriors(b *board.Board, dst []node, lad *board.Ladders, corner float32) []node {
	near := stonesNear(b, emptyRadius)
	h := newHandScan(b, lad, b.FightReply(b.ToMove()), &near, corner)
	c := b.ToMove()
	for i := 0; i < b.EmptyCount(); i++ {
		p := b.EmptyAt(i)
		if b.IsEye(c, p) || !b.Legal(c, p) {
			continue
		}
		selfAtari := b.SelfAtari(c, p)
		n, w := h.prior(p, selfAtari, h.reads(p, selfAtari))
		dst = append(dst, node{move: p, visits: n, wins: w, prior: n, child: noChildren})
	}
	// Pass: a low prior while the game goes on. After the opponent's pass
	// a pass ends the game and is searched first (a prior of all wins):
	// near the end every move wins about as often, the selection has no
	// exploration term, and a pass at an even prior would never be tried
	// while moves filling our own territory, a point each under Japanese
	// rules, are (strength.md, 19x19 run 2).
	return append(dst, passNode(b))
}

// handScan holds what the hand-set priors of one position share.
type handScan struct {
	b                *board.Board
	c                board.Color
	lad              *board.Ladders
	size             int
	open             bool // more than half the board is empty
	lc, lr           int  // the last move's column and row, far off the board after a pass
	lines, highLines bool
	corner           float32                              // the corner bonus, 13x13 and larger (0: none)
	emptyCorner      [4]bool                              // per corner (bit 0: right, bit 1: top): no stone in its box
	fight            board.Point                          // the playout's fight answer (b.FightReply)
	near             *[board.MaxSize * board.MaxSize]bool // stonesNear(b, emptyRadius)
}

// newHandScan takes the fight answer and the stones near each point from
// the caller: with a model on the hand-set priors, the feature scan has
// read them already. corner is the corner bonus (0: none).
func newHandScan(b *board.Board, lad *board.Ladders, fight board.Point, near *[board.MaxSize * board.MaxSize]bool, corner float32) handScan {
	size := b.Size()
	h := handScan{
		b: b, c: b.ToMove(), lad: lad, size: size,
		open: b.EmptyCount()*2 > size*size,
		lc:   -100, lr: -100,
		lines: size >= 9, highLines: size >= 13,
		fight: fight, near: near,
	}
	if last := b.Last().Point; last != board.Pass {
		h.lc, h.lr = board.ColRow(size, last)
	}
	if h.highLines && corner > 0 {
		h.corner = corner
		h.emptyCorner = emptyCorners(b)
	}
	return h
}

// emptyCorners reports for each corner (index bit 0: the right side, bit
// 1: the top) whether its cornerBox×cornerBox box holds no stone.
func emptyCorners(b *board.Board) [4]bool {
	size := b.Size()
	var empty [4]bool
	for k := range empty {
		empty[k] = true
	scan:
		for i := 0; i < cornerBox; i++ {
			for j := 0; j < cornerBox; j++ {
				col, row := i, j
				if k&1 != 0 {
					col = size - 1 - i
				}
				if k&2 != 0 {
					row = size - 1 - j
				}
				if b.At(board.At(size, col, row)) != board.Empty {
					empty[k] = false
					break scan
				}
			}
		}
	}
	return empty
}

// cornerPoint reports whether (col, row) is a 3-3, 3-4 or 4-4 point of
// an empty corner in h.emptyCorner.
func (h *handScan) cornerPoint(col, row int) bool {
	if h.corner == 0 {
		return false
	}
	size := h.size
	dc, dr := min(col, size-1-col), min(row, size-1-row)
	if dc < 2 || dc > 3 || dr < 2 || dr > 3 {
		return false
	}
	k := 0
	if col > size/2 {
		k |= 1
	}
	if row > size/2 {
		k |= 2
	}
	return h.emptyCorner[k]
}

// ladderReads is what the ladder reader says of one candidate. The
// model's features ask the same two questions, so with a model on the
// hand-set priors the feature scan's answers serve both: reading them twice
// cost about 1.5% of a 19x19 search.
type ladderReads struct {
	atariCaptures bool // lad.AtariCaptures
	escapeCaught  bool // lad.EscapeCaught of the own chain the move extends, when it keeps two liberties
}

// reads asks the ladder reader about c playing the empty, legal point p;
// selfAtari is b.SelfAtari(c, p). Every own chain in atari that p joins
// becomes one chain, so its escape is read once.
func (h *handScan) reads(p board.Point, selfAtari int) ladderReads {
	b, c := h.b, h.c
	r := ladderReads{atariCaptures: h.lad.AtariCaptures(b, c, p)}
	if selfAtari > 0 {
		return r
	}
	for _, q := range b.Neighbours(p) {
		if b.At(q) == c && b.InAtari(q) {
			// Two liberties after the escape: read the ladder.
			r.escapeCaught = b.LibertiesAfter(c, p, 3) < 3 && h.lad.EscapeCaught(b, c, p, q)
			break
		}
	}
	return r
}

// featureReads is reads taken from the features f of p: an atari that
// captures by ladder is FeatAtari 2 and a caught escape FeatEscape 3. The
// features ask about the atari only for a move that is no self-atari, so
// a self-atari's is read here.
func (h *handScan) featureReads(p board.Point, selfAtari int, f *Features) ladderReads {
	r := ladderReads{atariCaptures: f[FeatAtari] == 2, escapeCaught: f[FeatEscape] == 3}
	if selfAtari > 0 {
		r.atariCaptures = h.lad.AtariCaptures(h.b, h.c, p)
	}
	return r
}

// prior is the hand-set prior (equivalent visits and wins) of the empty,
// legal point p, which fills no own eye; selfAtari is b.SelfAtari(c, p),
// the size of the chain p leaves in atari (0 if none), and r what the
// ladder reader says of p.
func (h *handScan) prior(p board.Point, selfAtari int, r ladderReads) (n, w float32) {
	b, c, size := h.b, h.c, h.size
	n, w = float32(evenPrior), float32(evenPrior)/2
	bonus := func(v float32) { n += v; w += v }
	for _, q := range b.Neighbours(p) {
		k := b.At(q)
		if k == board.Empty || !b.InAtari(q) {
			continue
		}
		switch {
		case k == c.Opponent():
			bonus(captureBonus)
		case selfAtari > 0:
		case r.escapeCaught:
			n += ladderPen
		default:
			bonus(escapeBonus)
		}
	}
	if r.atariCaptures {
		bonus(ladderBonus)
	}
	if b.GoodPattern(c, p) {
		bonus(patternBonus)
	}
	if p == h.fight {
		bonus(fightBonus)
	}
	col, row := board.ColRow(size, p)
	if dc, dr := abs(col-h.lc), abs(row-h.lr); dc+dr+max(dc, dr) <= 4 {
		bonus(nearBonus)
	}
	if selfAtari > 0 && !b.NakadeSacrifice(c, p, selfAtari) {
		n += selfAtariPen + float32(min(selfAtari, 5))
	}
	if h.open && (col == 0 || row == 0 || col == size-1 || row == size-1) {
		n += edgePen
	}
	if h.lines && !h.near[row*size+col] {
		switch line := min(col, row, size-1-col, size-1-row); line {
		case 0, 1:
			n += lowLinePen
		case 2, 3:
			if h.highLines {
				bonus(highLineBon)
			}
		}
	}
	if h.cornerPoint(col, row) {
		bonus(h.corner)
	}
	return n, w
}

func passNode(b *board.Board) node {
	passWins := float32(1)
	if b.Passes() > 0 {
		passWins = evenPrior
	}
	return node{move: board.Pass, visits: evenPrior, wins: passWins, prior: evenPrior, child: noChildren}
}

// modelWeight scales the learned priors of a model that sets no weight of
// its own (MoveModel.Weight): a move with all of the model's strength
// would get modelWeight equivalent wins. Chosen by A/B at 1500
// playouts on 9x9 (strength.md): 40 won 37 of 50 against the hand-set
// priors, 80 won 32, and the learned wins added to the hand-set priors 30.
// On 19x19 the same weight on the hand-set priors won 27 of 30 at 1000
// playouts, and the model alone at 90 lost (docs/model.md). The 19x19
// model of all the strong records sets 120: against Pachi it won more
// at that weight, and less at this one (docs/model.md).
const modelWeight = 40

// learnedPriors gives each candidate move (legal, filling no own eye) its
// base prior (the even prior, or the hand-set priors for a model marked
// "base hand") plus weight·√share equivalent wins, where weight is
// ps.weight (modelWeight by default) and share is the move's part of the
// strength the learned model gives all candidates.
// The square root keeps the second and third choices close to the first:
// the model names the right move in a third of positions (docs/model.md).
func learnedPriors(b *board.Board, dst []node, lad *board.Ladders, ps priorSet) []node {
	model := ps.model
	scan := newFeatureScan(b, lad, model.patterns)
	var hand handScan
	if model.onHand {
		// One walk over the candidates serves both priors, and the
		// fight answer and the open areas are read once.
		hand = newHandScan(b, lad, scan.fight, &scan.near, ps.corner)
	}
	start := len(dst)
	var strength [board.MaxSize * board.MaxSize]float32
	total := float32(0)
	scan.candidates(func(p board.Point, selfAtari int, f Features) {
		g := model.gamma(&f)
		if ps.owner != nil {
			g *= ps.owner.of(scan.c, scan.size, p)
		}
		strength[len(dst)-start], total = g, total+g
		n, w := float32(evenPrior), float32(evenPrior)/2
		if model.onHand {
			n, w = hand.prior(p, selfAtari, hand.featureReads(p, selfAtari, &f))
		}
		dst = append(dst, node{move: p, visits: n, wins: w, child: noChildren})
	})
	for i := range dst[start:] {
		k := ps.weight * float32(math.Sqrt(float64(strength[i]/total)))
		nd := &dst[start+i]
		nd.visits, nd.wins = nd.visits+k, nd.wins+k
		nd.prior = nd.visits
	}
	return append(dst, passNode(b))
}

// stonesNear marks, on a size×size grid indexed row*size+col, the points
// with a stone of either colour within Manhattan distance radius.
func stonesNear(b *board.Board, radius int) [board.MaxSize * board.MaxSize]bool {
	size := b.Size()
	var grid [2][board.MaxSize * board.MaxSize]bool
	cur := &grid[0]
	for row := 0; row < size; row++ {
		for col := 0; col < size; col++ {
			cur[row*size+col] = b.At(board.At(size, col, row)) != board.Empty
		}
	}
	// Grow the marked set by one step radius times.
	for k := 0; k < radius; k++ {
		nxt := &grid[(k+1)&1]
		for row := 0; row < size; row++ {
			for col := 0; col < size; col++ {
				i := row*size + col
				nxt[i] = cur[i] || (col > 0 && cur[i-1]) || (col < size-1 && cur[i+1]) ||
					(row > 0 && cur[i-size]) || (row < size-1 && cur[i+size])
			}
		}
		cur = nxt
	}
	return *cur
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
