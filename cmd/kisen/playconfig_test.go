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
	_, cfg, err := playConfig([]string{"--size", "19", "--name", "MyGo"}, io.Discard)
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
// komi, rules and clock whatever the configuration says now, and the
// names from the record unless given as flags.
func TestPlayConfigResumeTakesTheRecord(t *testing.T) {
	isolate(t)
	rec := "(;GM[1]FF[4]SZ[13]KM[0.5]RU[Chinese]TM[600]PB[Them]PW[Us];B[dd]BL[590];W[jj]WL[580])"
	os.WriteFile("game.sgf", []byte(rec), 0o644)
	_, cfg, err := playConfig([]string{"--resume", "game.sgf", "--port", "/dev/x", "--color", "white", "--size", "19", "--opponent", "Flag"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Game.Size != 13 || cfg.Game.Komi != 0.5 || cfg.Game.Rules != "chinese" || cfg.Game.MainTime.Duration != 10*time.Minute ||
		cfg.Player != "Us" || cfg.Opponent != "Flag" {
		t.Fatalf("%+v; player %q opponent %q", cfg.Game, cfg.Player, cfg.Opponent)
	}
	// The link journal knows our colour: --color may be left out, and a
	// contradicting one is refused.
	os.WriteFile("game.sgf.link", []byte(`{"moves_sent":2,"moves":2,"remote":"black","link":{"my":0,"his":0,"started":true}}`), 0o644)
	_, cfg, err = playConfig([]string{"--resume", "game.sgf", "--port", "/dev/x"}, io.Discard)
	if err != nil || cfg.Game.Color != "white" || cfg.Player != "Us" {
		t.Fatalf("colour from the journal: %v, colour %q, player %q", err, cfg.Game.Color, cfg.Player)
	}
	if _, _, err := playConfig([]string{"--resume", "game.sgf", "--port", "/dev/x", "--color", "black"}, io.Discard); exitCode(err) != 2 || !strings.Contains(err.Error(), "kisen played white") {
		t.Fatalf("contradicting --color: %v", err)
	}
	os.WriteFile("done.sgf", []byte("(;GM[1]FF[4]SZ[9]RE[B+R];B[ee])"), 0o644)
	if _, _, err := playConfig([]string{"--resume", "done.sgf", "--port", "/dev/x"}, io.Discard); err == nil || !strings.Contains(err.Error(), "finished game") {
		t.Fatalf("a finished game resumed: %v", err)
	}
}
