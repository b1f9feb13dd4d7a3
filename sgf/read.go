package sgf

import (
	"math"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// Parse reads the main line of the first game tree of an SGF record.
// Properties it does not interpret are kept in Extra. Errors are
// *SyntaxError with the byte offset of the problem.
func Parse(data []byte) (*Record, error) {
	roots, err := parseCollection(data)
	if err != nil {
		return nil, err
	}
	rec, errs := build(mainLine(roots[0]))
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return rec, nil
}

func mainLine(t *tree) []rawNode {
	var nodes []rawNode
	for t != nil {
		nodes = append(nodes, t.nodes...)
		if len(t.children) == 0 {
			break
		}
		t = t.children[0]
	}
	return nodes
}

// builder turns the raw main line into a Record, collecting every value
// problem it can report.
type builder struct {
	rec    *Record
	errs   []*SyntaxError
	latin1 bool

	setup []board.Move // before the first move, in the file's order
	cur   *Node        // the last move node read
	moved bool         // a move node has been read
}

func (b *builder) fail(off int, format string, a ...any) {
	b.errs = append(b.errs, synErr(off, format, a...))
}

func (b *builder) one(p rawProp) (rawValue, bool) {
	if len(p.vals) != 1 {
		b.fail(p.vals[1].off-1, "%s takes one value, not %d", p.id, len(p.vals))
		return rawValue{}, false
	}
	return p.vals[0], true
}

func (b *builder) simple(p rawProp) string {
	v, ok := b.one(p)
	if !ok {
		return ""
	}
	return decodeText(v.text, true, b.latin1)
}

func (b *builder) text(p rawProp) string {
	v, ok := b.one(p)
	if !ok {
		return ""
	}
	return decodeText(v.text, false, b.latin1)
}

func (b *builder) real(p rawProp) float64 {
	v, ok := b.one(p)
	if !ok {
		return 0
	}
	f, ok := parseReal(v.text)
	if !ok || math.IsInf(f, 0) {
		b.fail(v.off, "%s[%s] is not a number", p.id, v.text)
	}
	return f
}

func (b *builder) number(p rawProp) int {
	v, ok := b.one(p)
	if !ok {
		return 0
	}
	n, ok := parseNumber(v.text)
	if !ok {
		b.fail(v.off, "%s[%s] is not a whole number", p.id, v.text)
	}
	return n
}

// points reads a list of points, expanding FF[4] rectangles "aa:cc".
func (b *builder) points(p rawProp) []board.Point {
	var out []board.Point
	size := b.rec.Size
	for _, v := range p.vals {
		lo, hi, rect := splitCompose(v.text)
		a, err := board.ParseSGF(size, lo)
		if err != nil || a == board.Pass {
			b.fail(v.off, "%s[%s] is not a point on a %dx%d board", p.id, v.text, size, size)
			continue
		}
		if !rect {
			out = append(out, a)
			continue
		}
		z, err := board.ParseSGF(size, hi)
		if err != nil || z == board.Pass {
			b.fail(v.off, "%s[%s] is not a rectangle on a %dx%d board", p.id, v.text, size, size)
			continue
		}
		c0, r0 := board.ColRow(size, a)
		c1, r1 := board.ColRow(size, z)
		for r := min(r0, r1); r <= max(r0, r1); r++ {
			for c := min(c0, c1); c <= max(c0, c1); c++ {
				out = append(out, board.At(size, c, r))
			}
		}
	}
	return out
}

func (b *builder) move(p rawProp) (board.Point, bool) {
	v, ok := b.one(p)
	if !ok {
		return board.Pass, false
	}
	pt, err := board.ParseSGF(b.rec.Size, v.text)
	if err != nil {
		b.fail(v.off, "%s[%s] is not a point on a %dx%d board", p.id, v.text, b.rec.Size, b.rec.Size)
		return board.Pass, false
	}
	return pt, true
}

func raw(p rawProp) Property {
	q := Property{ID: p.id, Values: make([]string, len(p.vals))}
	for i, v := range p.vals {
		q.Values[i] = v.text
	}
	return q
}

func has(n rawNode, id string) bool {
	for _, p := range n.props {
		if p.id == id {
			return true
		}
	}
	return false
}

func find(n rawNode, id string) (rawProp, bool) {
	for _, p := range n.props {
		if p.id == id {
			return p, true
		}
	}
	return rawProp{}, false
}

// build interprets the main line. A fatal problem (not Go, bad size) stops
// it with a nil record.
func build(nodes []rawNode) (*Record, []*SyntaxError) {
	rec := &Record{Size: 19}
	b := &builder{rec: rec, latin1: true}
	b.header(nodes[0])
	if len(b.errs) > 0 {
		return nil, b.errs
	}
	for i, n := range nodes {
		b.node(i, n, i == len(nodes)-1)
	}
	// Black stones first, then white: the order the writer uses.
	for _, c := range []board.Color{board.Black, board.White} {
		for _, m := range b.setup {
			if m.Color == c {
				rec.Setup = append(rec.Setup, m)
			}
		}
	}
	if len(b.errs) > 0 {
		return rec, b.errs
	}
	return rec, nil
}

// header reads what the rest of the record depends on: the charset, the
// game and the board size.
func (b *builder) header(root rawNode) {
	if p, ok := find(root, "CA"); ok && len(p.vals) > 0 {
		cs := strings.ToUpper(strings.TrimSpace(p.vals[0].text))
		b.latin1 = cs == "ISO-8859-1" || cs == "LATIN1" || cs == "LATIN-1"
	}
	if p, ok := find(root, "GM"); ok {
		if n := b.number(p); len(b.errs) == 0 && n != 1 {
			b.fail(p.vals[0].off, "GM[%s] is not a Go record (Go is GM[1])", p.vals[0].text)
		}
	}
	p, ok := find(root, "SZ")
	if !ok {
		return
	}
	v, ok := b.one(p)
	if !ok {
		return
	}
	w, h, rect := splitCompose(v.text)
	n, ok := parseNumber(w)
	if m, ok2 := parseNumber(h); rect && (!ok2 || m != n) {
		b.fail(v.off, "SZ[%s]: kisen plays square boards only", v.text)
	} else if !ok || n < board.MinSize || n > board.MaxSize {
		b.fail(v.off, "SZ[%s] is out of range: board sizes are %d to %d", v.text, board.MinSize, board.MaxSize)
	} else {
		b.rec.Size = n
	}
}

// node reads the i-th node of the main line: a move (with its time and
// comment), setup stones (in the root and the nodes before the first move;
// later ones are kept as they are), the final territory and comment (on
// the last node), game information (in the root) and extras.
func (b *builder) node(i int, n rawNode, last bool) {
	isMove := has(n, "B") || has(n, "W")
	setupOK := i == 0 || !isMove && !b.moved
	if isMove {
		if has(n, "B") && has(n, "W") {
			p, _ := find(n, "W")
			b.fail(p.off, "B and W in one node: a node holds one move")
		}
		b.rec.Nodes = append(b.rec.Nodes, Node{})
		b.cur = &b.rec.Nodes[len(b.rec.Nodes)-1]
		b.moved = true
	}
	final := last && i > 0 && (!isMove || has(n, "TB") || has(n, "TW"))
	for _, p := range n.props {
		switch {
		case i == 0 && b.rootProp(p):
		case isMove && b.moveProp(p):
		case final && b.finalProp(p):
		case isMove && p.id == "C":
			b.cur.Comment = b.text(p)
		case setupOK && b.setupProp(p):
		case b.cur != nil:
			b.cur.Extra = append(b.cur.Extra, raw(p))
		default:
			b.rec.Extra = append(b.rec.Extra, raw(p))
		}
	}
}

// moveProp reads a property of a move node and reports whether it did.
func (b *builder) moveProp(p rawProp) bool {
	cur := b.cur
	switch {
	case p.id == "B" || p.id == "W":
		c := board.Black
		if p.id == "W" {
			c = board.White
		}
		pt, _ := b.move(p)
		if cur.Move.Color == board.Empty {
			cur.Move = board.Move{Color: c, Point: pt}
		}
	case p.id == "BL" && cur.Move.Color == board.Black || p.id == "WL" && cur.Move.Color == board.White:
		cur.TimeLeft, cur.HasTime = b.real(p), true
	default:
		return false
	}
	return true
}

// finalProp reads the territory and summary of the last node.
func (b *builder) finalProp(p rawProp) bool {
	switch p.id {
	case "TB":
		b.rec.FinalTB = append(b.rec.FinalTB, b.points(p)...)
	case "TW":
		b.rec.FinalTW = append(b.rec.FinalTW, b.points(p)...)
	case "C":
		b.rec.FinalComment = b.text(p)
	default:
		return false
	}
	return true
}

// setupProp reads AB, AW and AE: a stone placed again replaces the one
// before, AE removes.
func (b *builder) setupProp(p rawProp) bool {
	c := board.Black
	switch p.id {
	case "AB":
	case "AW":
		c = board.White
	case "AE":
		for _, pt := range b.points(p) {
			b.setup = removeSetup(b.setup, pt)
		}
		return true
	default:
		return false
	}
	for _, pt := range b.points(p) {
		b.setup = append(removeSetup(b.setup, pt), board.Move{Color: c, Point: pt})
	}
	return true
}
func removeSetup(s []board.Move, p board.Point) []board.Move {
	for i, m := range s {
		if m.Point == p {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}

// rootProp interprets a game-info property of the root node and reports
// whether it did. AB/AW/AE are setup, handled by build like the setup of
// later nodes.
func (b *builder) rootProp(p rawProp) bool {
	r := b.rec
	switch p.id {
	case "GM", "FF", "CA", "SZ":
		if p.id == "FF" {
			b.number(p)
		}
	case "AP":
		if v, ok := b.one(p); ok {
			name, ver, ok := splitCompose(v.text)
			r.Application = decodeText(name, true, b.latin1)
			if ok {
				r.Application += ":" + decodeText(ver, true, b.latin1)
			}
		}
	case "KM":
		r.Komi = b.real(p)
	case "RU":
		r.Rules = b.simple(p)
	case "HA":
		r.Handicap = b.number(p)
	case "PB":
		r.PlayerBlack = b.simple(p)
	case "PW":
		r.PlayerWhite = b.simple(p)
	case "DT":
		r.Date = b.simple(p)
	case "EV":
		r.Event = b.simple(p)
	case "RO":
		r.Round = b.simple(p)
	case "PC":
		r.Place = b.simple(p)
	case "GN":
		r.GameName = b.simple(p)
	case "RE":
		r.Result = b.simple(p)
	case "GC":
		r.GameComment = b.text(p)
	case "TM":
		r.MainTime = b.real(p)
	case "OT":
		r.Overtime = b.simple(p)
	default:
		return false
	}
	return true
}
