package engine

import (
	"bufio"
	"cmp"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kisen-go/kisen/board"
)

// MoveModel is the learned strength (gamma) of each feature value: how
// much more often a move with it is played than one without, fitted to
// game records by minorization–maximization (scripts/mmfit; docs/model.md).
// A value the model does not list has strength 1.
type MoveModel struct {
	Sizes []int                               // board sizes the records were played on
	Gamma [NumFeatureGroups]map[int32]float64 // shapes by their canonical code
	// Patterns are the strengths of the large patterns (pattern.go) by
	// their text; Gamma[FeatPattern] stays empty.
	Patterns map[string]float64
	// OnHandPriors adds the model's wins to the hand-set priors instead
	// of to the even prior (the line "base hand"): for a model fitted to
	// another program's records, which lack the tactics a search needs
	// from its priors (GNU Go seldom plays out a ladder it has read, so
	// its records rate such an atari below a plain one; docs/model.md).
	OnHandPriors bool
	// Weight is the equivalent wins of a move with all the model's
	// strength (learnedPriors; the line "weight W"), for a model whose
	// A/B runs chose another than modelWeight; 0: modelWeight.
	// Options.ModelWeight overrides it.
	Weight int
	Header []string // comment lines: how the model was made

	// tables are the compiled tables, built by the first engine that uses
	// the model and shared by every later one (compiled).
	tables struct {
		once sync.Once
		cm   *compiledModel
	}
}

// ErrBadModel is returned by ParseMoveModel for a file it cannot read.
var ErrBadModel = errors.New("bad move model")

// ReadMoveModelFile reads the model file at path (ParseMoveModel); its
// errors name the file.
func ReadMoveModelFile(path string) (*MoveModel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := ParseMoveModel(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// maxModelLine bounds a model file's line: a real line is under 40 bytes.
const maxModelLine = 200

// ParseMoveModel reads a model file: '#' comment lines, one "sizes N..."
// line, an optional "base hand" or "base even" line (what the model's
// wins are added to; even by default), an optional "weight W" line (the
// model's own prior weight, 1 to MaxModelWeight), then one "GROUP VALUE GAMMA"
// line per feature value (for the pattern group, VALUE is the pattern's
// text: one letter of ".XO#" per point, pattern.go).
func ParseMoveModel(r io.Reader) (*MoveModel, error) {
	m := &MoveModel{Patterns: map[string]float64{}}
	for g := range m.Gamma {
		m.Gamma[g] = map[int32]float64{}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, maxModelLine), maxModelLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if err := m.parseLine(line); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadModel, n, err)
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%w: line %d: longer than %d bytes: not a move model file?", ErrBadModel, n+1, maxModelLine)
	} else if err != nil {
		return nil, fmt.Errorf("%w: line %d: %v", ErrBadModel, n+1, err)
	}
	if len(m.Sizes) == 0 {
		return nil, fmt.Errorf("%w: no \"sizes\" line (which board sizes the model was fitted on)", ErrBadModel)
	}
	if err := m.checkPatterns(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadModel, err)
	}
	return m, nil
}

// checkPatterns rejects more patterns than the search's table numbers,
// and two pattern lines that are one pattern turned or mirrored: the
// board would show both under the same key.
func (m *MoveModel) checkPatterns() error {
	if len(m.Patterns) > maxPatterns {
		return fmt.Errorf("%d patterns: a model lists at most %d", len(m.Patterns), maxPatterns)
	}
	seen := map[uint64]string{}
	for _, text := range slices.Sorted(maps.Keys(m.Patterns)) {
		cells, level, _ := parsePattern(text) // parseLine checked it
		for _, k := range orientedKeys(&cells, level) {
			if other, dup := seen[k]; dup {
				return fmt.Errorf("pattern %s is pattern %s turned or mirrored: list it once", text, other)
			}
			seen[k] = text
		}
	}
	return nil
}

