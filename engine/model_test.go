package engine

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// Every committed model parses, writes back to its own file, and covers
// sizes no other committed model covers; moves.model covers 9x9.
func TestDefaultModelsParse(t *testing.T) {
	names, err := fs.Glob(modelFiles, "moves*.model")
	if err != nil || !slices.Contains(names, "moves.model") {
		t.Fatalf("committed models %v (error %v): want moves.model among them", names, err)
	}
	covered := map[int]string{}
	for _, name := range names {
		m, err := parseModelFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if sizes, err := modelFileSizes(name); err != nil || !slices.Equal(sizes, m.Sizes) {
			t.Errorf("%s: the sizes line alone reads %v (error %v), the whole file %v", name, sizes, err, m.Sizes)
		}
		if name == "moves.model" && !slices.Contains(m.Sizes, 9) {
			t.Errorf("%s: sizes %v: it is the 9x9 model, whose line values are 9x9's", name, m.Sizes)
		}
		for _, size := range m.Sizes {
			if other, dup := covered[size]; dup {
				t.Errorf("%s and %s both cover %dx%d: only the first would be used", other, name, size, size)
			}
			covered[size] = name
		}
		if len(m.Gamma[FeatShape]) < 100 {
			t.Errorf("%s: %d shapes: too few for a fitted model", name, len(m.Gamma[FeatShape]))
		}
		text, err := modelFiles.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if _, err := m.WriteTo(&sb); err != nil {
			t.Fatal(err)
		}
		if sb.String() != string(text) {
			t.Errorf("%s: writing the parsed model does not give the committed file back", name)
		}
	}
	if committedModel(9) == nil || committedModel(19) == nil || committedModel(7) != nil {
		t.Error("the engine's 9x9 or 19x19 model is missing, or a 7x7 board got one")
	}
	if committedModel(9).onHand || !committedModel(19).onHand {
		t.Error("the 9x9 model must add to the even prior, the 19x19 one to the hand-set priors (docs/model.md)")
	}
}

// committedModel is the committed model the engine uses on size (nil: the
// hand-set priors).
func committedModel(size int) *compiledModel { return (*MoveModel)(nil).compiledFor(size) }

func TestParseMoveModelNamesTheProblem(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"shape 1 2\n", `no "sizes" line`},
		{"sizes 9\nshap 1 2\n", `line 2: unknown feature group "shap"`},
		{"sizes 9\ncapture 9 2\n", "capture value \"9\": want 0-3"},
		{"sizes 9\ncapture 1 -2\n", "gamma \"-2\": want a positive number"},
		{"sizes 9\ncapture 1 NaN\n", "want a positive number"},
		{"sizes 9\ncapture 1\n", "want \"capture VALUE GAMMA\""},
		{"sizes 99\n", `board size "99"`},
		{"sizes 9\nbase hands\n", `line 2: want "base hand" or "base even"`},
		{"sizes 9\nweight 0\n", `line 2: want "weight W" with W from 1 to 1000`},
		{"sizes 9\nweight 1001\n", `W from 1 to 1000`},
		{"sizes 9\nweight 1.5\n", `got "weight 1.5"`},
		{"sizes 9\nweight\n", `got "weight"`},
		{"sizes 9\n" + strings.Repeat("x", 300) + "\n", "line 2: longer than 200 bytes"},
		{"sizes 19\npattern ..X. 2\n", `pattern "..X." has 4 points: want [12 20 28 36 48 60 72]`},
		{"sizes 19\npattern ...........x 2\n", `point 12 is 'x'`},
		{"sizes 19\npattern ...........X 0\n", `pattern ...........X: gamma "0"`},
		{"sizes 19\npattern ...........X 2\npattern ..........X. 3\n", "pattern ..........X. is pattern ...........X turned or mirrored"},
		{tooManyPatterns(), "32768 patterns: a model lists at most 32767"},
	} {
		_, err := ParseMoveModel(strings.NewReader(tc.in))
		if !errors.Is(err, ErrBadModel) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want ErrBadModel with %q", tc.in, err, tc.want)
		}
	}
}

