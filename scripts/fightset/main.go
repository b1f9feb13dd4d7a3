// fightset measures how well the search's playouts, without the tree,
// judge the groups in fights: whether a group GNU Go's reading calls dead
// dies in them, and one it calls alive lives. The oracle set
// (scripts/oracle.py) prices whole moves; this one asks the narrower
// question a playout change should answer first.
//
// Usage:
//
//	go run ./scripts/fightset label [-gnugo CMD] [-min 2] [-workers 2] SET.tsv > FIGHTS.tsv
//	go run ./scripts/fightset confirm -engine CMD [-margin 0.3] FIGHTS.tsv > CONFIRMED.tsv
//	go run ./scripts/fightset measure [-playouts 500] [-workers 2] [-race-libs N] [-playout-ladders] FIGHTS.tsv > VERDICTS.tsv
//	go run ./scripts/fightset measure -engine CMD FIGHTS.tsv > VERDICTS.tsv
//	go run ./scripts/fightset compare BASE.tsv ARM.tsv
//
// label reads positions in the oracle set's format (key, board size, komi,
// the moves so far as GTP vertices; later fields are ignored) and asks
// GNU Go (dragon_status, its life-and-death reader) about every group of
// at least -min stones. An item is a group and what must become of it:
//
//   - alive, dead: GNU Go's status in the position as it stands;
//   - attacked: a critical group after the attacker's move at GNU Go's
//     attack point (it must die), confirmed by asking again after the move;
//   - defended: the same after the owner's defence (it must live).
//
// When the side to move is not the one making the attack or the defence,
// the other side passes first, so the moves still alternate.
//
// confirm keeps the items a second engine's ownership map agrees with
// (docs/oracle/fights9.tsv: GNU Go's labels that Pachi's gogui-influence,
// 2000 of its own playouts from the position after its move, agrees with;
// docs/oracle/fights19.tsv is GNU Go's 19x19 labels, unconfirmed).
//
// measure runs -playouts of engine.Playouts from each item's position and
// prints, per item, the share of playouts in which the group's stone
// survives, and a summary by kind on standard error. With -engine the
// shares come from that GTP engine's gogui-influence of each position
// instead (its ownership, +1 always to -1 never), so another engine's
// playouts meet the same items. compare pairs two such files item by item
// (two builds of the playouts, or two engines).
//
// An item line: key, board size, komi, moves, the group's vertex, its
// colour (B or W), the target (alive or dead), the kind, the group's
// stones. A verdict line: the item's key and vertex, its kind, its
// target, the share of survivals.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/gtp"
	"github.com/kisen-go/kisen/internal/oracleset"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "label":
		err = label(os.Args[2:])
	case "measure":
		err = measure(os.Args[2:])
	case "confirm":
		err = confirm(os.Args[2:])
	case "compare":
		err = compare(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fightset:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: fightset label [-gnugo CMD] [-min N] [-workers N] SET.tsv\n"+
		"       fightset confirm -engine CMD FIGHTS.tsv\n"+
		"       fightset measure [-playouts N] [-workers N] [-seed N] [-race-libs N] [-playout-ladders] [-engine CMD] FIGHTS.tsv\n"+
		"       fightset compare BASE.tsv ARM.tsv")
	os.Exit(2)
}

// item is a group whose fate is known, in the position after moves.
type item struct {
	oracleset.Position
	vertex string
	color  board.Color
	alive  bool // the target
	kind   string
	stones int
}

// startLabeller starts the GTP engine that labels the groups.
func startLabeller(command string) (*gtp.Client, error) {
	return gtp.Start(context.Background(), command)
}

// ask sends one command to g and returns its answer.
func ask(g *gtp.Client, format string, args ...any) (string, error) {
	return g.Send(context.Background(), fmt.Sprintf(format, args...))
}

