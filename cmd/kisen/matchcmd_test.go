package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/engine"
)

// searchFigures reads a match game's line: searched moves, new playouts
// and root visits reused per searched move.
var searchFigures = regexp.MustCompile(`searched (\d+) moves, (\d+) playouts and [0-9.]+s each, (\d+) reused`)

// --first continues a match: game 2 is played with kisen as White, and its
// record is numbered 2. --ponder is accepted, and the tree kept from move
// to move shows in the reused root visits.
func TestMatchFirstGameNumber(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed (apt-get install -y gnugo)")
	}
	dir := t.TempDir()
	out, _, err := runT(t, "match", "--opponent-cmd", gnugo+" --mode gtp --level 1",
		"--games", "1", "--first", "2", "--size", "9", "--playouts", "200", "--threads", "1", "--ponder", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "game 2: kisen white") || !strings.Contains(out, "games=1 ") {
		t.Fatalf("output:\n%s", out)
	}
	// The effort behind the result: searched moves, playouts each.
	m := searchFigures.FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Fatalf("no search figures in:\n%s", out)
	}
	if n, _ := strconv.Atoi(m[2]); n < 200 || n > 260 {
		t.Errorf("%s playouts a move at --playouts 200", m[2])
	}
	if m[3] == "0" {
		t.Errorf("no root visits reused from move to move:\n%s", out)
	}
	// The opponent's genmove calls are timed: equal time per move needs it.
	if o := regexp.MustCompile(`opponent [0-9.]+s per move over (\d+) moves`).FindStringSubmatch(out); o == nil || o[1] == "0" {
		t.Errorf("no opponent time per move in:\n%s", out)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "game-002.sgf")); len(m) != 1 {
		t.Fatalf("records %v, want one for game 2", m)
	}
	// The referee's record: a valid FF[4] game with the opponent named.
	rec := filepath.Join(dir, "game-002.sgf")
	if out, _, err := runT(t, "sgf", "check", rec); err != nil {
		t.Fatalf("sgf check: %v\n%s", err, out)
	}
	if data, _ := os.ReadFile(rec); !strings.Contains(string(data), "PB[gnugo]") || !strings.Contains(string(data), "PW[kisen]") {
		t.Errorf("record names:\n%s", data)
	}
	if _, _, err := runT(t, "match", "--opponent", gnugo+" --mode gtp"); err == nil || !strings.Contains(err.Error(), "--opponent-cmd") {
		t.Fatalf("--opponent CMD: err %v", err)
	}
	if _, _, err := runT(t, "match", "--first", "0"); err == nil || !strings.Contains(err.Error(), "--first") {
		t.Fatalf("--first 0: err %v", err)
	}
}

// Game N is the same game in every run at a fixed effort with one thread:
// kisen's seed and GNU Go's (set_random_seed) both follow the game number,
// so two builds compared on the same games differ only where a change
// changes a move (scripts/gnugo-ab.sh).
func TestMatchReplaysAGame(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed (apt-get install -y gnugo)")
	}
	moves := regexp.MustCompile(`;[BW]\[[a-z]*\]`)
	var games [2][]string
	for i := range games {
		dir := t.TempDir()
		if out, _, err := runT(t, "match", "--opponent-cmd", gnugo+" --mode gtp --level 1",
			"--games", "1", "--first", "3", "--size", "9", "--playouts", "100", "--threads", "1", "--out", dir); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		data, err := os.ReadFile(filepath.Join(dir, "game-003.sgf"))
		if err != nil {
			t.Fatal(err)
		}
		games[i] = moves.FindAllString(string(data), -1)
		if i == 0 {
			// GNU Go's own seed is the clock's second: the replay starts
			// in another one.
			time.Sleep(1100 * time.Millisecond)
		}
	}
	if len(games[0]) < 10 || strings.Join(games[0], "") != strings.Join(games[1], "") {
		t.Errorf("game 3 played twice differs:\n%s\n%s", strings.Join(games[0], ""), strings.Join(games[1], ""))
	}
}