func (m *MoveModel) parseLine(line string) error {
	if line == "" {
		return nil
	}
	if c, ok := strings.CutPrefix(line, "#"); ok {
		m.Header = append(m.Header, strings.TrimPrefix(c, " "))
		return nil
	}
	fields := strings.Fields(line)
	if fields[0] == "sizes" {
		for _, f := range fields[1:] {
			s, err := strconv.Atoi(f)
			if err != nil || s < board.MinSize || s > board.MaxSize {
				return fmt.Errorf("board size %q: want %d-%d", f, board.MinSize, board.MaxSize)
			}
			m.Sizes = append(m.Sizes, s)
		}
		return nil
	}
	if fields[0] == "base" {
		if len(fields) != 2 || (fields[1] != "hand" && fields[1] != "even") {
			return fmt.Errorf("want \"base hand\" or \"base even\" (what the model's wins are added to), got %q", line)
		}
		m.OnHandPriors = fields[1] == "hand"
		return nil
	}
	if fields[0] == "weight" {
		w := 0
		if len(fields) == 2 {
			w, _ = strconv.Atoi(fields[1])
		}
		if w < 1 || w > MaxModelWeight {
			return fmt.Errorf("want \"weight W\" with W from 1 to %d (the equivalent wins of the model's strongest move), got %q", MaxModelWeight, line)
		}
		m.Weight = w
		return nil
	}
	g := slices.Index(featureGroupNames[:], fields[0])
	if g < 0 {
		return fmt.Errorf("unknown feature group %q: want one of %s", fields[0], strings.Join(featureGroupNames[:], ", "))
	}
	if len(fields) != 3 {
		return fmt.Errorf("want \"%s VALUE GAMMA\", got %d fields", fields[0], len(fields))
	}
	if g == FeatPattern {
		if _, _, err := parsePattern(fields[1]); err != nil {
			return err
		}
		gamma, err := parseGamma(fields[2])
		if err != nil {
			return fmt.Errorf("pattern %s: %v", fields[1], err)
		}
		m.Patterns[fields[1]] = gamma
		return nil
	}
	v, err := strconv.ParseInt(fields[1], 10, 32)
	if err != nil || v < 0 || v >= int64(FeatureGroupSize(g)) {
		return fmt.Errorf("%s value %q: want 0-%d", fields[0], fields[1], FeatureGroupSize(g)-1)
	}
	gamma, err := parseGamma(fields[2])
	if err != nil {
		return fmt.Errorf("%s %d: %v", fields[0], v, err)
	}
	m.Gamma[g][int32(v)] = gamma
	return nil
}

func parseGamma(s string) (float64, error) {
	gamma, err := strconv.ParseFloat(s, 64)
	if err != nil || !(gamma > 0) || math.IsInf(gamma, 0) {
		return 0, fmt.Errorf("gamma %q: want a positive number", s)
	}
	return gamma, nil
}