func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ExitOnError)
	gnugo := fs.String("gnugo", "/usr/games/gnugo --mode gtp --level 10", "the GNU Go GTP command")
	minStones := fs.Int("min", 2, "the fewest stones a group needs to be asked about")
	workers := fs.Int("workers", 2, "GNU Go processes at once")
	fs.Parse(args)
	if fs.NArg() != 1 {
		usage()
	}
	ps, err := oracleset.Read(fs.Arg(0), 4)
	if err != nil {
		return err
	}
	labellers := make([]*gtp.Client, max(*workers, 1))
	for w := range labellers {
		if labellers[w], err = startLabeller(*gnugo); err != nil {
			return err
		}
		defer labellers[w].Close()
	}
	out := make([][]item, len(ps))
	errs := make([]error, len(ps))
	oracleset.Each(len(ps), len(labellers), func(w, i int) {
		out[i], errs[i] = labelPosition(labellers[w], ps[i], *minStones)
	})
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	counts := map[string]int{}
	for i, its := range out {
		if errs[i] != nil {
			return fmt.Errorf("%s: %w", ps[i].Key, errs[i])
		}
		for _, it := range its {
			fmt.Fprintf(w, "%s\t%d\t%g\t%s\t%s\t%s\t%s\t%s\t%d\n", it.Key, it.Size, it.Komi,
				strings.Join(it.Moves, ","), it.vertex, it.color.Letter(), target(it.alive), it.kind, it.stones)
			counts[it.kind]++
		}
	}
	fmt.Fprintf(os.Stderr, "%d positions: %d alive, %d dead, %d attacked, %d defended\n",
		len(ps), counts["alive"], counts["dead"], counts["attacked"], counts["defended"])
	return nil
}

// setUp puts p's position on g and returns it, replayed, with the side to
// move.
func setUp(g *gtp.Client, p oracleset.Position) (*board.Board, board.Color, error) {
	plays, err := p.Plays()
	if err != nil {
		return nil, board.Empty, err
	}
	b, toMove, err := p.Replay(plays)
	if err != nil {
		return nil, board.Empty, err
	}
	if err := g.Boardsize(p.Size); err != nil {
		return nil, board.Empty, err
	}
	if err := g.ClearBoard(); err != nil {
		return nil, board.Empty, err
	}
	if err := g.Komi(p.Komi); err != nil {
		return nil, board.Empty, err
	}
	for _, m := range plays {
		if err := g.Play(m); err != nil {
			return nil, board.Empty, err
		}
	}
	return b, toMove, nil
}

// target names an item's target.
func target(alive bool) string {
	if alive {
		return "alive"
	}
	return "dead"
}

// labelPosition asks g about every group of at least minStones stones in p.
func labelPosition(g *gtp.Client, p oracleset.Position, minStones int) ([]item, error) {
	b, toMove, err := setUp(g, p)
	if err != nil {
		return nil, err
	}
	dragons, err := ask(g, "dragon_stones")
	if err != nil {
		return nil, err
	}
	var items []item
	for _, line := range strings.Split(dragons, "\n") {
		stones := strings.Fields(line)
		if len(stones) < minStones {
			continue
		}
		v := stones[0]
		pt, err := board.ParseGTP(p.Size, v)
		if err != nil {
			return nil, err
		}
		own := b.At(pt)
		status, err := ask(g, "dragon_status %s", v)
		if err != nil {
			return nil, err
		}
		f := strings.Fields(status)
		base := item{Position: p, vertex: v, color: own, stones: len(stones)}
		switch {
		case len(f) == 0:
		case f[0] == "alive", f[0] == "dead":
			it := base
			it.alive, it.kind = f[0] == "alive", f[0]
			items = append(items, it)
		case f[0] == "critical" && len(f) == 3:
			for _, side := range []struct {
				kind  string
				mover board.Color
				point string
			}{{"attacked", own.Opponent(), f[1]}, {"defended", own, f[2]}} {
				it, ok, err := afterMove(g, base, toMove, side.mover, side.point, side.kind)
				if err != nil {
					return nil, err
				}
				if ok {
					items = append(items, it)
				}
			}
		}
	}
	return items, nil
}