// passerGTP is a GTP program that passes every move, answers final_score
// with score (a line of GTP: "= B+10.5", or "? cannot score" as Pachi does
// at a position it thinks unfinished) and writes the commands it gets to
// commands.log beside itself.
func passerGTP(t *testing.T, dir, score string) string {
	t.Helper()
	script := filepath.Join(dir, "passer.sh")
	text := `#!/bin/sh
log="$(dirname "$0")/commands.log"
while read -r cmd rest; do
	echo "$cmd $rest" >>"$log"
	case $cmd in
	genmove) printf '= pass\n\n' ;;
	final_score) printf '` + score + `\n\n' ;;
	name) printf '= passer\n\n' ;;
	protocol_version) printf '= 2\n\n' ;;
	quit) printf '=\n\n'; exit 0 ;;
	*) printf '=\n\n' ;;
	esac
done
`
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// An opponent that refuses final_score does not stop the match: the
// record's result stands, the line says why, and the next game is played.
func TestMatchOpponentRefusesFinalScore(t *testing.T) {
	dir := t.TempDir()
	script := passerGTP(t, dir, "? cannot score")
	out, _, err := runT(t, "match", "--opponent-cmd", script, "--games", "2", "--size", "9",
		"--playouts", "100", "--threads", "1", "--out", dir)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := strings.Count(out, "the opponent's final_score failed, the record's result stands"); n != 2 {
		t.Errorf("%d games name the failed final_score, want 2:\n%s", n, out)
	}
	if !strings.Contains(out, "games=2 ") {
		t.Errorf("the match did not play both games:\n%s", out)
	}
}

// --count-kept makes --playouts a root count, as Pachi's -t =N: the root
// visits kept from the last move count, so a searched move adds fewer
// than N new playouts.
func TestMatchCountKept(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed (apt-get install -y gnugo)")
	}
	out, _, err := runT(t, "match", "--opponent-cmd", gnugo+" --mode gtp --level 1",
		"--games", "1", "--size", "9", "--playouts", "400", "--count-kept", "--threads", "1")
	if err != nil {
		t.Fatal(err)
	}
	m := searchFigures.FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Fatalf("no search figures in:\n%s", out)
	}
	played, _ := strconv.Atoi(m[2])
	reused, _ := strconv.Atoi(m[3])
	if reused == 0 || played >= 400 || played+reused < 390 {
		t.Errorf("%d new playouts and %d reused a move at --playouts 400 --count-kept", played, reused)
	}
	if _, _, err := runT(t, "match", "--count-kept"); err == nil || !strings.Contains(err.Error(), "--playouts") {
		t.Errorf("--count-kept without --playouts: err %v", err)
	}
}

// The A/B arms' flags reach the engine: at a fixed seed, one thread and
// fixed playouts a game is the same each time it is played, and the arm
// without reply tables, or with the exploration term, plays another game.
func TestMatchArmFlags(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go not installed (apt-get install -y gnugo)")
	}
	moves := func(extra ...string) []string {
		t.Helper()
		dir := t.TempDir()
		args := append([]string{"match", "--opponent-cmd", gnugo + " --mode gtp --level 1",
			"--games", "1", "--size", "9", "--playouts", "300", "--threads", "1", "--out", dir}, extra...)
		if _, _, err := runT(t, args...); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, "game-001.sgf"))
		if err != nil {
			t.Fatal(err)
		}
		return recordMoves(t, mustParse(t, data))
	}
	with, again := moves(), moves()
	if len(with) == 0 || !slices.Equal(with, again) {
		t.Fatalf("the same game played twice differs:\n%v\n%v", with, again)
	}
	for _, arm := range [][]string{{"--no-replies"}, {"--explore", "0.1"}, {"--race-libs", "4"}, {"--owner-playouts", "200"}} {
		if slices.Equal(moves(arm...), with) {
			t.Errorf("%v played the same game as the committed engine:\n%v", arm, with)
		}
	}
}

