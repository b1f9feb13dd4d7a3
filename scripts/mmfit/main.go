// mmfit fits the engine's learned move model (engine/moves.model) to game
// records by minorization–maximization (Coulom, "Computing Elo ratings of
// move patterns in the game of Go", 2007): each feature value gets a
// strength so that the moves played are as likely as possible, a move's
// strength being the product of its features' and its chance the share of
// its strength among the position's candidates.
//
// Usage: go run ./scripts/mmfit [-o engine/moves.model] [-iter 40] [-skip GROUP,...] [-base hand] [-weight W] [-pattern-min 5] [-every N] [-test DIR] [-targets FILE,... [-target-weight W]] DIR...
//
// -skip leaves the named feature groups out of the fit (their strengths
// stay 1, or -start's), to measure what a group adds, or to fit one group
// on top of a committed model (-start engine/moves.model -skip all the
// others). The pattern group's values are the large patterns
// (engine/pattern.go) played at least -pattern-min times in the training
// games, each candidate taking the largest of its nested patterns among
// them. -base hand marks the model's wins as added to the hand-set
// priors, for records of another program (engine.MoveModel.OnHandPriors).
// -weight W writes the model's own prior weight (engine.MoveModel.Weight),
// for a model whose A/B runs chose another than the engine's default.
//
// Every tenth game is held out: the fit reports how often the model's top
// move is the move played there, and the mean log-likelihood. -test DIR
// holds out DIR's records instead and fits every game of DIR...: a fit on
// other records is then scored on the same games as the committed model.
// -every N fits every Nth position of the training records, so that a
// corpus too large for memory (about 150 bytes a candidate, some 250
// candidates a 19x19 position) still lends all its games' patterns to
// the pattern count, which reads every position.
//
// -targets adds positions whose target is a distribution over the moves
// instead of the move played: the visit shares of kisen's own deeper
// searches that scripts/searchtargets writes. A value's wins are then the
// targets of the candidates that have it (the minorization of the
// cross-entropy against the targets); -target-weight W counts each such
// position W times. -test-targets FILE,... scores the model on held-out
// searches: the log-likelihood of each search's first choice, and how
// often the model puts it first.
package main

import (
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/sgf"
)

const ng = engine.NumFeatureGroups

// position is one move of a record: its candidates' features (ng values
// each, as global indices) and which candidate was played.
type position struct {
	first, n int // candidates[first : first+n]
	played   int // the move played, or the target's largest share
	weight   float64
}

type dataset struct {
	feats     []int32   // ng per candidate
	targets   []float64 // per candidate: its share of the position's target (1 for the move played)
	positions []position
	games     int
	every     int              // keep every every-th move played (0 or 1: all); an eye fill kept is dropped
	skipped   int              // moves passed since the last kept one
	patterns  map[uint64]int32 // the pattern group's value (1 up) by canonical key
}

// offset is where each group's values start among all the gammas: the
// pattern group, last, has one value more than the patterns fitted.
var offset [ng + 1]int32

func setOffsets(patterns int) {
	for g := 0; g < ng; g++ {
		n := int32(engine.FeatureGroupSize(g))
		if g == engine.FeatPattern {
			n += int32(patterns)
		}
		offset[g+1] = offset[g] + n
	}
}

// patternCount is how often one pattern was the move played.
type patternCount struct {
	text string
	n    int
}

// countPatterns counts, over files, the patterns of every level around
// the moves played, by canonical key.
func countPatterns(files []string) map[uint64]*patternCount {
	counts := map[uint64]*patternCount{}
	for _, f := range files {
		_, err := replay(f, func(b *board.Board, p board.Point) {
			keys := engine.PatternKeys(b, b.ToMove(), p)
			for l, k := range keys {
				if pc := counts[k]; pc != nil {
					pc.n++
				} else {
					counts[k] = &patternCount{engine.PatternText(b, b.ToMove(), p, l), 1}
				}
			}
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "mmfit: skipping %s: %v\n", f, err)
		}
	}
	return counts
}

// patternIndex numbers the patterns played at least minPlayed times, in key
// order, from 1; texts[i-1] is the text of pattern i.
func patternIndex(counts map[uint64]*patternCount, minPlayed int) (index map[uint64]int32, texts []string) {
	index = map[uint64]int32{}
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		if counts[k].n >= minPlayed {
			texts = append(texts, counts[k].text)
			index[k] = int32(len(texts))
		}
	}
	return index, texts
}