// afterMove plays mover at point (after a pass when toMove is the other
// side) and keeps the item when GNU Go then calls the group dead
// (attacked) or alive (defended), and the group is still on the board.
// The moves are taken back before it returns.
func afterMove(g *gtp.Client, base item, toMove, mover board.Color, point, kind string) (item, bool, error) {
	pt, err := board.ParseGTP(base.Size, point)
	if err != nil || pt == board.Pass {
		return item{}, false, nil // a pass or nothing: no move to try
	}
	var played []string
	if toMove != mover {
		played = append(played, "pass")
		if err := g.Play(board.Move{Color: toMove, Point: board.Pass}); err != nil {
			return item{}, false, err
		}
	}
	undo := func() error {
		for range played {
			if _, err := ask(g, "undo"); err != nil {
				return err
			}
		}
		return nil
	}
	if err := g.Play(board.Move{Color: mover, Point: pt}); errors.Is(err, gtp.ErrEngine) {
		// GNU Go's own point is illegal for it (a ko): no item.
		return item{}, false, undo()
	} else if err != nil {
		return item{}, false, err
	}
	played = append(played, point)
	want := "dead"
	if kind == "defended" {
		want = "alive"
	}
	color, err := ask(g, "color %s", base.vertex)
	if err != nil {
		return item{}, false, err
	}
	ok := color == base.color.String()
	if ok {
		status, err := ask(g, "dragon_status %s", base.vertex)
		if err != nil {
			return item{}, false, err
		}
		ok = strings.HasPrefix(status, want)
	}
	if err := undo(); err != nil {
		return item{}, false, err
	}
	it := base
	it.Moves = append(append([]string(nil), base.Moves...), played...)
	it.alive, it.kind = kind == "defended", kind
	return it, ok, nil
}