// --main-time plays the match under a sudden-death clock, as at a
// tournament: the opponent is told the time system and both clocks, and
// the record keeps the main time and each move's time left.
func TestMatchMainTime(t *testing.T) {
	dir := t.TempDir()
	script := passerGTP(t, dir, "= B+10.5")
	out, _, err := runT(t, "match", "--opponent-cmd", script, "--games", "1", "--size", "9",
		"--main-time", "8s", "--threads", "1", "--out", dir)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "games=1 ") {
		t.Fatalf("output:\n%s", out)
	}
	log, err := os.ReadFile(filepath.Join(dir, "commands.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"time_settings 8 0 0\n", "time_left W ", "time_left B "} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the opponent was not sent %q:\n%s", want, log)
		}
	}
	rec, err := os.ReadFile(filepath.Join(dir, "game-001.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), "TM[8]") || !strings.Contains(string(rec), "BL[") {
		t.Errorf("the record lacks the clock:\n%s", rec)
	}
	if _, _, err := runT(t, "match", "--main-time", "5m", "--move-time", "2s"); err == nil || !strings.Contains(err.Error(), "not both") {
		t.Errorf("--main-time with --move-time: err %v", err)
	}
}

// --fixed-time and --bank are plans for --move-time, so each is refused
// with an effort that is not a time a move, and with the other;
// --clock-plan is a plan for --main-time.
func TestMatchTimePlansNeedMoveTime(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--bank", "--playouts", "500"}, "--bank needs --move-time"},
		{[]string{"match", "--bank", "--main-time", "5m"}, "--bank needs --move-time"},
		{[]string{"match", "--fixed-time", "--playouts", "500"}, "--fixed-time needs --move-time"},
		{[]string{"match", "--fixed-time", "--main-time", "5m"}, "--fixed-time needs --move-time"},
		{[]string{"match", "--clock-plan"}, "--clock-plan needs --main-time"},
		{[]string{"match", "--clock-plan", "--playouts", "500"}, "--clock-plan needs --main-time"},
		{[]string{"match", "--fixed-time", "--bank"}, "not both"},
	} {
		if _, _, err := runT(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
}

// An engine flag out of range is refused by its name before the opponent
// starts, not at the first game's engine.
func TestMatchRefusesEngineFlags(t *testing.T) {
	dir := t.TempDir()
	script := passerGTP(t, dir, "= B+10.5")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--explore", "2"}, "--explore 2: want 0 (none) to 1"},
		{[]string{"--explore", "-0.1"}, "--explore -0.1"},
		{[]string{"--explore", "NaN"}, "--explore NaN"},
		{[]string{"--virtual-loss", "-1"}, "--virtual-loss -1: want 0 (the engine's default) or 1 (one visit) to 8"},
		{[]string{"--virtual-loss", "9"}, "--virtual-loss 9"},
		{[]string{"--race-libs", "1"}, "--race-libs 1: want 0 (the engine's default) or 2 (chains of two only) to 6"},
		{[]string{"--race-libs", "7"}, "--race-libs 7"},
		{[]string{"--model-weight", "-1"}, "--model-weight -1: want 0 (the model's own weight, else the engine's default) or 1 to 1000"},
		{[]string{"--model-weight", "1001"}, "--model-weight 1001"},
		{[]string{"--corner-bonus", "-1"}, "--corner-bonus -1: want 0 (none) to 500"},
		{[]string{"--corner-bonus", "501"}, "--corner-bonus 501"},
		{[]string{"--rave-distance", "-1"}, "--rave-distance -1: want 0 (once) to 10"},
		{[]string{"--rave-distance", "11"}, "--rave-distance 11"},
		{[]string{"--owner-playouts", "99"}, "--owner-playouts 99: want 0 (none) or 100 to 5000"},
		{[]string{"--owner-playouts", "5001"}, "--owner-playouts 5001"},
		{[]string{"--threads", "-1"}, "must not be negative"},
		{[]string{"--playouts", "-5"}, "must not be negative"},
		{[]string{"--move-time", "-1s"}, "must not be negative"},
	} {
		args := append([]string{"match", "--opponent-cmd", script, "--games", "1"}, c.args...)
		_, _, err := runT(t, args...)
		var u usageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want a usage error with %q", c.args, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "commands.log")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the opponent was started for a refused flag (stat: %v)", err)
	}
}

