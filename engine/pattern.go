package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// Large patterns: the colours of the points around a candidate move, out
// past its 3x3 shape, as the move model's `pattern` group (docs/model.md).
// A pattern is the points within a gridcular distance
// (|dx|+|dy|+max(|dx|,|dy|)) of the move, at seven nested sizes: 12
// points (distance 4), 20 (5), 28 (6), 36 (7), 48 (8), 60 (9) and 72
// (10). A move's value is the largest of its patterns that the model
// lists, as in Coulom's "Computing Elo Ratings of Move Patterns" (2007).
// Colours are the mover's: own, opponent, empty or off the board; the
// eight orientations of a pattern are one pattern.

// patternLevels is how many nested sizes a pattern has.
const patternLevels = 7

// patternSizes are the points in each nested pattern, smallest first.
var patternSizes = [patternLevels]int{12, 20, 28, 36, 48, 60, 72}

// patternPoints is the largest pattern's size.
const patternPoints = 72

// patternCells are the letters of a pattern's points in a model file:
// empty, the mover's, the opponent's, off the board.
const patternCells = ".XO#"

type offset struct{ dx, dy int }

// turned is o under the square's symmetry sym, 0 to 7: the axes swapped
// when sym&4, then dx negated when sym&1 and dy when sym&2.
func (o offset) turned(sym int) offset {
	if sym&4 != 0 {
		o.dx, o.dy = o.dy, o.dx
	}
	if sym&1 != 0 {
		o.dx = -o.dx
	}
	if sym&2 != 0 {
		o.dy = -o.dy
	}
	return o
}

// patternGeometry is what every pattern shares, built once: the offsets
// of the points in distance order (each nested size is a prefix), how
// each orientation moves them, and the random keys that hash them.
type patternGeometry struct {
	at     [patternPoints]offset
	orient [8][patternPoints]int8   // orient[o][k]: where offset k goes in orientation o
	key    [patternPoints][4]uint64 // key[k][cell]
}

var patternLayout = newPatternGeometry()

func newPatternGeometry() *patternGeometry {
	g := &patternGeometry{}
	dist := func(o offset) int {
		x, y := abs(o.dx), abs(o.dy)
		return x + y + max(x, y)
	}
	var all []offset
	for dy := -5; dy <= 5; dy++ {
		for dx := -5; dx <= 5; dx++ {
			if o := (offset{dx, dy}); o != (offset{}) && dist(o) <= 10 {
				all = append(all, o)
			}
		}
	}
	slices.SortStableFunc(all, func(a, b offset) int { return dist(a) - dist(b) })
	if len(all) != patternPoints {
		panic(fmt.Sprintf("engine: %d pattern points, want %d", len(all), patternPoints))
	}
	copy(g.at[:], all)
	for o := range g.orient {
		for k, a := range g.at {
			g.orient[o][k] = int8(slices.Index(g.at[:], a.turned(o)))
		}
	}
	// A fixed generator (splitmix64), so that the keys, and with them a
	// fit's tables, are the same in every run.
	s := uint64(0x6b6973656e)
	for k := range g.key {
		for c := range g.key[k] {
			s += 0x9e3779b97f4a7c15
			z := s
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			g.key[k][c] = z ^ z>>31
		}
	}
	return g
}

// patternReach is, for each size, the points at the pattern's offsets
// from each point (by the point's value; 0 off the board), built on first
// use: the search looks up every candidate's pattern.
var patternReach = func() (r [board.MaxSize + 1]func() [][patternPoints]board.Point) {
	for size := range r {
		r[size] = sync.OnceValue(func() [][patternPoints]board.Point {
			reach := make([][patternPoints]board.Point, (size+2)*(size+2))
			for _, p := range board.AllPoints(size) {
				col, row := board.ColRow(size, p)
				for k, o := range patternLayout.at {
					if x, y := col+o.dx, row+o.dy; board.OnBoard(size, x, y) {
						reach[p][k] = board.At(size, x, y)
					}
				}
			}
			return reach
		})
	}
	return r
}()

// patternCellsAt is the pattern around p for c: one of 0..3
// (patternCells) per offset.
func patternCellsAt(b *board.Board, c board.Color, p board.Point) [patternPoints]uint8 {
	var cells [patternPoints]uint8
	for k, q := range patternReach[b.Size()]()[p] {
		cells[k] = patternCell(b, c, q)
	}
	return cells
}

// patternCell is the point q's cell for c (q 0: off the board). It reads
// a table, not a switch: the colours around a move are too mixed for
// branches to be guessed, and the priors read up to 72 points for every
// candidate.
func patternCell(b *board.Board, c board.Color, q board.Point) uint8 {
	if q == 0 {
		return 3
	}
	return moverCells[c&3][b.At(q)&3]
}

// moverCells is the cell of each colour (by board.Color: Empty, Black,
// White) for each mover.
var moverCells = [4][4]uint8{board.Black: {0, 1, 2}, board.White: {0, 2, 1}}

// patternKeys are the hashes of the nested patterns in cells as oriented
// by o (0: as they lie).
func patternKeys(cells *[patternPoints]uint8, o int) [patternLevels]uint64 {
	var keys [patternLevels]uint64
	h, l := uint64(0), 0
	for k, cell := range cells {
		h ^= patternLayout.key[patternLayout.orient[o][k]][cell]
		if k+1 == patternSizes[l] {
			keys[l] = h
			l++
		}
	}
	return keys
}