func measure(args []string) error {
	fs := flag.NewFlagSet("measure", flag.ExitOnError)
	playouts := fs.Int("playouts", 500, "playouts from each item's position")
	workers := fs.Int("workers", 2, "items measured at once")
	seed := fs.Uint64("seed", 1, "seed of the first item; the others follow")
	command := fs.String("engine", "", "read the shares from this GTP engine's gogui-influence instead")
	raceLibs := fs.Int("race-libs", 0, "the playouts' race limit (engine.Options.RaceLibs; 0: the board's default)")
	ladders := fs.Bool("playout-ladders", false, "the playouts read ladders on every board (engine.Options.PlayoutLadders)")
	fs.Parse(args)
	if fs.NArg() != 1 {
		usage()
	}
	opt := engine.Options{RaceLibs: *raceLibs, PlayoutLadders: *ladders}
	ps, err := oracleset.Read(fs.Arg(0), 9)
	if err != nil {
		return err
	}
	items := make([]item, len(ps))
	for i, p := range ps {
		if items[i], err = parseItem(p); err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
	}
	share := make([]float64, len(items))
	errs := make([]error, len(items))
	if *command != "" {
		if err := engineShares(*command, items, share); err != nil {
			return err
		}
	} else {
		oracleset.Each(len(items), *workers, func(_, i int) {
			share[i], errs[i] = survival(items[i], opt, *playouts, *seed+uint64(i))
		})
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	var vs []verdict
	for i, it := range items {
		if errs[i] != nil {
			return errs[i]
		}
		v := verdict{key: it.Key, vertex: it.vertex, kind: it.kind, alive: it.alive, share: share[i]}
		vs = append(vs, v)
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%.4f\n", it.Key, it.vertex, it.kind, target(it.alive), share[i])
	}
	summarize(os.Stderr, vs)
	return nil
}

// parseItem reads the fields after the moves of an item line.
func parseItem(p oracleset.Position) (item, error) {
	t := p.Fields
	it := item{Position: p, vertex: t[4], alive: t[6] == "alive", kind: t[7]}
	switch t[5] {
	case "B":
		it.color = board.Black
	case "W":
		it.color = board.White
	default:
		return item{}, fmt.Errorf("%s %s: colour %q, want B or W", p.Key, t[4], t[5])
	}
	if t[6] != "alive" && t[6] != "dead" {
		return item{}, fmt.Errorf("%s %s: target %q, want alive or dead", p.Key, t[4], t[6])
	}
	var err error
	if it.stones, err = strconv.Atoi(t[8]); err != nil {
		return item{}, fmt.Errorf("%s %s: stones: %w", p.Key, t[4], err)
	}
	return it, nil
}

// survival is the share of playouts from the item's position in which the
// group's stone is still its colour at the end.
func survival(it item, opt engine.Options, n int, seed uint64) (float64, error) {
	b, _, err := it.Board()
	if err != nil {
		return 0, err
	}
	pt, err := board.ParseGTP(it.Size, it.vertex)
	if err != nil {
		return 0, err
	}
	lived := 0
	engine.Playouts(b, opt, n, seed, func(end *board.Board) {
		if end.At(pt) == it.color {
			lived++
		}
	})
	return float64(lived) / float64(n), nil
}

// engineShares fills share from another engine's playouts: its ownership
// map of each item's position as it stands (no search), read as the share
// of survivals (ownership +1 is always, -1 never). Pachi's gogui-influence
// is 2000 of its playouts, binned to seven values; a build that prints them
// unbinned gives shares to compare with survival's.
func engineShares(command string, items []item, share []float64) error {
	g, err := gtp.Start(context.Background(), command)
	if err != nil {
		return err
	}
	defer g.Close()
	owners := ownerCache{}
	for i, it := range items {
		own, err := owners.get(g, it.Position, false)
		if err != nil {
			return err
		}
		v := own[it.vertex]
		if it.color == board.White {
			v = -v
		}
		share[i] = (v + 1) / 2
	}
	return nil
}

// verdict is the playouts' share of survivals for one item.
type verdict struct {
	key    string // the position's
	vertex string
	kind   string
	alive  bool
	share  float64
}

// group names the item's group: its key and vertex.
func (v verdict) group() string { return v.key + " " + v.vertex }

// miss is how far the share is from the target: the share of playouts
// that got the group wrong.
func (v verdict) miss() float64 {
	if v.alive {
		return 1 - v.share
	}
	return v.share
}

func summarize(w io.Writer, vs []verdict) {
	kinds := []string{"alive", "dead", "attacked", "defended", "all"}
	fmt.Fprintf(w, "%-9s %6s %9s %12s\n", "kind", "items", "wrong", "mean miss")
	for _, k := range kinds {
		n, wrong, miss := 0, 0, 0.0
		for _, v := range vs {
			if k != "all" && v.kind != k {
				continue
			}
			n++
			miss += v.miss()
			if v.miss() > 0.5 {
				wrong++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "%-9s %6d %8.1f%% %12.4f\n", k, n, 100*float64(wrong)/float64(n), miss/float64(n))
	}
	if gaps := criticalGaps(vs); len(gaps) > 0 {
		m, se := meanSE(gaps)
		fmt.Fprintf(w, "critical groups: %d, survival after the defence minus after the attack %.4f (%.4f)\n", len(gaps), m, se)
	}
}

// criticalGaps pairs the attacked and the defended item of each critical
// group and returns, for each, the share of survivals after the defence
// minus the share after the attack. The search tells the vital point
// from the rest only as far as this is large: 1 is perfect.
func criticalGaps(vs []verdict) []float64 {
	attacked := map[string]float64{}
	for _, v := range vs {
		if v.kind == "attacked" {
			attacked[v.group()] = v.share
		}
	}
	var gaps []float64
	for _, v := range vs {
		if a, ok := attacked[v.group()]; ok && v.kind == "defended" {
			gaps = append(gaps, v.share-a)
		}
	}
	return gaps
}

func readVerdicts(path string) (map[string]verdict, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]verdict{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		t := strings.Split(sc.Text(), "\t")
		if len(t) != 5 {
			return nil, fmt.Errorf("%s:%d: want 5 tab-separated fields, got %d", path, n, len(t))
		}
		s, err := strconv.ParseFloat(t[4], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: share: %w", path, n, err)
		}
		v := verdict{key: t[0], vertex: t[1], kind: t[2], alive: t[3] == "alive", share: s}
		m[v.group()+" "+v.kind] = v
	}
	return m, sc.Err()
}

func compare(args []string) error {
	if len(args) != 2 {
		usage()
	}
	base, err := readVerdicts(args[0])
	if err != nil {
		return err
	}
	arm, err := readVerdicts(args[1])
	if err != nil {
		return err
	}
	byKind := map[string][]float64{}
	var keys []string
	for k := range base {
		if _, ok := arm[k]; ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		d := arm[k].miss() - base[k].miss()
		byKind[base[k].kind] = append(byKind[base[k].kind], d)
		byKind["all"] = append(byKind["all"], d)
	}
	var bv, av []verdict
	for _, k := range keys {
		bv, av = append(bv, base[k]), append(av, arm[k])
	}
	bg, ag := criticalGaps(bv), criticalGaps(av)
	fmt.Printf("%-9s %6s %22s\n", "kind", "items", "miss change (s.e.)")
	for _, kind := range []string{"alive", "dead", "attacked", "defended", "all"} {
		ds := byKind[kind]
		if len(ds) == 0 {
			continue
		}
		m, se := meanSE(ds)
		fmt.Printf("%-9s %6d %+11.4f (%.4f)\n", kind, len(ds), m, se)
	}
	if len(bg) > 0 && len(bg) == len(ag) {
		d := make([]float64, len(bg))
		for i := range bg {
			d[i] = ag[i] - bg[i]
		}
		m, se := meanSE(d)
		bm, _ := meanSE(bg)
		fmt.Printf("critical groups: %d, survival gap %.4f, change %+.4f (%.4f)\n", len(d), bm, m, se)
	}
	return nil
}

func meanSE(xs []float64) (mean, se float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1) / float64(len(xs)))
}

