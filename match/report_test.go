package match

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// setupRows builds a 9x9 position from rows, top row first: X black, O
// white.
func setupRows(t *testing.T, rows []string) *board.Board {
	t.Helper()
	b := board.MustNew(9)
	for i, r := range rows {
		for col, ch := range r {
			c := map[rune]board.Color{'X': board.Black, 'O': board.White}[ch]
			if c == board.Empty {
				continue
			}
			if err := b.Setup(c, board.At(9, col, 8-i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}

func reportFixture(t *testing.T) Report {
	t.Helper()
	rs := []string{
		".........",
		".........",
		".........",
		".........",
		".........",
		"OOOOOOOOO",
		"XXXXXXXXX",
		"..OO.....",
		".........",
	}
	b := setupRows(t, rs)
	j := engine.Judge(b, engine.JudgeOptions{Seed: 7, Komi: 6.5})
	return Report{Size: 9, Komi: 6.5, Black: "kisen", White: "GNU Go <3.8>", Board: b, Judgement: j, Result: "W+31.5"}
}

func TestReportText(t *testing.T) {
	r := reportFixture(t)
	txt := r.Text()
	for _, want := range []string{
		" 2  + + o o + + + + +  2",
		"territory                    18       45",
		"prisoners                     2        0",
		"total                        20     51.5",
		"count: W+31.5",
		"dead stones (2): C2 D2",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q:\n%s", want, txt)
		}
	}
	if os.Getenv("KISEN_REPORT_OUT") != "" {
		os.WriteFile(os.Getenv("KISEN_REPORT_OUT")+".txt", []byte(txt), 0o644)
		os.WriteFile(os.Getenv("KISEN_REPORT_OUT")+".svg", r.SVG(), 0o644)
	}
}

func TestReportSVGIsWellFormed(t *testing.T) {
	r := reportFixture(t)
	svg := r.SVG()
	d := xml.NewDecoder(bytes.NewReader(svg))
	circles, crosses := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "circle":
				circles++
			case "path":
				crosses++
			}
		}
	}
	if circles != 20 || crosses != 2 {
		t.Fatalf("%d stones, %d crosses; want 20 and 2", circles, crosses)
	}
	if !bytes.Contains(svg, []byte("GNU Go &lt;3.8&gt;")) {
		t.Fatal("player name not escaped")
	}
}

func TestReportCompare(t *testing.T) {
	r := reportFixture(t)
	if d := r.Compare(OtherCount{Black: 20, White: 51.5, Dead: r.Judgement.Dead}); len(d) != 0 {
		t.Fatalf("same count reported different: %v", d)
	}
	c2, _ := board.ParseGTP(9, "C2")
	a4, _ := board.ParseGTP(9, "A4")
	d := r.Compare(OtherCount{Black: 19, White: 51.5, Dead: []board.Point{c2, a4}})
	want := []string{
		"D2 white stone: dead for kisen, alive for the other program",
		"A4 white stone: dead for the other program, alive for kisen",
		"Black total: kisen 20, other 19",
	}
	if strings.Join(d, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(d, "\n"), strings.Join(want, "\n"))
	}
}

func TestReportWriteFiles(t *testing.T) {
	r := reportFixture(t)
	dir := t.TempDir()
	if err := r.WriteFiles(filepath.Join(dir, "game.sgf")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "game.report.txt")); err != nil || !strings.Contains(string(data), "count: W+31.5") {
		t.Fatalf("text file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "game.report.svg")); err != nil {
		t.Fatalf("picture: %v", err)
	}
	if err := r.WriteFiles(filepath.Join(dir, "no", "such.sgf")); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
}

