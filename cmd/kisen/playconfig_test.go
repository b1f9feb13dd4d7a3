package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestPlayConfigPrecedence: flags > KISEN_ environment > file > defaults.
func TestPlayConfigPrecedence(t *testing.T) {
	isolate(t)
	os.WriteFile("kisen.yaml", []byte("game:\n  size: 9\n  komi: 5.5\n  main_time: 30m\nlink:\n  port: /dev/from-file\n"), 0o644)
	t.Setenv("KISEN_GAME_SIZE", "13")
	t.Setenv("KISEN_GAME_KOMI", "7.5")
	_, cfg, err := playConfig([]string{"--size", "19", "--name", "MyGo", "--color", "black"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Game.Size != 19 || cfg.Game.Komi != 7.5 || cfg.Game.MainTime.Duration != 30*time.Minute ||
		cfg.Link.Port != "/dev/from-file" || cfg.Game.MoveCap != 400 || cfg.Player != "MyGo" {
		t.Fatalf("size %d (flag 19), komi %v (env 7.5), main time %v (file 30m), port %q (file), cap %d (default 400)",
			cfg.Game.Size, cfg.Game.Komi, cfg.Game.MainTime, cfg.Link.Port, cfg.Game.MoveCap)
	}
	if _, _, err := playConfig([]string{"--manual", "both"}, io.Discard); exitCode(err) != 2 || !strings.Contains(err.Error(), "--manual") {
		t.Fatalf("--manual both: %v", err)
	}
	if _, _, err := playConfig([]string{"--size", "23"}, io.Discard); err == nil || !strings.Contains(err.Error(), "game.size") {
		t.Fatalf("--size 23: %v", err)
	}
}

// TestPlayConfigResumeTakesTheRecord: a resumed game keeps its own size,
// komi, rules and clock whatever the configuration says now (a clashing
// flag is warned about), and the names from the record unless given as
// flags.
func TestPlayConfigResumeTakesTheRecord(t *testing.T) {
	isolate(t)
	rec := "(;GM[1]FF[4]SZ[13]KM[0.5]RU[Chinese]TM[600]PB[Them]PW[Us];B[dd]BL[590];W[jj]WL[580])"
	os.WriteFile("game.sgf", []byte(rec), 0o644)
	os.WriteFile("game.sgf.link", []byte(`{"moves_sent":2,"moves":2,"remote":"black","link":{"my":0,"his":0,"started":true}}`), 0o644)
	var stderr strings.Builder
	_, cfg, err := playConfig([]string{"--resume", "game.sgf", "--port", "/dev/x", "--size", "19", "--komi", "6.5", "--opponent", "Flag"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Game.Size != 13 || cfg.Game.Komi != 0.5 || cfg.Game.Rules != "chinese" || cfg.Game.MainTime.Duration != 10*time.Minute ||
		cfg.Player != "Us" || cfg.Opponent != "Flag" || cfg.Game.Color != "white" {
		t.Fatalf("%+v; player %q opponent %q", cfg.Game, cfg.Player, cfg.Opponent)
	}
	for _, want := range []string{"warning: --size 19 ignored: game.sgf is a 13x13 game", "warning: --komi 6.5 ignored: game.sgf has komi 0.5"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr %q lacks %q", stderr.String(), want)
		}
	}
	// The link journal knows our colour: a contradicting --color is refused.
	if _, _, err := playConfig([]string{"--resume", "game.sgf", "--port", "/dev/x", "--color", "black"}, io.Discard); exitCode(err) != 2 || !strings.Contains(err.Error(), "kisen played white") {
		t.Fatalf("contradicting --color: %v", err)
	}
	os.WriteFile("done.sgf", []byte("(;GM[1]FF[4]SZ[9]RE[B+R];B[ee])"), 0o644)
	if _, _, err := playConfig([]string{"--resume", "done.sgf", "--port", "/dev/x"}, io.Discard); err == nil || !strings.Contains(err.Error(), "finished game") {
		t.Fatalf("a finished game resumed: %v", err)
	}
}

// TestPlayConfigResumeRefusals: a resume that would go wrong stops with one
// line saying what to do: no link state in mid-game (kisen would guess its
// colour and send NEWGAME), no colour known, a record with one colour twice
// in a row. (A record at the move cap is refused by match.Resume.)
func TestPlayConfigResumeRefusals(t *testing.T) {
	isolate(t)
	os.WriteFile("game.sgf", []byte("(;GM[1]FF[4]SZ[9];B[dd];W[ee];B[ff])"), 0o644)
	os.WriteFile("empty.sgf", []byte("(;GM[1]FF[4]SZ[9])"), 0o644)
	os.WriteFile("twice.sgf", []byte("(;GM[1]FF[4]SZ[9];B[dd];B[ee])"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--resume", "game.sgf", "--color", "white"}, "game.sgf.link (the link state) is missing"},
		{[]string{"--resume", "empty.sgf"}, "give --color"},
		{[]string{"--resume", "game.sgf", "--manual", "them"}, "give --color"},
		{[]string{"--resume", "twice.sgf", "--color", "white"}, "move 2: black moves twice in a row"},
	}
	for _, c := range cases {
		_, _, err := playConfig(append(c.args, "--port", "/dev/x"), io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	if _, cfg, err := playConfig([]string{"--resume", "game.sgf", "--manual", "them", "--color", "white"}, io.Discard); err != nil || cfg.Game.Color != "white" {
		t.Errorf("--manual them --color white without a link state: %v", err)
	}
}

// TestPlayConfigColorAndOddSettings: a new game needs a colour chosen by
// the operator (the default Black is not a choice); a komi or main time
// that is valid but surely a slip is warned about in one line each.
func TestPlayConfigColorAndOddSettings(t *testing.T) {
	isolate(t)
	if _, _, err := playConfig([]string{"--port", "/dev/x"}, io.Discard); exitCode(err) != 2 || !strings.Contains(err.Error(), "give --color") {
		t.Fatalf("no colour: %v", err)
	}
	os.WriteFile("kisen.yaml", []byte("game:\n  color: white\n"), 0o644)
	if _, cfg, err := playConfig([]string{"--port", "/dev/x"}, io.Discard); err != nil || cfg.Game.Color != "white" {
		t.Fatalf("colour from the file: %v", err)
	}
	var stderr strings.Builder
	if _, _, err := playConfig([]string{"--port", "/dev/x", "--komi", "-1000", "--main-time", "1ns"}, &stderr); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "komi -1000") || !strings.Contains(lines[1], "main time 1ns") {
		t.Fatalf("warnings %q", lines)
	}
}