// PatternKeys are the canonical hashes (the least over the eight
// orientations) of the nested patterns around c's move at p: the same for
// every orientation of the board.
func PatternKeys(b *board.Board, c board.Color, p board.Point) [patternLevels]uint64 {
	cells := patternCellsAt(b, c, p)
	keys := patternKeys(&cells, 0)
	for o := 1; o < 8; o++ {
		k := patternKeys(&cells, o)
		for l := range keys {
			keys[l] = min(keys[l], k[l])
		}
	}
	return keys
}

// PatternText is the nested pattern of the given level around c's move at
// p as a model file writes it, in the orientation whose hash is
// PatternKeys's: one letter of patternCells per point.
func PatternText(b *board.Board, c board.Color, p board.Point, level int) string {
	cells := patternCellsAt(b, c, p)
	best, bestO := ^uint64(0), 0
	for o := 0; o < 8; o++ {
		if k := patternKeys(&cells, o)[level]; k < best {
			best, bestO = k, o
		}
	}
	var text [patternPoints]byte
	for k := 0; k < patternSizes[level]; k++ {
		text[patternLayout.orient[bestO][k]] = patternCells[cells[k]]
	}
	return string(text[:patternSizes[level]])
}

// parsePattern reads a pattern's text: its cells and its level.
func parsePattern(text string) (cells [patternPoints]uint8, level int, err error) {
	level = slices.Index(patternSizes[:], len(text))
	if level < 0 {
		return cells, 0, fmt.Errorf("pattern %q has %d points: want %v", text, len(text), patternSizes)
	}
	for k := range len(text) {
		i := strings.IndexByte(patternCells, text[k])
		if i < 0 {
			return cells, 0, fmt.Errorf("pattern %q: point %d is %q: want one of %q", text, k+1, text[k], patternCells)
		}
		cells[k] = uint8(i)
	}
	return cells, level, nil
}

// orientedKeys are the hashes of every orientation of the pattern text of
// the given level: the keys under which a board shows it.
func orientedKeys(cells *[patternPoints]uint8, level int) []uint64 {
	var keys []uint64
	for o := 0; o < 8; o++ {
		// Cells past the level's size are empty and do not enter its key.
		if k := patternKeys(cells, o)[level]; !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// patternValue is the model's value for c's move at p: the index of the
// largest nested pattern around it that the model lists (0: none). reach
// is patternReach for the board's size. The table holds every smaller
// size of a listed pattern (compile), so the first size it lacks ends the
// search, and most candidates are read no further than their 12 nearest
// points.
func patternValue(b *board.Board, c board.Color, p board.Point, reach [][patternPoints]board.Point, table *patternTable) int32 {
	around := &reach[p]
	h, k, v := uint64(0), 0, int32(0)
	for _, n := range patternSizes {
		for ; k < n; k++ {
			// Orientation 0 leaves every offset in place.
			h ^= patternLayout.key[k][patternCell(b, c, around[k])]
		}
		w, ok := table.get(h)
		if !ok {
			break
		}
		if w > 0 {
			v = w
		}
	}
	return v
}

// patternTable maps a pattern's key to the model's index of it (-1: a
// smaller size of a pattern the model lists, but not listed itself). It
// is one flat array, open-addressed: the priors look up every candidate
// of every new node, and a lookup in a Go map of a model's 85,000 keys
// (its patterns in every orientation) took about twice as long
// (docs/performance.md).
type patternTable struct {
	// slots hold a key's upper 48 bits over its value's 16, 0 for none;
	// the key's low bits choose the first slot to probe. A key whose probe
	// meets another key with the same upper bits reads that key's value:
	// the chance that any two of 85,000 random keys share 48 bits is
	// about one in 80,000, and the cost would be one pattern's prior.
	slots []uint64
	mask  uint64
}

// maxPatterns is the most patterns a model may list: a value fits in 16 bits.
const maxPatterns = 1<<15 - 1

// patternKeyBits is how many of a key's bits a slot keeps.
const patternKeyBits = 48

// newPatternTable packs the keys and values of index (values -1 or 1 up
// to maxPatterns) into a table at most half full, so that a miss ends
// after a probe or two.
func newPatternTable(index map[uint64]int32) *patternTable {
	size := 1 << 10
	for size < 2*len(index) {
		size <<= 1
	}
	t := &patternTable{slots: make([]uint64, size), mask: uint64(size - 1)}
	// Sorted, so that the table is the same in every process.
	for _, key := range slices.Sorted(maps.Keys(index)) {
		if i, found := t.slot(key); !found {
			t.slots[i] = key>>(64-patternKeyBits)<<(64-patternKeyBits) | uint64(uint16(int16(index[key])))
		}
	}
	return t
}

// slot is where key is, or the empty slot where it would go.
func (t *patternTable) slot(key uint64) (i uint64, found bool) {
	top := key >> (64 - patternKeyBits)
	for i = key & t.mask; t.slots[i] != 0; i = (i + 1) & t.mask {
		if t.slots[i]>>(64-patternKeyBits) == top {
			return i, true
		}
	}
	return i, false
}

// get is the value stored under key.
func (t *patternTable) get(key uint64) (int32, bool) {
	i, ok := t.slot(key)
	if !ok {
		return 0, false
	}
	return int32(int16(uint16(t.slots[i]))), true
}
