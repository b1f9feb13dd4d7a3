package match

import (
	"regexp"
	"strings"
	"testing"
)

// TestReportAfterResignation: the game's result comes first and the count
// of the final position is marked as not the result.
func TestReportAfterResignation(t *testing.T) {
	r := reportFixture(t)
	r.Result, r.Note = "B+R", "white resigned (by GNU Go)"
	text := r.Text()
	if strings.Contains(text, "\ncount: ") {
		t.Errorf("a resigned game's report shows a count as if it were the result:\n%s", text)
	}
	i, j := strings.Index(text, "result: B+R"), strings.Index(text, "(not the result)")
	if i < 0 || j < i {
		t.Errorf("want the result, then the count marked as not the result:\n%s", text)
	}
	if svg := string(r.SVG()); !strings.Contains(svg, "result: B+R") || !strings.Contains(svg, "not the") {
		t.Errorf("the picture does not say the result the same way")
	}
	r.Result = r.Judgement.Score.Result
	if text := r.Text(); !strings.Contains(text, "\ncount: "+r.Result) || strings.Contains(text, "not the result") {
		t.Errorf("a counted game's report:\n%s", text)
	}
}

// TestReportSVGTextFits: on 9x9, 13x13 and 19x19 every text row under the
// board fits the picture's width at 0.6 em per character.
func TestReportSVGTextFits(t *testing.T) {
	base := reportFixture(t)
	width := regexp.MustCompile(`<svg [^>]*width="(\d+)"`)
	row := regexp.MustCompile(`<text x="(\d+)" y="\d+" font-size="14">([^<]*)</text>`)
	for _, n := range []int{9, 13, 19} {
		r := base
		r.Size = n
		r.Board = nil
		r.Black, r.White = "kisen 0.9 (MCTS, 2 threads)", "GNU Go 3.8 level 10 (entered by hand)"
		r.Result, r.Note = "W+R", "black resigned (reported by the operator)"
		svg := string(r.SVG())
		var w int
		if m := width.FindStringSubmatch(svg); m != nil {
			w = atoi(m[1])
		}
		rows := row.FindAllStringSubmatch(svg, -1)
		if len(rows) < 5 {
			t.Fatalf("%dx%d: %d text rows", n, n, len(rows))
		}
		for _, m := range rows {
			x, chars := atoi(m[1]), len([]rune(unescape(m[2])))
			if x+chars*14*6/10 > w {
				t.Errorf("%dx%d: %q (%d chars) overflows %d px", n, n, m[2], chars, w)
			}
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func unescape(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'").Replace(s)
}