// The flags reach the engine's options: the time plans (the root count
// by default), the effort and the clock.
func TestParseMatchOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want func(matchSetup) bool
	}{
		{[]string{"--move-time", "2s", "--bank"}, func(m matchSetup) bool {
			return m.opt.BankTime && !m.opt.VisitPlan && m.opt.MoveTime == 2*time.Second
		}},
		{nil, func(m matchSetup) bool {
			return m.opt.VisitPlan && !m.opt.BankTime && m.opt.MoveTime == time.Second
		}},
		{[]string{"--move-time", "1s", "--fixed-time"}, func(m matchSetup) bool {
			return !m.opt.VisitPlan && !m.opt.BankTime && m.opt.MoveTime == time.Second
		}},
		{[]string{"--playouts", "50000", "--count-kept"}, func(m matchSetup) bool {
			return m.opt.Playouts == 50000 && m.opt.CountKept && !m.opt.BankTime && !m.opt.VisitPlan
		}},
		{[]string{"--main-time", "5m"}, func(m matchSetup) bool {
			return m.mainTime == 5*time.Minute && m.opt.MoveTime == 0 && !m.opt.VisitPlan
		}},
		{[]string{"--main-time", "5m", "--clock-plan"}, func(m matchSetup) bool {
			return m.mainTime == 5*time.Minute && m.opt.MoveTime == 0 && m.opt.VisitPlan && m.opt.Playouts == 0
		}},
		{[]string{"--race-libs", "4", "--playout-ladders"}, func(m matchSetup) bool {
			return m.opt.RaceLibs == 4 && m.opt.PlayoutLadders
		}},
		{nil, func(m matchSetup) bool {
			return m.opt.RaceLibs == 0 && !m.opt.PlayoutLadders && m.opt.ModelWeight == 0 && m.opt.CornerBonus == 0 && m.opt.RaveDistance == 0 && m.opt.OwnerPlayouts == 0
		}},
		{[]string{"--model-weight", "300", "--corner-bonus", "60"}, func(m matchSetup) bool {
			return m.opt.ModelWeight == 300 && m.opt.CornerBonus == 60
		}},
		{[]string{"--rave-distance", "3"}, func(m matchSetup) bool { return m.opt.RaveDistance == 3 }},
		{[]string{"--owner-playouts", "500"}, func(m matchSetup) bool { return m.opt.OwnerPlayouts == 500 }},
	} {
		m, err := parseMatch(c.args, io.Discard)
		if err != nil {
			t.Errorf("%v: %v", c.args, err)
			continue
		}
		if !c.want(m) {
			t.Errorf("%v: engine options %+v, main time %v", c.args, m.opt, m.mainTime)
		}
	}
}

// A game whose planned searches took well over --move-time gets a note;
// fixed time and a fixed count never do.
func TestMatchOverspentNote(t *testing.T) {
	game := func(searched int, elapsed time.Duration) matchResult {
		return matchResult{searched: searched, elapsed: elapsed}
	}
	for _, tc := range []struct {
		opt  engine.Options
		res  matchResult
		want bool
	}{
		{engine.Options{VisitPlan: true, MoveTime: 5 * time.Second}, game(192, 192*7300*time.Millisecond), true},
		{engine.Options{VisitPlan: true, MoveTime: 5 * time.Second}, game(192, 192*5500*time.Millisecond), false},
		{engine.Options{MoveTime: 5 * time.Second}, game(192, 192*7300*time.Millisecond), false},
		{engine.Options{VisitPlan: true, MoveTime: 5 * time.Second}, game(0, 0), false},
	} {
		if got := overspent(tc.opt, tc.res); got != tc.want {
			t.Errorf("%+v, %v a move: %v, want %v", tc.opt.MoveTime, tc.res.secondsPerMove(), got, tc.want)
		}
	}
}
