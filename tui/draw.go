package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgmp"
)

// styles are the screen's colours; all plain with NO_COLOR or a
// terminal without colour (attributes such as reverse still mark things).
type styles struct {
	text, dim, title, board, black, white, star, lastMark, mover, pass,
	ok, warn, bad, question, input tcell.Style
}

func newStyles(colour bool) styles {
	d := tcell.StyleDefault
	s := styles{text: d, dim: d, title: d.Bold(true), board: d, black: d.Bold(true), white: d.Bold(true),
		star: d, lastMark: d.Bold(true), mover: d.Reverse(true), pass: d.Reverse(true),
		ok: d, warn: d.Bold(true), bad: d.Reverse(true), question: d.Reverse(true), input: d.Bold(true)}
	if !colour {
		return s
	}
	wood := tcell.NewRGBColor(0xd7, 0xaf, 0x5f)
	s.dim = d.Foreground(tcell.ColorGray)
	s.board = d.Background(wood).Foreground(tcell.NewRGBColor(0x5f, 0x3f, 0x00))
	s.star = s.board.Bold(true)
	s.black = d.Background(wood).Foreground(tcell.ColorBlack).Bold(true)
	s.white = d.Background(wood).Foreground(tcell.ColorWhite).Bold(true)
	s.lastMark = d.Background(wood).Foreground(tcell.ColorRed).Bold(true)
	s.mover = d.Foreground(tcell.ColorBlack).Background(tcell.ColorYellow).Bold(true)
	s.pass = d.Foreground(tcell.ColorWhite).Background(tcell.ColorBlue).Bold(true)
	s.ok = d.Foreground(tcell.ColorGreen)
	s.warn = d.Foreground(tcell.ColorYellow).Bold(true)
	s.bad = d.Foreground(tcell.ColorWhite).Background(tcell.ColorRed).Bold(true)
	s.question = d.Foreground(tcell.ColorBlack).Background(tcell.ColorYellow)
	return s
}

// put writes s at (x, y), clipped to width w; it returns the columns used.
func (u *UI) put(x, y, w int, s string, st tcell.Style) int {
	n := 0
	for _, r := range s {
		if n >= w {
			break
		}
		u.scr.SetContent(x+n, y, r, nil, st)
		n++
	}
	return n
}

func (u *UI) draw() {
	now := u.opt.Now()
	u.mu.Lock()
	defer u.mu.Unlock()
	u.scr.Clear()
	W, H := u.scr.Size()
	st := newStyles(!u.opt.NoColor && u.scr.Colors() > 1)
	size := 0
	if u.b != nil {
		size = u.b.Size()
	}
	boardW := 3 + 2*size + 3
	boardH := u.drawBoard(st)

	// Bottom: the pending question (wrapped, at most 4 rows) and the input.
	q := wrap(u.question, W)
	if len(q) > 4 {
		q = q[len(q)-4:]
	}
	inputY := H - 1
	for i, l := range q {
		u.put(0, inputY-len(q)+i, W, padRight(l, W), st.question)
	}
	bottom := inputY - len(q) // first row the question and input use
	x := u.put(0, inputY, W, "> ", st.dim)
	in := string(u.input)
	if over := len(u.input) - (W - x - 1); over > 0 {
		in = string(u.input[over:])
	}
	x += u.put(x, inputY, W-x, in, st.input)
	u.scr.ShowCursor(x, inputY)
	if len(u.input) == 0 && u.question == "" {
		u.put(x+1, inputY, W-x-1, "(type help and Enter for commands)", st.dim)
	}

	// The side panel: names and clocks, the move, the link, the last moves.
	sx := boardW + 1
	sw := W - sx
	y := 0
	if sw >= 20 {
		y = u.drawSide(sx, sw, bottom, st, now)
	} else {
		sx, sw, y = 0, W, boardH+1
		y = u.drawSideAt(sx, sw, y, bottom, st, now)
	}

	// The message log: under the board at full width when that is the
	// larger space, else below the side panel.
	lx, ly, lw, lh := sx, y+1, sw, bottom-(y+1)
	if under := bottom - (boardH + 1); under*W >= lh*lw && under >= 3 {
		lx, ly, lw, lh = 0, boardH+1, W, under
	}
	u.drawLog(lx, ly, lw, lh, st)
	u.scr.Show()
}

