package match

import (
	"bytes"
	"fmt"
	"html"

	"github.com/kisen-go/kisen/board"
)

// SVG draws the report: the board, living stones, dead stones faded with
// a red cross, small squares on territory in the owner's colour, a ring on
// unsettled points, and the counts below the board.
func (r Report) SVG() []byte {
	const cell, margin = 30, 40
	n := r.Size
	side := margin*2 + cell*(n-1)
	height := side + 110
	s := r.Judgement.Score
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", side, height, side, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", side, height)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#dcb35c"/>`+"\n", margin/2, margin/2, side-margin, side-margin)
	x := func(col int) int { return margin + col*cell }
	y := func(row int) int { return margin + (n-1-row)*cell }
	const letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="1"/>`+"\n", x(0), y(i), x(n-1), y(i))
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="1"/>`+"\n", x(i), y(0), x(i), y(n-1))
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="middle">%c</text>`+"\n", x(i), margin/2-4, letters[i])
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="end">%d</text>`+"\n", margin/2-3, y(i)+4, i+1)
	}
	un := map[board.Point]bool{}
	for _, p := range r.Judgement.Unsettled {
		un[p] = true
	}
	if r.Board != nil {
		for row := 0; row < n; row++ {
			for col := 0; col < n; col++ {
				p := board.At(n, col, row)
				cx, cy := x(col), y(row)
				m := r.mark(p, row*n+col, un)
				switch m {
				case 'X', 'x', 'O', 'o':
					fill, stroke := "#111", "#000"
					if m == 'O' || m == 'o' {
						fill = "#f4f4f4"
					}
					op := "1"
					if m == 'x' || m == 'o' {
						op = "0.45"
					}
					fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" opacity="%s"/>`+"\n", cx, cy, cell/2-1, fill, stroke, op)
					if m == 'x' || m == 'o' {
						d := cell / 4
						fmt.Fprintf(&b, `<path d="M%d %dL%d %dM%d %dL%d %d" stroke="#d00" stroke-width="3"/>`+"\n", cx-d, cy-d, cx+d, cy+d, cx-d, cy+d, cx+d, cy-d)
					}
				case '+', '-':
					fill := "#111"
					if m == '-' {
						fill = "#fff"
					}
					fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s" stroke="#000" stroke-width="0.5"/>`+"\n", cx-5, cy-5, fill)
				case '*':
					fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="6" fill="none" stroke="#06c" stroke-width="2"/>`+"\n", cx, cy)
				}
				// Territory under dead stones is marked too.
				if (m == 'x' || m == 'o') && row*n+col < len(s.Owner) && s.Owner[row*n+col] != board.Empty {
					fill := "#111"
					if s.Owner[row*n+col] == board.White {
						fill = "#fff"
					}
					fmt.Fprintf(&b, `<rect x="%d" y="%d" width="8" height="8" fill="%s" stroke="#000" stroke-width="0.5"/>`+"\n", cx+cell/4, cy+cell/4, fill)
				}
			}
		}
	}
	ty := side + 10
	line := func(text string) {
		ty += 18
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="14">%s</text>`+"\n", margin/2, ty, html.EscapeString(text))
	}
	what, wb, ww := "territory", s.Territory[board.Black], s.Territory[board.White]
	if r.Rules == board.Chinese {
		what, wb, ww = "stones+area", s.Stones[board.Black]+s.Territory[board.Black], s.Stones[board.White]+s.Territory[board.White]
	}
	line(fmt.Sprintf("Black %s: %s %d, prisoners %d (dead %d), total %g", r.Black, what, wb, s.Prisoners[board.Black], s.DeadTaken[board.Black], s.Black))
	line(fmt.Sprintf("White %s: %s %d, prisoners %d (dead %d), komi %g, total %g", r.White, what, ww, s.Prisoners[board.White], s.DeadTaken[board.White], r.Komi, s.White))
	res := "count " + s.Result
	if r.Result != "" && r.Result != s.Result {
		res += ", game result " + r.Result
	}
	if r.Note != "" {
		res += " (" + r.Note + ")"
	}
	line(res)
	line(fmt.Sprintf("dead stones: %s", r.vertices(r.Judgement.Dead)))
	b.WriteString("</svg>\n")
	return b.Bytes()
}