// tooManyPatterns is a model file with one pattern more than the search's
// table numbers: 28-point patterns whose first 15 points count in binary
// (an own stone for a one) and whose other 13 are the opponent's.
func tooManyPatterns() string {
	var sb strings.Builder
	sb.WriteString("sizes 9\n")
	for i := range maxPatterns + 1 {
		sb.WriteString("pattern ")
		for k := range 15 {
			sb.WriteByte(".X"[i>>k&1])
		}
		sb.WriteString("OOOOOOOOOOOOO 2\n")
	}
	return sb.String()
}

func FuzzParseMoveModel(f *testing.F) {
	text, err := modelFiles.ReadFile("moves.model")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(text[:min(len(text), 2000)]))
	f.Add("sizes 9 19\nshape 5 1.5\nline 3 0.25\n# x\n")
	f.Add("sizes 19\nbase hand\nweight 120\ncapture 1 3\n")
	f.Add("sizes 19\npattern ....X...O..# 1.5\npattern ....X...O..#........ 0.5\n")
	f.Fuzz(func(t *testing.T, in string) {
		m, err := ParseMoveModel(strings.NewReader(in))
		if err != nil {
			return
		}
		m2, _ := writeAndRead(t, m)
		if !slices.Equal(m.Sizes, m2.Sizes) || len(m.Gamma[FeatShape]) != len(m2.Gamma[FeatShape]) || len(m.Patterns) != len(m2.Patterns) || m.OnHandPriors != m2.OnHandPriors || m.Weight != m2.Weight {
			t.Fatal("round trip changed the model")
		}
		_ = m.compile() // every value the parser accepts fits the tables
	})
}

func candidate(t *testing.T, cands []Candidate, v string) Features {
	t.Helper()
	p := mustGTP(t, v)
	for _, c := range cands {
		if c.Move == p {
			return c.Features
		}
	}
	t.Fatalf("%s is not a candidate", v)
	return Features{}
}

func TestCandidatesFeatures(t *testing.T) {
	b := ladderPosition(t, ".........")
	b.SetToMove(board.Black)
	if f := candidate(t, Candidates(b), "D3"); f[FeatCapture] == 0 || f[FeatLine] != 2 {
		t.Errorf("Black D3 captures C3 on the third line: features %v", f)
	}
	b.SetToMove(board.White)
	if f := candidate(t, Candidates(b), "D3"); f[FeatEscape] != 3 {
		t.Errorf("White D3 escapes into a working ladder: escape %d, want 3", f[FeatEscape])
	}
	if f := candidate(t, Candidates(b), "B2"); f[FeatAtari] != 0 || f[FeatShape] != int32(board.CanonicalShape(b.ShapeCode(board.White, mustGTP(t, "B2")))) {
		t.Errorf("White B2: features %v", f)
	}
	b = ladderPosition(t, "......O..")
	b.SetToMove(board.White)
	if f := candidate(t, Candidates(b), "D3"); f[FeatEscape] != 2 {
		t.Errorf("White D3 with the ladder broken: escape %d, want 2 (two liberties, not caught)", f[FeatEscape])
	}
}

// With the committed model a stone just played into atari is captured
// first, and an escape into a working ladder is not the answer to the
// atari.
func TestLearnedPriorsReadTheFight(t *testing.T) {
	cm := committedModel(9)
	best := func(kids []node) board.Point {
		top := kids[0]
		for _, k := range kids {
			if k.wins/k.visits > top.wins/top.visits {
				top = k
			}
		}
		return top.move
	}
	// The ladder position, less the stone about to be played.
	without := func(c board.Color, v string, row4, row3 string) *board.Board {
		t.Helper()
		b := ladderRows(t, ".........", row4, row3)
		b.SetToMove(c)
		if err := b.Play(board.Move{Color: c, Point: mustGTP(t, v)}); err != nil {
			t.Fatal(err)
		}
		return b
	}
	b := without(board.White, "C3", "..X......", ".X.......")
	if got := best(priors(b, nil, nil, withModel(cm))); got != mustGTP(t, "D3") {
		t.Errorf("after White C3 in atari, Black's most favoured move is %s, want the capture D3", board.GTP(9, got))
	}
	b = without(board.Black, "C4", ".........", ".XO......")
	if got := best(priors(b, nil, nil, withModel(cm))); got == mustGTP(t, "D3") {
		t.Error("after Black's atari C4, White's most favoured move is D3, an escape into a working ladder")
	}
	// The same escape with a ladder breaker at G7 is a real one: the model
	// must rate it clearly above the escape into the working ladder (a
	// model of all ones gives both about 0.66; the committed one 0.80 and
	// 0.67).
	escape := map[string]float32{}
	for _, row7 := range []string{".........", "......O.."} {
		b := ladderPosition(t, row7)
		b.SetToMove(board.White)
		escape[row7] = priorMean(t, priors(b, nil, nil, withModel(cm)), "D3")
	}
	if caught, free := escape["........."], escape["......O.."]; free < caught+0.05 {
		t.Errorf("White's escape D3: prior %.3f with the ladder broken, %.3f when it works; want the first higher by 0.05", free, caught)
	}
}