// drawBoard draws the board at the top left and returns the rows used.
func (u *UI) drawBoard(st styles) int {
	if u.b == nil {
		return 0
	}
	b := u.b
	n := b.Size()
	stars := starPoints(n)
	letters := "   "
	for c := 0; c < n; c++ {
		letters += " " + board.GTP(n, board.At(n, c, 0))[:1]
	}
	u.put(0, 0, len(letters), letters, st.dim)
	last := b.Last()
	marked := last.Color != board.Empty && last.Point != board.Pass
	for r := n - 1; r >= 0; r-- {
		y := n - r
		u.put(0, y, 3, fmt.Sprintf("%2d ", r+1), st.dim)
		for c := 0; c < n; c++ {
			p := board.At(n, c, r)
			ch, cst := '.', st.board
			switch b.At(p) {
			case board.Black:
				ch, cst = 'X', st.black
				if u.dead[p] {
					ch = 'x'
				}
			case board.White:
				ch, cst = 'O', st.white
				if u.dead[p] {
					ch = 'o'
				}
			default:
				if stars[p] {
					ch, cst = '+', st.star
				}
			}
			left, lst := ' ', st.board
			if marked && p == last.Point {
				left, lst = '(', st.lastMark
			} else if marked && c > 0 && board.At(n, c-1, r) == last.Point {
				left, lst = ')', st.lastMark
			}
			u.scr.SetContent(3+2*c, y, left, nil, lst)
			u.scr.SetContent(4+2*c, y, ch, nil, cst)
		}
		right, rst := ' ', st.board
		if marked && board.At(n, n-1, r) == last.Point {
			right, rst = ')', st.lastMark
		}
		u.scr.SetContent(3+2*n, y, right, nil, rst)
		u.put(4+2*n, y, 3, fmt.Sprintf("%2d", r+1), st.dim)
	}
	// The pass marker: a pass leaves no stone, so it is said under the board.
	if last.Color != board.Empty && last.Point == board.Pass {
		u.put(3, n+1, 40, fmt.Sprintf(" %s PASSED (move %d) ", match.Title(last.Color), b.MoveNumber()), st.pass)
	}
	return n + 2
}

// drawSide fills the side panel from the top; it returns the next free row.
func (u *UI) drawSide(x, w, bottom int, st styles, now time.Time) int {
	return u.drawSideAt(x, w, 0, bottom, st, now)
}

func (u *UI) drawSideAt(x, w, y, bottom int, st styles, now time.Time) int {
	setup := u.opt.Setup
	u.put(x, y, w, fmt.Sprintf("kisen  %dx%d  komi %.1f  %s", setup.Size, setup.Size, setup.Komi, setup.Rules), st.title)
	y++
	for _, c := range []board.Color{board.Black, board.White} {
		line := u.clockLine(c, min(w, 44))
		cst := st.text
		if c == u.toMove {
			cst = st.mover
		}
		u.put(x, y, w, line, cst)
		y++
	}
	moveLine := fmt.Sprintf("move %d", u.moveNumber())
	if u.over != "" {
		moveLine += "  " + u.over
	} else if u.toMove != board.Empty {
		moveLine += fmt.Sprintf("  %s to play", match.Title(u.toMove))
	}
	u.put(x, y, w, moveLine, st.title)
	y++
	if u.linkSeen {
		line := "link: " + linkText(u.link, u.opt.Setup, now)
		lst := st.ok
		switch u.link.Cond {
		case sgmp.CondDown, sgmp.CondPeerRestarted, sgmp.CondPeerConfused:
			lst = st.bad
		case sgmp.CondReady, sgmp.CondEnded:
		default:
			lst = st.warn
		}
		ls := wrap(line, w)
		if len(ls) > 4 {
			ls = ls[:4]
		}
		for _, l := range ls {
			if y >= bottom {
				break
			}
			u.put(x, y, w, l, lst)
			y++
		}
	}
	if len(u.last) > 0 {
		ls := wrap("last: "+strings.Join(u.last, ", "), w)
		if len(ls) > 2 {
			// Keep the newest moves.
			ls = wrap("last: "+strings.Join(u.last[len(u.last)-min(len(u.last), w/9):], ", "), w)
			if len(ls) > 2 {
				ls = ls[:2]
			}
		}
		for _, l := range ls {
			if y >= bottom {
				break
			}
			u.put(x, y, w, l, st.text)
			y++
		}
	}
	if u.note != "" && y < bottom {
		u.put(x, y, w, u.note, st.dim)
		y++
	}
	return y
}

