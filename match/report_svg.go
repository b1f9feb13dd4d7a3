package match

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// SVG draws the report: the board, living stones, dead stones faded with
// a red cross, small squares on territory in the owner's colour, a ring on
// unsettled points, and the counts below the board. An unsettled point
// that the count gives to a side keeps its square inside the ring: the
// picture shows both what was counted and what the operators should check.
func (r Report) SVG() []byte {
	const cell, margin = 30, 40
	n := r.Size
	side := margin*2 + cell*(n-1)
	s := r.Judgement.Score
	// The board is drawn into body first: the picture's height depends on
	// how many rows the text below it takes.
	var b, body bytes.Buffer
	fmt.Fprintf(&body, `<rect x="%d" y="%d" width="%d" height="%d" fill="#dcb35c"/>`+"\n", margin/2, margin/2, side-margin, side-margin)
	x := func(col int) int { return margin + col*cell }
	y := func(row int) int { return margin + (n-1-row)*cell }
	const letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
	for i := 0; i < n; i++ {
		fmt.Fprintf(&body, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="1"/>`+"\n", x(0), y(i), x(n-1), y(i))
		fmt.Fprintf(&body, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000" stroke-width="1"/>`+"\n", x(i), y(0), x(i), y(n-1))
		fmt.Fprintf(&body, `<text x="%d" y="%d" font-size="11" text-anchor="middle">%c</text>`+"\n", x(i), margin/2-4, letters[i])
		fmt.Fprintf(&body, `<text x="%d" y="%d" font-size="11" text-anchor="end">%d</text>`+"\n", margin/2-3, y(i)+4, i+1)
	}
	sets := r.pointSets()
	fill := map[board.Point]board.Color{}
	fillStroke := map[board.Color]string{board.Black: "#111", board.White: "#fff"}
	for i, p := range s.Fills {
		fill[p] = s.FillBy[i]
	}
	if r.Board != nil {
		for row := 0; row < n; row++ {
			for col := 0; col < n; col++ {
				p := board.At(n, col, row)
				cx, cy := x(col), y(row)
				m := r.mark(p, row*n+col, sets)
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
					fmt.Fprintf(&body, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" opacity="%s"/>`+"\n", cx, cy, cell/2-1, fill, stroke, op)
					if m == 'x' || m == 'o' {
						d := cell / 4
						fmt.Fprintf(&body, `<path d="M%d %dL%d %dM%d %dL%d %d" stroke="#d00" stroke-width="3"/>`+"\n", cx-d, cy-d, cx+d, cy+d, cx-d, cy+d, cx+d, cy-d)
					}
				case '+', '-':
					fill := "#111"
					if m == '-' {
						fill = "#fff"
					}
					fmt.Fprintf(&body, `<rect x="%d" y="%d" width="10" height="10" fill="%s" stroke="#000" stroke-width="0.5"/>`+"\n", cx-5, cy-5, fill)
					if sets.unsettled[p] {
						fmt.Fprintf(&body, `<circle cx="%d" cy="%d" r="10" fill="none" stroke="#06c" stroke-width="2"/>`+"\n", cx, cy)
					}
				case '*':
					fmt.Fprintf(&body, `<circle cx="%d" cy="%d" r="6" fill="none" stroke="#06c" stroke-width="2"/>`+"\n", cx, cy)
				case '.':
					// A point to fill: a hollow square in the filler's
					// colour, beside the territory's filled ones.
					if stroke, ok := fillStroke[fill[p]]; ok {
						fmt.Fprintf(&body, `<rect x="%d" y="%d" width="10" height="10" fill="none" stroke="%s" stroke-width="2"/>`+"\n", cx-5, cy-5, stroke)
					}
				}
				// Territory under dead stones is marked too.
				if (m == 'x' || m == 'o') && row*n+col < len(s.Owner) && s.Owner[row*n+col] != board.Empty {
					fill := "#111"
					if s.Owner[row*n+col] == board.White {
						fill = "#fff"
					}
					fmt.Fprintf(&body, `<rect x="%d" y="%d" width="8" height="8" fill="%s" stroke="#000" stroke-width="0.5"/>`+"\n", cx+cell/4, cy+cell/4, fill)
				}
			}
		}
	}
	var text []string
	what, wb, ww := "territory", s.Territory[board.Black], s.Territory[board.White]
	if r.Rules == board.Chinese {
		what, wb, ww = "stones+area", s.Stones[board.Black]+s.Territory[board.Black], s.Stones[board.White]+s.Territory[board.White]
	}
	text = append(text, fmt.Sprintf("%s: %s %d, prisoners %d (dead %d), total %g", named("Black", r.Black), what, wb, s.Prisoners[board.Black], s.DeadTaken[board.Black], s.Black))
	text = append(text, fmt.Sprintf("%s: %s %d, prisoners %d (dead %d), komi %g, total %g", named("White", r.White), what, ww, s.Prisoners[board.White], s.DeadTaken[board.White], r.Komi, s.White))
	text = append(text, strings.Split(strings.TrimSpace(r.resultLines()), "\n")...)
	if r.Note != "" {
		text = append(text, "("+r.Note+")")
	}
	text = append(text, fmt.Sprintf("dead stones: %s", r.vertices(r.Judgement.Dead)))
	if len(r.Judgement.Seki) > 0 {
		// Seki stones look alive and their liberties empty: the list is
		// what tells the operators why those points count for nobody.
		text = append(text, fmt.Sprintf("seki stones: %s", r.vertices(r.Judgement.Seki)))
	}
	if len(s.Fills) > 0 {
		text = append(text, fmt.Sprintf("to fill after the dame (hollow squares): %s", r.fills()))
	}
	if len(r.Judgement.Unsettled) > 0 {
		text = append(text, fmt.Sprintf("unsettled points (ringed): %s", r.vertices(r.Judgement.Unsettled)))
	}
	// Lines are wrapped to the picture's width (a 9x9 board is narrow):
	// at most 0.6 em per character, which sans-serif fonts stay under.
	const fontSize = 14
	perLine := (side - margin) * 10 / (fontSize * 6)
	var rows []string
	for _, t := range text {
		rows = append(rows, wrapWords(t, perLine)...)
	}
	height := side + 20 + 18*len(rows)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", side, height, side, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", side, height)
	b.Write(body.Bytes())
	ty := side + 10
	for _, row := range rows {
		ty += 18
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%d">%s</text>`+"\n", margin/2, ty, fontSize, html.EscapeString(row))
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// wrapWords breaks s at spaces into rows of at most n characters (a word
// longer than n is cut).
func wrapWords(s string, n int) []string {
	var rows []string
	for len([]rune(s)) > n {
		rs := []rune(s)
		cut := n
		for i := n; i > n/2; i-- {
			if rs[i] == ' ' {
				cut = i
				break
			}
		}
		rows = append(rows, strings.TrimRight(string(rs[:cut]), " "))
		s = "  " + strings.TrimLeft(string(rs[cut:]), " ")
	}
	return append(rows, s)
}