// Options.Model replaces the committed model on the sizes it covers; on
// the others the engine keeps the hand-set priors.
func TestOptionsModel(t *testing.T) {
	m, err := ParseMoveModel(strings.NewReader("sizes 9\ncapture 1 50\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Options{Size: 9, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if e.model == nil || e.model == committedModel(9) || e.model.other[FeatCapture][1] != 50 {
		t.Errorf("9x9 with a 9x9 model: the engine does not use it")
	}
	if again, err := New(Options{Size: 9, Model: m}); err != nil || again.model != e.model {
		t.Errorf("a second engine with the same model compiled its own tables (error %v)", err)
	}
	if e, err = New(Options{Size: 13, Model: m}); err != nil || e.model != nil {
		t.Errorf("13x13 with a 9x9 model: model %v, error %v; want the hand-set priors", e.model != nil, err)
	}
	if e, err = New(Options{Size: 9}); err != nil || e.model != committedModel(9) {
		t.Errorf("no Model: the engine does not use the committed model")
	}
}

// A model's own weight sets its priors' weight; Options.ModelWeight
// overrides it, and a model without one gets modelWeight.
func TestModelWeight(t *testing.T) {
	for _, tc := range []struct {
		file   string
		option int
		want   float32
	}{
		{"sizes 9\ncapture 1 50\n", 0, modelWeight},
		{"sizes 9\nweight 120\ncapture 1 50\n", 0, 120},
		{"sizes 9\nweight 120\ncapture 1 50\n", 70, 70},
	} {
		m, err := ParseMoveModel(strings.NewReader(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		m2, _ := writeAndRead(t, m)
		opt := Options{Size: 9, Model: m2, ModelWeight: tc.option}
		e, err := New(opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := opt.priorSet(e.model).weight; got != tc.want {
			t.Errorf("%q with ModelWeight %d: weight %v, want %v", tc.file, tc.option, got, tc.want)
		}
	}
	// The committed 9x9 model sets none: its A/B runs chose modelWeight.
	if got := committedModel(9).weight; got != modelWeight {
		t.Errorf("the 9x9 model's weight is %v, want %v", got, modelWeight)
	}
}

// TestLearnedPriorsOnHand checks that a model marked "base hand" adds to
// each hand-set prior the wins it adds to the even prior: the two walks
// over the candidates must meet move for move, on crowded 19x19 boards.
func TestLearnedPriorsOnHand(t *testing.T) {
	text := "sizes 19\ncapture 1 4\nescape 1 9\nlast 0 8\nline 32 3\nshape 0 2\n"
	even, err := ParseMoveModel(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	onHand, err := ParseMoveModel(strings.NewReader(strings.Replace(text, "\n", "\nbase hand\n", 1)))
	if err != nil || !onHand.OnHandPriors {
		t.Fatalf("base hand: %v, OnHandPriors %v", err, onHand.OnHandPriors)
	}
	positions := []*board.Board{
		readMoves(t, filepath.Join("testdata", "judge", "gnugo-19-1.sgf"), 30),
		readMoves(t, filepath.Join("testdata", "judge", "gnugo-19-1.sgf"), 150),
	}
	// Random play leaves ataris and ladders all over the board: the
	// model path's features answer the hand-set priors' ladder questions
	// there, and the answers must be the ones the ladder reader gives.
	r := board.NewRand(7)
	ladders := 0
	for len(positions) < 40 {
		b := board.MustNew(19)
		for range 60 + r.Intn(200) {
			if err := b.Play(board.Move{Color: b.ToMove(), Point: b.RandomMove(b.ToMove(), r)}); err != nil {
				t.Fatal(err)
			}
		}
		scan := newFeatureScan(b, new(board.Ladders), nil)
		scan.candidates(func(_ board.Point, _ int, f Features) {
			if f[FeatAtari] == 2 || f[FeatEscape] == 3 {
				ladders++
			}
		})
		positions = append(positions, b)
	}
	if ladders < 20 {
		t.Fatalf("only %d ladder answers in the random positions", ladders)
	}
	for n, b := range positions {
		lad := new(board.Ladders)
		hand := handPriors(b, nil, lad, 0)
		plain := learnedPriors(b, nil, lad, withModel(even.compiled()))
		mixed := learnedPriors(b, nil, lad, withModel(onHand.compiled()))
		if len(mixed) != len(hand) || len(plain) != len(hand) {
			t.Fatalf("position %d: %d, %d and %d children", n, len(hand), len(plain), len(mixed))
		}
		for i := range hand {
			added := plain[i].visits - evenPrior
			if hand[i].move == board.Pass {
				added = 0
			}
			if mixed[i].move != hand[i].move || plain[i].move != hand[i].move ||
				abs32(mixed[i].visits-hand[i].visits-added) > 1e-3 || abs32(mixed[i].wins-hand[i].wins-added) > 1e-3 {
				t.Fatalf("position %d, child %d: hand %s %.2f/%.2f, model %s +%.2f, both %s %.2f/%.2f", n, i,
					board.GTP(19, hand[i].move), hand[i].wins, hand[i].visits, board.GTP(19, plain[i].move), added,
					board.GTP(19, mixed[i].move), mixed[i].wins, mixed[i].visits)
			}
		}
	}
}

func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }

// writeAndRead writes m and parses the text back, failing the test if the
// written model does not parse.
func writeAndRead(t *testing.T, m *MoveModel) (*MoveModel, string) {
	t.Helper()
	var sb strings.Builder
	if _, err := m.WriteTo(&sb); err != nil {
		t.Fatal(err)
	}
	m2, err := ParseMoveModel(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatalf("the written model does not parse: %v\n%s", err, sb.String())
	}
	return m2, sb.String()
}

// A header line too long to read back, such as a long mmfit command, is
// written over several comment lines, so the file parses again.
func TestWriteToWrapsLongHeader(t *testing.T) {
	m, err := ParseMoveModel(strings.NewReader("sizes 19\nshape 5 1.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	long := "  go run ./scripts/mmfit " + strings.Repeat("-targets /a/long/path/of/targets.txt ", 8) + strings.Repeat("x", 250)
	m.Header = []string{"fitted by", long}
	m2, text := writeAndRead(t, m)
	if len(m2.Header) < 4 || m2.Header[0] != "fitted by" || !strings.HasPrefix(m2.Header[1], "  go run ./scripts/mmfit -targets") {
		t.Errorf("header read back as %q", m2.Header)
	}
	if got, want := strings.Join(strings.Fields(strings.Join(m2.Header[1:], "")), ""), strings.Join(strings.Fields(long), ""); got != want {
		t.Errorf("the wrapped header lost text:\n got %q\nwant %q", got, want)
	}
	for _, line := range strings.Split(text, "\n") {
		if len(line) > commentWidth+10 {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
	}
	// At the reader's limit: a one-word header just short of it, at it
	// and past it.
	for n := maxModelLine - 4; n <= maxModelLine+2; n++ {
		m.Header = []string{strings.Repeat("a", n)}
		m2, _ := writeAndRead(t, m)
		if got := strings.Join(m2.Header, ""); strings.ReplaceAll(got, " ", "") != m.Header[0] {
			t.Errorf("a header of %d bytes read back as %q", n, m2.Header)
		}
	}
}
