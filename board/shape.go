package board

import "slices"

// Shape codes for the engine's learned move model. A shape is the 3x3
// neighbourhood of an empty point as the player to move sees it, with the
// liberties of the four chains next to it: the liberties say whether a
// shape is a capture, an escape or a quiet move, which the bare colours
// cannot.

// ShapeCodes bounds ShapeCode: every code is below it.
const ShapeCodes = 1 << 20

// shapeOrth says which of the eight neighbour slots (NW N NE W E SW S SE)
// share an edge with the centre; those carry three bits, the others two.
var shapeOrth = [8]bool{false, true, false, true, true, false, true, false}

// ShapeCode is the shape around the empty point p for c to play there.
// Each diagonal neighbour is empty (0), c's (1), the opponent's (2) or off
// the board (3). Each edge neighbour is empty (0), c's chain with one, two
// or more liberties (1-3), the opponent's likewise (4-6), or off the
// board (7).
func (b *Board) ShapeCode(c Color, p Point) uint32 {
	s := Point(b.stride)
	var cells [8]uint8
	for i, d := range [8]Point{-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1} {
		q := p + d
		switch k := b.color[q]; {
		case k == Empty:
		case k == border:
			cells[i] = 3
			if shapeOrth[i] {
				cells[i] = 7
			}
		case !shapeOrth[i]:
			cells[i] = 1
			if k != c {
				cells[i] = 2
			}
		default:
			cells[i] = b.libClass(b.head[q])
			if k != c {
				cells[i] += 3
			}
		}
	}
	return encodeShape(cells)
}

// LibertyClass is 1, 2 or 3 for the chain at p with one, two, or three
// or more liberties (0 for an empty point): the class ShapeCode gives the
// chains next to a point. It stops counting at the third liberty.
func (b *Board) LibertyClass(p Point) int {
	if b.color[p] != Black && b.color[p] != White {
		return 0
	}
	return int(b.libClass(b.head[p]))
}

// libClass is LibertyClass for the chain with head h.
func (b *Board) libClass(h Point) uint8 {
	if b.inAtari(h) {
		return 1
	}
	if _, _, two := b.twoLibs(h); two {
		return 2
	}
	return 3
}

func encodeShape(cells [8]uint8) uint32 {
	var code uint32
	for i, v := range cells {
		if shapeOrth[i] {
			code = code<<3 | uint32(v&7)
		} else {
			code = code<<2 | uint32(v&3)
		}
	}
	return code
}

func decodeShape(code uint32) [8]uint8 {
	var cells [8]uint8
	for i := 7; i >= 0; i-- {
		if shapeOrth[i] {
			cells[i] = uint8(code & 7)
			code >>= 3
		} else {
			cells[i] = uint8(code & 3)
			code >>= 2
		}
	}
	return cells
}

// ShapeVariants is the shape code under each of the eight symmetries of
// the square (the first is code itself). Symmetries map edge neighbours
// to edge neighbours, so every variant is a valid code.
func ShapeVariants(code uint32) [8]uint32 {
	cells := decodeShape(code)
	var out [8]uint32
	for k, sym := range symmetries {
		var v [8]uint8
		for i := range v {
			v[i] = cells[sym[i]]
		}
		out[k] = encodeShape(v)
	}
	return out
}

// CanonicalShape is the least of a shape's variants: one name for the
// eight orientations of a shape.
func CanonicalShape(code uint32) uint32 {
	v := ShapeVariants(code)
	return slices.Min(v[:])
}