func main() {
	out := flag.String("o", "engine/moves.model", "model file to write")
	iters := flag.Int("iter", 40, "MM iterations")
	minSeen := flag.Int("min-seen", 3, "write a shape only when it was a candidate this many times")
	base := flag.String("base", "even", "what the search adds the model's wins to: even (the even prior) or hand (the hand-set priors)")
	skipList := flag.String("skip", "", "feature groups to leave out of the fit, comma-separated (e.g. fight,prev)")
	patternMin := flag.Int("pattern-min", 5, "fit a large pattern only when it was the move played this many times")
	startFile := flag.String("start", "", "start from this model's strengths; with -skip, the skipped groups keep them")
	testDir := flag.String("test", "", "hold out this folder's records instead of every tenth game")
	every := flag.Int("every", 1, "fit every Nth position of the training records")
	targets := flag.String("targets", "", "comma-separated files of scripts/searchtargets: positions whose targets are a search's visit shares")
	targetWeight := flag.Float64("target-weight", 1, "how many positions each -targets position counts for")
	weight := flag.Int("weight", 0, fmt.Sprintf("the model's own prior weight, 1 to %d, written as its \"weight\" line (0: none, the engine's default)", engine.MaxModelWeight))
	testTargets := flag.String("test-targets", "", "comma-separated files of scripts/searchtargets held out: the fit reports how often the model's first choice is the search's")
	flag.Parse()
	if *base != "even" && *base != "hand" {
		fail(fmt.Errorf("-base %q: want even or hand", *base))
	}
	if *weight < 0 || *weight > engine.MaxModelWeight {
		fail(fmt.Errorf("-weight %d: want 0 (none) or 1 to %d", *weight, engine.MaxModelWeight))
	}
	if *every < 1 {
		fail(fmt.Errorf("-every %d: want 1 or more", *every))
	}
	if !(*targetWeight > 0) {
		fail(fmt.Errorf("-target-weight %v: want more than 0", *targetWeight))
	}
	var skip [ng]bool
	for _, name := range strings.Split(*skipList, ",") {
		if name == "" {
			continue
		}
		g := 0
		for g < ng && engine.FeatureGroupName(g) != name {
			g++
		}
		if g == ng {
			fail(fmt.Errorf("-skip: no feature group %q", name))
		}
		skip[g] = true
	}
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/mmfit [-o FILE] DIR...")
		os.Exit(2)
	}
	files, err := records(flag.Args()...)
	if err != nil {
		fail(err)
	}
	var trainFiles, testFiles []string
	if *testDir == "" {
		trainFiles, testFiles = split(files)
	} else {
		if testFiles, err = records(*testDir); err != nil {
			fail(fmt.Errorf("-test %s: %w", *testDir, err))
		}
		if len(testFiles) == 0 {
			fail(fmt.Errorf("-test %s: no .sgf records in it; give the folder of the held-out games", *testDir))
		}
		trainFiles = files
	}
	var patterns map[uint64]int32
	var patternTexts []string
	if !skip[engine.FeatPattern] {
		counts := countPatterns(trainFiles)
		patterns, patternTexts = patternIndex(counts, *patternMin)
		fmt.Printf("patterns: %d played at least %d times, of %d\n", len(patternTexts), *patternMin, len(counts))
	}
	setOffsets(len(patternTexts))
	train, test := dataset{patterns: patterns, every: *every}, dataset{patterns: patterns}
	sizes := map[int]bool{}
	for _, set := range []struct {
		d     *dataset
		files []string
	}{{&train, trainFiles}, {&test, testFiles}} {
		for _, f := range set.files {
			size, err := set.d.add(f)
			if err != nil {
				fmt.Fprintf(os.Stderr, "mmfit: skipping %s: %v\n", f, err)
				continue
			}
			sizes[size] = true
		}
	}
	if *targets != "" {
		n, err := train.addTargets(strings.Split(*targets, ","), *targetWeight)
		if err != nil {
			fail(err)
		}
		fmt.Printf("targets: %d positions, each counted %g times\n", n, *targetWeight)
	}
	var testSoft dataset
	if *testTargets != "" {
		testSoft = dataset{patterns: patterns}
		n, err := testSoft.addTargets(strings.Split(*testTargets, ","), 1)
		if err != nil {
			fail(err)
		}
		fmt.Printf("held-out targets: %d positions\n", n)
	}
	fmt.Printf("train: %d games, %d positions, %d candidates; test: %d games, %d positions\n",
		train.games, len(train.positions), len(train.feats)/ng, test.games, len(test.positions))
	gamma := make([]float64, offset[ng])
	for i := range gamma {
		gamma[i] = 1
	}
	var start *engine.MoveModel
	if *startFile != "" {
		if start, err = engine.ReadMoveModelFile(*startFile); err != nil {
			fail(err)
		}
		for g := 0; g < ng; g++ {
			for v, gm := range start.Gamma[g] {
				gamma[offset[g]+v] = gm
			}
		}
	}
	wins, seen := train.counts()
	report := func(label string) {
		ll, top := test.evaluate(gamma)
		fmt.Printf("%s: test log-likelihood %.4f per move, top-1 %.1f%%\n", label, ll, 100*top)
		if len(testSoft.positions) > 0 {
			ll, top := testSoft.evaluate(gamma)
			fmt.Printf("%s: held-out targets: log-likelihood of the search's first choice %.4f, the model's first %.1f%%\n", label, ll, 100*top)
		}
	}
	report("start")
	for it := 1; it <= *iters; it++ {
		for g := 0; g < ng; g++ {
			if !skip[g] {
				train.update(gamma, wins, g)
			}
		}
		if it%10 == 0 || it == *iters {
			report(fmt.Sprintf("iteration %d", it))
		}
	}
	ll, top := test.evaluate(gamma)
	m := model(gamma, seen, *minSeen, sizes, skip, patternTexts)
	if start != nil {
		for g := 0; g < ng; g++ {
			if skip[g] {
				m.Gamma[g] = start.Gamma[g]
			}
		}
		if skip[engine.FeatPattern] {
			m.Patterns = start.Patterns
		}
	}
	m.OnHandPriors = *base == "hand"
	m.Weight = *weight
	m.Header = []string{
		"kisen's learned move model: feature strengths (Bradley-Terry gammas) fitted by",
		"  go run ./scripts/mmfit " + strings.Join(os.Args[1:], " "),
		fmt.Sprintf("  on %d games (%d positions), %d iterations; held-out %d games: top-1 %.1f%%, log-likelihood %.4f",
			train.games, len(train.positions), *iters, test.games, 100*top, ll),
		"  See docs/model.md for the records and how they were made.",
	}
	var sb strings.Builder
	if _, err := m.WriteTo(&sb); err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, []byte(sb.String()), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("wrote %s\n", *out)
}