func (u *UI) moveNumber() int {
	if u.b == nil {
		return 0
	}
	return u.b.MoveNumber()
}

// clockLine is "> X kisen       39:12  prisoners 3", fitted to w.
func (u *UI) clockLine(c board.Color, w int) string {
	mark := "  "
	if c == u.toMove {
		mark = "> "
	}
	stone := "X"
	if c == board.White {
		stone = "O"
	}
	left := "--:--"
	if g := u.opt.Game; g != nil {
		left = match.ClockText(g.Clock().Left(c))
	}
	caps := 0
	if u.b != nil {
		caps = u.b.Captured(c)
	}
	tail := fmt.Sprintf(" %7s  pris %d", left, caps)
	nameW := max(4, w-len(mark)-2-len(tail))
	name := []rune(u.names[c])
	if len(name) > nameW {
		name = append(name[:nameW-1], '~')
	}
	return fmt.Sprintf("%s%s %-*s%s", mark, stone, nameW, string(name), tail)
}

func (u *UI) drawLog(x, y, w, h int, st styles) {
	if w <= 0 || h <= 0 {
		return
	}
	var rows []string
	for _, m := range u.msgs {
		rows = append(rows, wrap(m, w)...)
	}
	u.scroll = min(u.scroll, max(0, len(rows)-h))
	end := len(rows) - u.scroll
	if u.scroll > 0 {
		h--
		u.put(x, y+h, w, fmt.Sprintf("-- %d more lines below (PgDn) --", u.scroll), st.dim)
	}
	start := max(0, end-h)
	for i, r := range rows[start:end] {
		u.put(x, y+i, w, r, st.text)
	}
}

// linkText is the link line; a normal end is not "DOWN".
func linkText(s sgmp.Status, setup match.LinkSetup, now time.Time) string {
	return match.LinkLine(s, setup, now)
}

// starPoints are the hoshi: the 4-4 points (3-3 below 13x13), the centre,
// and on 19x19 the side points.
func starPoints(n int) map[board.Point]bool {
	m := map[board.Point]bool{}
	if n < 7 {
		return m
	}
	e := 3
	if n >= 13 {
		e = 4
	}
	lines := []int{e - 1, n - e}
	if n%2 == 1 {
		m[board.At(n, n/2, n/2)] = true
	}
	for _, a := range lines {
		for _, b := range lines {
			m[board.At(n, a, b)] = true
		}
	}
	if n == 19 {
		for _, a := range lines {
			m[board.At(n, a, n/2)] = true
			m[board.At(n, n/2, a)] = true
		}
	}
	return m
}

// splitLines splits text at newlines.
func splitLines(text string) []string {
	return strings.Split(strings.TrimRight(text, "\n"), "\n")
}

// wrap breaks s into rows of at most w runes, at spaces where it can;
// continuation rows are indented by two.
func wrap(s string, w int) []string {
	if s == "" || w <= 0 {
		return nil
	}
	var out []string
	rs := []rune(s)
	first := true
	for len(rs) > 0 {
		width := w
		prefix := ""
		if !first && w > 8 {
			prefix, width = "  ", w-2
		}
		first = false
		if len(rs) <= width {
			out = append(out, prefix+string(rs))
			break
		}
		cut := width
		for i := width; i > width/2; i-- {
			if rs[i] == ' ' {
				cut = i
				break
			}
		}
		out = append(out, prefix+strings.TrimRight(string(rs[:cut]), " "))
		rs = []rune(strings.TrimLeft(string(rs[cut:]), " "))
	}
	return out
}

func padRight(s string, w int) string {
	if n := len([]rune(s)); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