// WriteTo writes the model in the form ParseMoveModel reads, values in
// order, so that a refit of the same records gives the same file.
func (m *MoveModel) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	for _, h := range m.Header {
		for _, line := range wrapComment(h) {
			fmt.Fprintf(&sb, "# %s\n", line)
		}
	}
	sb.WriteString("sizes")
	for _, s := range m.Sizes {
		fmt.Fprintf(&sb, " %d", s)
	}
	sb.WriteString("\n")
	if m.OnHandPriors {
		sb.WriteString("base hand\n")
	}
	if m.Weight > 0 {
		fmt.Fprintf(&sb, "weight %d\n", m.Weight)
	}
	for g, gm := range m.Gamma {
		keys := make([]int32, 0, len(gm))
		for k := range gm {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&sb, "%s %d %.4g\n", featureGroupNames[g], k, gm[k])
		}
	}
	for _, text := range m.patternTexts() {
		fmt.Fprintf(&sb, "%s %s %.4g\n", featureGroupNames[FeatPattern], text, m.Patterns[text])
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// commentWidth is where wrapComment breaks a header line too long for
// ParseMoveModel to read back.
const commentWidth = 100

// wrapComment splits a header line longer than a model line may be (a
// long mmfit command, say) at spaces into pieces of about commentWidth
// bytes, each after the first indented as a continuation; a word longer
// than that is cut. Shorter lines stay as they are, so a committed model
// writes back byte for byte.
func wrapComment(h string) []string {
	if len("# "+h) < maxModelLine { // the scanner needs room for the newline too
		return []string{h}
	}
	var words []string
	for _, w := range strings.Fields(h) {
		for ; len(w) > commentWidth; w = w[commentWidth:] {
			words = append(words, w[:commentWidth])
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		return []string{""}
	}
	lead := h[:len(h)-len(strings.TrimLeft(h, " "))]
	out := []string{lead + words[0]}
	for _, w := range words[1:] {
		if last := &out[len(out)-1]; len(*last)+1+len(w) <= commentWidth {
			*last += " " + w
		} else {
			out = append(out, lead+"    "+w)
		}
	}
	return out
}

// compiledModel is a model as the search reads it: flat tables, shapes in
// all eight orientations. It is read-only once built.
type compiledModel struct {
	onHand bool    // MoveModel.OnHandPriors
	weight float32 // MoveModel.Weight, modelWeight when it is 0
	shape  []float32
	other  [NumFeatureGroups][]float32 // other[FeatPattern] by the index in patterns
	// patterns index the model's patterns (1 up) by the key of each of
	// their orientations, -1 for a smaller size of one that the model
	// does not list; nil when it lists none.
	patterns *patternTable
}

// patternTexts are m's patterns, smallest first, then in text order.
func (m *MoveModel) patternTexts() []string {
	texts := slices.Collect(maps.Keys(m.Patterns))
	slices.SortFunc(texts, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
	})
	return texts
}

func (m *MoveModel) compile() *compiledModel {
	cm := &compiledModel{shape: make([]float32, board.ShapeCodes), onHand: m.OnHandPriors, weight: modelWeight}
	if m.Weight > 0 {
		cm.weight = float32(m.Weight)
	}
	for i := range cm.shape {
		cm.shape[i] = 1
	}
	for code, g := range m.Gamma[FeatShape] {
		for _, v := range board.ShapeVariants(uint32(code)) {
			cm.shape[v] = float32(g)
		}
	}
	for g := FeatShape + 1; g < NumFeatureGroups; g++ {
		cm.other[g] = make([]float32, FeatureGroupSize(g))
		for i := range cm.other[g] {
			cm.other[g][i] = 1
		}
		for v, gamma := range m.Gamma[g] {
			cm.other[g][v] = float32(gamma)
		}
	}
	if len(m.Patterns) > 0 {
		texts := m.patternTexts()
		for _, text := range texts {
			cm.other[FeatPattern] = append(cm.other[FeatPattern], float32(m.Patterns[text]))
		}
		cm.patterns = newPatternTable(patternIndex(texts))
	}
	return cm
}

// patternIndex numbers a model's pattern texts (patternTexts: smallest
// first) from 1, under the key of each of their orientations, with -1
// under the key of a smaller size of a pattern that the model does not
// list: patternValue stops at the first size not in the table, so the
// smaller sizes lead on to it.
func patternIndex(texts []string) map[uint64]int32 {
	index := map[uint64]int32{}
	for i, text := range texts {
		cells, level, _ := parsePattern(text) // checked when parsed
		for o := range 8 {
			keys := patternKeys(&cells, o)
			index[keys[level]] = int32(i + 1)
			for _, k := range keys[:level] {
				if _, ok := index[k]; !ok {
					index[k] = -1
				}
			}
		}
	}
	return index
}

// compiledFor is the tables the search uses on a board of size: m's when
// m covers size, or the committed model for size when m is nil; nil (the
// hand-set priors) otherwise. A model given in Options replaces all the
// committed ones, so that a refit under test is never mixed with them.
func (m *MoveModel) compiledFor(size int) *compiledModel {
	if m != nil {
		if slices.Contains(m.Sizes, size) {
			return m.compiled()
		}
		return nil
	}
	for _, f := range defaultModels() {
		if slices.Contains(f.sizes, size) {
			return f.model().compiled()
		}
	}
	return nil
}

// compiled is m's tables. They are built once per model, as the
// committed models' are: kisen match and kisen gtp make an engine for
// every game, and the tables take 4 MB. A model's Gamma must not change
// once an engine has used it.
func (m *MoveModel) compiled() *compiledModel {
	m.tables.once.Do(func() { m.tables.cm = m.compile() })
	return m.tables.cm
}

// gamma is a move's strength: the product of its features' strengths.
func (cm *compiledModel) gamma(f *Features) float32 {
	g := cm.shape[f[FeatShape]]
	for k := FeatShape + 1; k < NumFeatureGroups; k++ {
		g *= cm.other[k][f[k]]
	}
	return g
}

// The committed models, one file per set of board sizes: moves.model
// (9x9) and any other moves*.model beside it (docs/model.md).
//
//go:embed moves*.model
var modelFiles embed.FS

// committedFile is one committed model file: the board sizes its "sizes"
// line names, and the model, parsed only when a board of one of those
// sizes first asks for it, so that a 9x9 process does not parse the
// 19x19 file (870 KB, a tenth of a second or more).
type committedFile struct {
	sizes []int
	model func() *MoveModel
}

// defaultModels are the committed model files in file-name order, shared
// read-only by every engine. Each model also compiles its tables (4 MB,
// and its patterns) only when a board of its size asks for them
// (compiled).
var defaultModels = sync.OnceValue(func() []committedFile {
	names, err := fs.Glob(modelFiles, "moves*.model")
	if err != nil {
		panic("engine: " + err.Error()) // a build defect: TestDefaultModelsParse
	}
	var files []committedFile
	for _, name := range names {
		sizes, err := modelFileSizes(name)
		if err != nil {
			panic("engine/" + name + ": " + err.Error()) // a build defect: TestDefaultModelsParse
		}
		files = append(files, committedFile{sizes: sizes, model: sync.OnceValue(func() *MoveModel {
			m, err := parseModelFile(name)
			if err != nil {
				panic("engine/" + name + ": " + err.Error()) // a build defect: TestDefaultModelsParse
			}
			return m
		})})
	}
	return files
})

// modelFileSizes reads a committed model file only as far as its "sizes"
// line.
func modelFileSizes(name string) ([]int, error) {
	f, err := modelFiles.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, maxModelLine), maxModelLine)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if fields := strings.Fields(line); len(fields) > 0 && fields[0] == "sizes" {
			var m MoveModel
			err := m.parseLine(line)
			return m.Sizes, err
		}
	}
	return nil, fmt.Errorf("no \"sizes\" line (error %v)", sc.Err())
}

// parseModelFile parses one of the committed model files.
func parseModelFile(name string) (*MoveModel, error) {
	f, err := modelFiles.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseMoveModel(f)
}