// records are the .sgf files of the folders, sorted.
func records(dirs ...string) ([]string, error) {
	var files []string
	for _, dir := range dirs {
		m, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	return files, nil
}

// split holds out every tenth of the sorted files.
func split(files []string) (train, test []string) {
	for i, f := range files {
		if i%10 == 9 {
			test = append(test, f)
		} else {
			train = append(train, f)
		}
	}
	return train, test
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mmfit:", err)
	os.Exit(1)
}

// add replays the record in file and adds its moves.
func (d *dataset) add(file string) (int, error) {
	size, err := replay(file, d.addPosition)
	if err != nil {
		return 0, err
	}
	d.games++
	return size, nil
}

// replay calls fn with the board before each move of the record in file
// that the model learns from, and the point played; it returns the
// record's board size.
func replay(file string, fn func(b *board.Board, played board.Point)) (int, error) {
	return replayAll(file, func(i int, b *board.Board, mv board.Move) error {
		// The first move is left out: on 9x9 the opening book plays it,
		// and a model fitted to it favours the empty centre everywhere.
		if i > 0 && mv.Point != board.Pass && b.ToMove() == mv.Color {
			fn(b, mv.Point)
		}
		return nil
	})
}

// replayAll calls fn with the board before each move of the record in
// file, the number of moves played before it and the move; it returns the
// record's board size. Unlike sgf.Record.Walk it plays on past a missing
// move (one colour twice in a row, as in two of the strong records), so
// that the rest of such a record is fitted too.
func replayAll(file string, fn func(i int, b *board.Board, mv board.Move) error) (int, error) {
	rec, err := sgf.ReadRecord(file)
	if err != nil {
		return 0, err
	}
	b, err := rec.Replay(0)
	if err != nil {
		return 0, err
	}
	for i, nd := range rec.Nodes {
		if err := fn(i, b, nd.Move); err != nil {
			return 0, err
		}
		if err := b.Play(nd.Move); err != nil {
			return 0, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return rec.Size, nil
}

func (d *dataset) addPosition(b *board.Board, played board.Point) {
	// Skipped first: a skipped position costs no candidate scan.
	if d.every > 1 {
		if d.skipped++; d.skipped < d.every {
			return
		}
		d.skipped = 0
	}
	cands := engine.Candidates(b)
	idx := slices.IndexFunc(cands, func(c engine.Candidate) bool { return c.Move == played })
	if idx < 0 {
		return // an eye-filling move: the search never considers it
	}
	d.addCandidates(b, cands, func(k int) float64 {
		if k == idx {
			return 1
		}
		return 0
	}, idx, 1)
}

// addCandidates adds the position b with its candidates cands, each
// candidate's target share given by target, the largest at best.
func (d *dataset) addCandidates(b *board.Board, cands []engine.Candidate, target func(k int) float64, best int, weight float64) {
	pos := position{first: len(d.feats) / ng, n: len(cands), played: best, weight: weight}
	for k, c := range cands {
		f := c.Features
		if d.patterns != nil {
			f[engine.FeatPattern] = d.patternValue(b, c.Move)
		}
		for g := 0; g < ng; g++ {
			d.feats = append(d.feats, offset[g]+f[g])
		}
		d.targets = append(d.targets, target(k))
	}
	d.positions = append(d.positions, pos)
}

// addTargets adds the positions of scripts/searchtargets files, each with
// its search's visit shares as the target, weighted by weight; it returns
// how many it added. A position none of whose visited moves is a
// candidate is left out.
func (d *dataset) addTargets(files []string, weight float64) (int, error) {
	want := map[string]map[int]map[[2]int]float64{} // record, move index, (col, row): visits
	var order []string
	for _, tf := range files {
		data, err := os.ReadFile(tf)
		if err != nil {
			return 0, err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			rec, index, visits, err := parseTarget(line)
			if err != nil {
				return 0, fmt.Errorf("%s line %d: %w", tf, i+1, err)
			}
			if want[rec] == nil {
				want[rec] = map[int]map[[2]int]float64{}
				order = append(order, rec)
			}
			want[rec][index] = visits
		}
	}
	n := 0
	for _, file := range order {
		positions := want[file]
		_, err := replayAll(file, func(i int, b *board.Board, _ board.Move) error {
			visits, ok := positions[i]
			if !ok {
				return nil
			}
			cands := engine.Candidates(b)
			shares := make([]float64, len(cands))
			total, best := 0.0, 0
			for k, c := range cands {
				col, row := board.ColRow(b.Size(), c.Move)
				shares[k] = visits[[2]int{col, row}]
				total += shares[k]
				if shares[k] > shares[best] {
					best = k
				}
			}
			if total == 0 {
				return nil
			}
			d.addCandidates(b, cands, func(k int) float64 { return shares[k] / total }, best, weight)
			n++
			return nil
		})
		if err != nil {
			return n, fmt.Errorf("-targets: %s: %w", file, err)
		}
	}
	return n, nil
}

// parseTarget reads one line of scripts/searchtargets: the record, the
// number of moves before the position, the mover, then col,row:visits
// for each move the search visited.
func parseTarget(line string) (record string, index int, visits map[[2]int]float64, err error) {
	fs := strings.Fields(line)
	if len(fs) < 4 {
		return "", 0, nil, fmt.Errorf("want RECORD INDEX COLOUR col,row:visits..., got %q", line)
	}
	if index, err = strconv.Atoi(fs[1]); err != nil || index < 0 {
		return "", 0, nil, fmt.Errorf("move index %q: want a number of moves", fs[1])
	}
	visits = map[[2]int]float64{}
	for _, mv := range fs[3:] {
		var col, row, v int
		if _, err := fmt.Sscanf(mv, "%d,%d:%d", &col, &row, &v); err != nil || v < 0 {
			return "", 0, nil, fmt.Errorf("move %q: want col,row:visits", mv)
		}
		visits[[2]int{col, row}] = float64(v)
	}
	return fs[0], index, visits, nil
}

// counts is how often each feature value was played and was a candidate.
func (d *dataset) counts() (wins, seen []float64) {
	wins, seen = make([]float64, offset[ng]), make([]float64, offset[ng])
	for _, p := range d.positions {
		for k := 0; k < p.n; k++ {
			t := p.weight * d.targets[p.first+k]
			for _, f := range d.feats[(p.first+k)*ng : (p.first+k+1)*ng] {
				seen[f]++
				wins[f] += t
			}
		}
	}
	return wins, seen
}

func strength(gamma []float64, fs []int32) float64 {
	s := 1.0
	for _, f := range fs {
		s *= gamma[f]
	}
	return s
}

// strength is candidate i's strength: the product of its values'.
func (d *dataset) strength(gamma []float64, i int) float64 {
	return strength(gamma, d.feats[i*ng:(i+1)*ng])
}

// update is one MM step for group g: each of its values' gamma becomes
// its wins over the sum, across positions, of the strength of its
// candidates' other features divided by the position's total strength;
// one virtual win and one virtual loss against a strength of 1 keep
// rarely seen values near 1.
func (d *dataset) update(gamma, wins []float64, g int) {
	lo, hi := offset[g], offset[g+1]
	denom := make([]float64, hi-lo)
	strengths := make([]float64, 0, 512)
	for _, p := range d.positions {
		strengths = strengths[:0]
		total := 0.0
		for k := 0; k < p.n; k++ {
			s := d.strength(gamma, p.first+k)
			strengths = append(strengths, s)
			total += s
		}
		for k := 0; k < p.n; k++ {
			f := d.feats[(p.first+k)*ng+g]
			denom[f-lo] += p.weight * strengths[k] / gamma[f] / total
		}
	}
	for i := range denom {
		f := lo + int32(i)
		if denom[i] == 0 && wins[f] == 0 {
			continue
		}
		gamma[f] = (wins[f] + 1) / (denom[i] + 2/(gamma[f]+1))
	}
}

// evaluate is the mean log-likelihood of the moves played and the share
// of positions whose strongest candidate is the move played.
func (d *dataset) evaluate(gamma []float64) (ll, top float64) {
	if len(d.positions) == 0 {
		return 0, 0
	}
	hits := 0
	for _, p := range d.positions {
		total, best, bestK := 0.0, -1.0, -1
		var played float64
		for k := 0; k < p.n; k++ {
			s := d.strength(gamma, p.first+k)
			total += s
			if s > best {
				best, bestK = s, k
			}
			if k == p.played {
				played = s
			}
		}
		ll += math.Log(played / total)
		if bestK == p.played {
			hits++
		}
	}
	n := float64(len(d.positions))
	return ll / n, float64(hits) / n
}

// patternValue is the pattern group's value of the move at p: that of
// the largest nested pattern around it the fit lists, 0 for none.
func (d *dataset) patternValue(b *board.Board, p board.Point) int32 {
	keys := engine.PatternKeys(b, b.ToMove(), p)
	for l := len(keys) - 1; l >= 0; l-- {
		if v, ok := d.patterns[keys[l]]; ok {
			return v
		}
	}
	return 0
}

// model turns the fitted gammas into a MoveModel, each group scaled so
// that its average candidate (geometric mean over appearances) has
// strength 1, the strength the engine gives a value the model lacks. The
// pattern group is scaled so that no listed pattern, which a file cannot
// list, has strength 1.
func model(gamma, seen []float64, minSeen int, sizes map[int]bool, skip [ng]bool, patternTexts []string) *engine.MoveModel {
	m := &engine.MoveModel{Patterns: map[string]float64{}}
	if !skip[engine.FeatPattern] {
		none := offset[engine.FeatPattern]
		for i, text := range patternTexts {
			m.Patterns[text] = gamma[none+1+int32(i)] / gamma[none]
		}
	}
	for s := range sizes {
		m.Sizes = append(m.Sizes, s)
	}
	slices.Sort(m.Sizes)
	for g := 0; g < ng; g++ {
		m.Gamma[g] = map[int32]float64{}
		if skip[g] || g == engine.FeatPattern {
			continue
		}
		lo, hi := offset[g], offset[g+1]
		var sumLog, n float64
		for f := lo; f < hi; f++ {
			sumLog += seen[f] * math.Log(gamma[f])
			n += seen[f]
		}
		if n == 0 {
			continue
		}
		scale := math.Exp(sumLog / n)
		for f := lo; f < hi; f++ {
			if seen[f] == 0 || (g == engine.FeatShape && seen[f] < float64(minSeen)) {
				continue
			}
			m.Gamma[g][f-lo] = gamma[f] / scale
		}
	}
	return m
}