// confirm keeps the items a second engine agrees with. For each position
// it asks -engine (a GTP engine with gogui-influence, such as Pachi) for
// a move, so that it searches, and then for its ownership map; an item
// stays when the group's point is owned, at least -margin, by the side
// the target says. Labels two readers agree on are the ones a playout
// change is measured against.
func confirm(args []string) error {
	fs := flag.NewFlagSet("confirm", flag.ExitOnError)
	command := fs.String("engine", "", "the GTP engine's command")
	margin := fs.Float64("margin", 0.3, "the least ownership that confirms")
	fs.Parse(args)
	if fs.NArg() != 1 || *command == "" {
		usage()
	}
	ps, err := oracleset.Read(fs.Arg(0), 9)
	if err != nil {
		return err
	}
	g, err := gtp.Start(context.Background(), *command)
	if err != nil {
		return err
	}
	defer g.Close()
	owners := ownerCache{}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	kept := map[string]int{}
	all := map[string]int{}
	for _, p := range ps {
		own, err := owners.get(g, p, true)
		if err != nil {
			return err
		}
		it, err := parseItem(p)
		if err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
		v := own[it.vertex]
		if it.color == board.White {
			v = -v
		}
		if !it.alive {
			v = -v
		}
		all[it.kind]++
		if v >= *margin {
			kept[it.kind]++
			fmt.Fprintln(w, strings.Join(p.Fields, "\t"))
		}
	}
	fmt.Fprintf(os.Stderr, "%d positions searched; kept", len(owners))
	for _, k := range []string{"alive", "dead", "attacked", "defended"} {
		fmt.Fprintf(os.Stderr, " %s %d of %d,", k, kept[k], all[k])
	}
	fmt.Fprintln(os.Stderr)
	return nil
}

// ownerCache keeps an engine's ownership map of each position asked, so
// that the items sharing a position ask once.
type ownerCache map[string]map[string]float64

func (c ownerCache) get(g *gtp.Client, p oracleset.Position, search bool) (map[string]float64, error) {
	pos := strconv.Itoa(p.Size) + " " + strings.Join(p.Moves, ",")
	if own, ok := c[pos]; ok {
		return own, nil
	}
	own, err := influence(g, p, search)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Key, err)
	}
	c[pos] = own
	return own, nil
}

// influence sets p up on g and returns its ownership map (vertex: +1
// Black .. -1 White). With search, g first chooses a move for the side to
// move and plays it; Pachi's map is then of the position after its move.
func influence(g *gtp.Client, p oracleset.Position, search bool) (map[string]float64, error) {
	_, toMove, err := setUp(g, p)
	if err != nil {
		return nil, err
	}
	if search {
		if _, _, err := g.GenMove(context.Background(), toMove); err != nil {
			return nil, err
		}
	}
	text, err := ask(g, "gogui-influence")
	if err != nil {
		return nil, err
	}
	f := strings.Fields(strings.TrimPrefix(strings.Split(text, "\n")[0], "INFLUENCE"))
	own := map[string]float64{}
	for i := 0; i+1 < len(f); i += 2 {
		x, err := strconv.ParseFloat(f[i+1], 64)
		if err != nil {
			return nil, fmt.Errorf("gogui-influence: %q: %w", f[i+1], err)
		}
		own[f[i]] = x
	}
	if len(own) != p.Size*p.Size {
		return nil, fmt.Errorf("gogui-influence gave %d points, want %d", len(own), p.Size*p.Size)
	}
	return own, nil
}
