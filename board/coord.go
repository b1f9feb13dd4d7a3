package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Color is the content of a point, or a player.
type Color int8

const (
	Empty Color = iota
	Black
	White
	border // the padding around the board
)

// Opponent returns the other player; Empty stays Empty.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return c
}

func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "border"
}

// Letter is "B" or "W" (SGF and GTP style).
func (c Color) Letter() string {
	if c == White {
		return "W"
	}
	return "B"
}

// ParseColor accepts b, black, w, white in any case.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	}
	return Empty, fmt.Errorf("colour %q: want black or white", s)
}

// Point is an intersection: an index into the padded array of a board of a
// given size. Pass is the same value on every size.
type Point int16

// Pass is the point value of a pass move.
const Pass Point = 0

// MinSize and MaxSize bound the board size; SGMP's 9-bit point value cannot
// address more than 22x22.
const (
	MinSize = 2
	MaxSize = 22
)

// maxPoints is the padded array size for MaxSize.
const maxPoints = (MaxSize + 2) * (MaxSize + 2)

// Move is a player's move: a colour and a point, Point == Pass for a pass.
type Move struct {
	Color Color
	Point Point
}

// ErrCoord is wrapped by every coordinate parsing error.
var ErrCoord = errors.New("bad coordinate")

// stride is the row length of the padded array for a board size.
func stride(size int) int { return size + 2 }

// At returns the point at column col (0 = A, left) and row row (0 = the
// bottom row, "1" in GTP) on a board of the given size. It does not check
// the range; use OnBoard or the parsers for untrusted input.
func At(size, col, row int) Point {
	return Point((row+1)*stride(size) + col + 1)
}

// ColRow is the inverse of At.
func ColRow(size int, p Point) (col, row int) {
	s := stride(size)
	return int(p)%s - 1, int(p)/s - 1
}

// Index is p's place in AllPoints(size) order, row*size + col: the index
// of per-point slices such as Score.Owner.
func Index(size int, p Point) int {
	c, r := ColRow(size, p)
	return r*size + c
}

// OnBoard reports whether col,row lie on a board of the given size.
func OnBoard(size, col, row int) bool {
	return col >= 0 && col < size && row >= 0 && row < size
}

// ValidPoint reports whether p is a real intersection (not Pass, not border)
// on a board of the given size.
func ValidPoint(size int, p Point) bool {
	if p == Pass {
		return false
	}
	c, r := ColRow(size, p)
	return OnBoard(size, c, r)
}

// AllPoints lists the board's intersections, bottom row first.
func AllPoints(size int) []Point {
	ps := make([]Point, 0, size*size)
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			ps = append(ps, At(size, c, r))
		}
	}
	return ps
}

const gtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ" // no I

// GTP formats p as a GTP vertex ("D4", "pass").
func GTP(size int, p Point) string {
	if p == Pass {
		return "pass"
	}
	c, r := ColRow(size, p)
	if !OnBoard(size, c, r) {
		return fmt.Sprintf("?%d", p)
	}
	return string(gtpLetters[c]) + strconv.Itoa(r+1)
}

// ParseGTP reads a GTP vertex ("D4", "d4", "pass").
func ParseGTP(size int, s string) (Point, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if len(s) < 2 {
		return Pass, fmt.Errorf("%w: %q is not a vertex like D4 or pass", ErrCoord, s)
	}
	c := strings.IndexByte(gtpLetters, byte(strings.ToUpper(s[:1])[0]))
	r, err := strconv.Atoi(s[1:])
	if c < 0 || err != nil || !OnBoard(size, c, r-1) {
		return Pass, fmt.Errorf("%w: %q is not on a %dx%d board (columns A-%c without I, rows 1-%d)",
			ErrCoord, s, size, size, gtpLetters[size-1], size)
	}
	return At(size, c, r-1), nil
}

// SGMP is the 9-bit point value of the Go Modem Protocol: 0 = pass,
// 1 + col + size*row with row 0 the bottom row (1 = A1).
func SGMP(size int, p Point) int {
	if p == Pass {
		return 0
	}
	c, r := ColRow(size, p)
	return 1 + c + size*r
}

// FromSGMP is the inverse of SGMP.
func FromSGMP(size, v int) (Point, error) {
	if v == 0 {
		return Pass, nil
	}
	if v < 0 || v > size*size {
		return Pass, fmt.Errorf("%w: SGMP point %d is outside a %dx%d board (1-%d)", ErrCoord, v, size, size, size*size)
	}
	v--
	return At(size, v%size, v/size), nil
}

// SGF formats p as an SGF point ("aa" = top left); pass is "".
func SGF(size int, p Point) string {
	if p == Pass {
		return ""
	}
	c, r := ColRow(size, p)
	return string([]byte{byte('a' + c), byte('a' + size - 1 - r)})
}

// ParseSGF reads an SGF point; "" is a pass, and so is "tt" on boards up to
// 19x19 (the FF[3] convention).
func ParseSGF(size int, s string) (Point, error) {
	if s == "" || (s == "tt" && size <= 19) {
		return Pass, nil
	}
	if len(s) != 2 {
		return Pass, fmt.Errorf("%w: SGF point %q is not two letters", ErrCoord, s)
	}
	c, top := int(s[0]-'a'), int(s[1]-'a')
	if s[0] < 'a' || s[1] < 'a' || !OnBoard(size, c, top) {
		return Pass, fmt.Errorf("%w: SGF point %q is outside a %dx%d board", ErrCoord, s, size, size)
	}
	return At(size, c, size-1-top), nil
}

// HandicapPoints returns the fixed handicap points for n stones on a 9, 13
// or 19 board, in the order of the GTP specification (D4 Q16 D16 Q4 D10 Q10
// K4 K16 K10 on 19x19; the centre is used for odd n from 5).
func HandicapPoints(size, n int) ([]Point, error) {
	if n == 0 {
		return nil, nil
	}
	if size != 9 && size != 13 && size != 19 {
		return nil, fmt.Errorf("fixed handicap needs a 9x9, 13x13 or 19x19 board, not %dx%d", size, size)
	}
	if n < 2 || n > 9 {
		return nil, fmt.Errorf("handicap %d: want 2-9 stones", n)
	}
	e := 3 // edge distance (0-based), the 4-4 point
	if size == 9 {
		e = 2 // the 3-3 point
	}
	lo, mid, hi := e, size/2, size-1-e
	p := func(c, r int) Point { return At(size, c, r) }
	order := []Point{p(lo, lo), p(hi, hi), p(lo, hi), p(hi, lo), p(lo, mid), p(hi, mid), p(mid, lo), p(mid, hi)}
	centre := p(mid, mid)
	switch {
	case n <= 4:
		return append([]Point(nil), order[:n]...), nil
	case n == 5:
		return append(append([]Point(nil), order[:4]...), centre), nil
	case n == 6 || n == 8:
		return append([]Point(nil), order[:n]...), nil
	default: // 7, 9
		return append(append([]Point(nil), order[:n-1]...), centre), nil
	}
}