// A lone neutral point between two living groups is dame: shown as '.'
// and listed as dame, not as a point still needing a move (the demo's
// report once marked such a point '*').
func TestReportShowsDameNotUnsettled(t *testing.T) {
	// Black owns the left, White the right; F5 is the one gap between the walls.
	rs := []string{
		".X..XO..O",
		"XX..XO..O",
		"....XO...",
		"....XO...",
		"....X.O..",
		"....XO...",
		"....XO...",
		"XX..XO.OO",
		".X..XO.O.",
	}
	b := setupRows(t, rs)
	j := engine.Judge(b, engine.JudgeOptions{Seed: 3, Komi: 6.5})
	r := Report{Size: 9, Komi: 6.5, Black: "a", White: "b", Board: b, Judgement: j}
	txt := r.Text()
	for _, want := range []string{" 5  + + + + X . O - -  5", "dame (1): F5"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "unsettled points") {
		t.Errorf("report lists unsettled points:\n%s", txt)
	}
}

// TestReportSVGRingsCountedUnsettledPoints: a point the count gives to
// Black but the judge lists as unsettled keeps its territory square and
// gets the unsettled ring, and the text under the board names it.
func TestReportSVGRingsCountedUnsettledPoints(t *testing.T) {
	r := reportFixture(t)
	a2 := board.At(9, 0, 1)
	if r.Judgement.Score.Owner[1*9+0] != board.Black {
		t.Fatal("fixture: A2 is not Black's territory")
	}
	r.Judgement.Unsettled = append(r.Judgement.Unsettled, a2)
	svg := string(r.SVG())
	// A2 is at x = 40, y = 40 + 7*30 = 250.
	for _, want := range []string{
		`<rect x="35" y="245" width="10" height="10" fill="#111"`,
		`<circle cx="40" cy="250" r="10" fill="none" stroke="#06c"`,
		"unsettled points (ringed): A2",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

// TestReportTextFits80: the report's fixed lines (header, board, legend,
// table, result) fit the operator's 80-column terminal; only the lists
// of points may wrap.
func TestReportTextFits80(t *testing.T) {
	for _, line := range strings.Split(reportFixture(t).Text(), "\n") {
		if strings.Contains(line, "):") { // "dead stones (2): C2 D2" and the like
			continue
		}
		if n := len([]rune(line)); n > 80 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
}

// falseEye9: A3 is White's false eye (its diagonal B2 is Black's) and A1
// is dame; once A1 is filled, A2 is in atari and White must fill A3. GNU
// Go 3.8's Japanese final_score of this position is B+30.5.
var falseEye9 = []string{
	".O.OX....",
	"OOOOX....",
	".O.OX....",
	"OOOOX....",
	"..OXX....",
	"OOOX.....",
	".OXX.....",
	"OXX......",
	".X.......",
}

// A false eye its owner must fill after the dame is counted for nobody
// and named in the text and the picture, and nowhere as unsettled.
func TestReportNamesPointsToFill(t *testing.T) {
	b := setupRows(t, falseEye9)
	j := engine.Judge(b, engine.JudgeOptions{Seed: 3, Komi: 6.5})
	r := Report{Size: 9, Komi: 6.5, Black: "a", White: "b", Board: b, Judgement: j}
	txt := r.Text()
	for _, want := range []string{" 3  . O X X + + + + +  3", "to fill after the dame (1): A3 (White)", "count: B+30.5", "dame (1): A1"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "unsettled points") {
		t.Errorf("report lists unsettled points:\n%s", txt)
	}
	svg := string(r.SVG())
	if !strings.Contains(svg, "to fill after the dame (hollow") || !strings.Contains(svg, "A3 (White)") {
		t.Errorf("picture's text lacks the point to fill:\n%s", svg)
	}
	// Another program that counts A3 as White's differs by that point: the
	// comparison names it. A total lower than kisen's, with the same dead
	// stones, points the operator at the territory.
	sc := j.Score
	d := r.Compare(OtherCount{Black: sc.Black - 1, White: sc.White + 1, Dead: j.Dead})
	want := []string{
		fmt.Sprintf("Black total: kisen %g, other %g", sc.Black, sc.Black-1),
		"  the dead stones agree: compare Black's territory point by point",
		fmt.Sprintf("White total: kisen %g, other %g", sc.White, sc.White+1),
		"  kisen counts A3 for nobody: White fills after the dame",
		"  (the other program may count it as White's territory)",
	}
	if strings.Join(d, "\n") != strings.Join(want, "\n") {
		t.Errorf("comparison:\n%s\nwant\n%s", strings.Join(d, "\n"), strings.Join(want, "\n"))
	}
	// A3 (column 0, row 2 of 9; 30-point cells from a margin of 40) gets a
	// hollow white square.
	if !strings.Contains(svg, `<rect x="35" y="215" width="10" height="10" fill="none" stroke="#fff" stroke-width="2"/>`) {
		t.Errorf("picture lacks the hollow square on A3:\n%s", svg)
	}
}

// The record's final comment names the points to fill, and TW leaves
// them out, so the SGF agrees with the report.
func TestRecordNamesPointsToFill(t *testing.T) {
	b := setupRows(t, falseEye9)
	sc := b.Score(board.Japanese, 6.5, nil, nil)
	r := newRecorder(Options{Size: 9, Komi: 6.5}, "a", "b", nil)
	r.finish(Outcome{Reason: TwoPasses, Result: sc.Result, Detail: "Two passes"}, sc, nil)
	if !strings.Contains(r.rec.FinalComment, "To fill after the dame, not territory: A3.") {
		t.Errorf("final comment %q", r.rec.FinalComment)
	}
	a3 := board.At(9, 0, 2)
	for _, p := range r.rec.FinalTW {
		if p == a3 {
			t.Errorf("TW lists A3")
		}
	}
	if len(r.rec.FinalTW) != 6 {
		t.Errorf("TW has %d points, want 6", len(r.rec.FinalTW))
	}
}

// When the programs disagree on a chain that kisen's judge left open (a
// race the next move decides), the comparison says so and names the
// points to read. White's eye space G9 H9 J9 holds Black's J9: the side
// that plays H9 first wins (engine's TestJudgeRace).
func TestReportCompareNamesOpenFight(t *testing.T) {
	b := setupRows(t, []string{
		"....XO..X",
		"....XOOOO",
		"....XXXXX",
		".........",
		".........",
		".........",
		".........",
		".........",
		".........",
	})
	j := engine.Judge(b, engine.JudgeOptions{Seed: 1, Komi: 6.5})
	r := Report{Size: 9, Komi: 6.5, Black: "a", White: "b", Board: b, Judgement: j}
	var white []board.Point
	for _, v := range []string{"F9", "F8", "G8", "H8", "J8"} {
		p, _ := board.ParseGTP(9, v)
		white = append(white, p)
	}
	// The other program takes White's group as dead and J9 as alive.
	d := strings.Join(r.Compare(OtherCount{Black: 0, White: 0, Dead: white}), "\n")
	for _, want := range []string{
		"kisen leaves the fight of F8 open: read it at G9 H9",
		"kisen leaves the fight of J9 open: read it at H9",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("comparison lacks %q:\n%s", want, d)
		}
	}
	// Agreeing stones bring no such line.
	if d := r.Compare(OtherCount{Black: j.Score.Black, White: j.Score.White, Dead: j.Dead}); len(d) != 0 {
		t.Errorf("agreeing counts compared as %q", d)
	}
}

// The picture lists the seki stones, as the text does: their liberties
// look like anyone's points and count for nobody.
func TestReportSVGListsSeki(t *testing.T) {
	b := setupRows(t, []string{
		"..OX.OX..",
		"..OX.OX..",
		"..OXXOX..",
		"..OOOXX..",
		"....OX...",
		"....OX...",
		"....OX...",
		"....OX...",
		"....OX...",
	})
	j := engine.Judge(b, engine.JudgeOptions{Seed: 1, Komi: 6.5})
	r := Report{Size: 9, Komi: 6.5, Black: "a", White: "b", Board: b, Judgement: j}
	want := "seki stones: " + r.vertices(j.Seki)
	if len(j.Seki) != 7 || !strings.Contains(r.Text(), "seki stones (7)") || !strings.Contains(string(r.SVG()), want) {
		t.Errorf("seki %s; picture lacks %q:\n%s", r.vertices(j.Seki), want, r.SVG())
	}
}
