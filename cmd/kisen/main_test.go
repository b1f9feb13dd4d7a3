package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/config"
)

func runT(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

// isolate keeps the user's files and variables out of a test.
func isolate(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv("KISEN_CONFIG", "")
	for _, v := range config.EnvVars() {
		t.Setenv(v[0], "")
		os.Unsetenv(v[0])
	}
}

func TestVersion(t *testing.T) {
	out, _, err := runT(t, "version")
	if err != nil || !strings.HasPrefix(out, "kisen dev") || !strings.Contains(out, "go1.") {
		t.Errorf("version: %q, %v", out, err)
	}
	if _, _, err := runT(t, "version", "extra"); exitCode(err) != 2 {
		t.Errorf("version extra: %v (exit %d), want a usage error", err, exitCode(err))
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"sgf"}, {"sgf", "munge"}, {"sgf", "check"}, {"config"},
		{"config", "check", "--bogus"}, {"config", "check", "a.yaml", "b.yaml"}} {
		_, _, err := runT(t, args...)
		if exitCode(err) != 2 {
			t.Errorf("%q: %v (exit %d), want exit 2", args, err, exitCode(err))
		}
	}
}

func TestHelp(t *testing.T) {
	out, _, err := runT(t, "help")
	if err != nil || !strings.Contains(out, "kisen sgf check FILE...") || !strings.Contains(out, "kisen config check") {
		t.Errorf("help: %q, %v", out, err)
	}
	_, errOut, err := runT(t, "help", "sgf", "check")
	if err != nil || !strings.Contains(errOut, "Usage: kisen sgf check FILE...") || !strings.Contains(errOut, "-q") {
		t.Errorf("help sgf check: %q, %v", errOut, err)
	}
	_, _, err = runT(t, "config", "check", "-h")
	if !errors.Is(err, flag.ErrHelp) || exitCode(err) != 0 {
		t.Errorf("config check -h: %v, exit %d", err, exitCode(err))
	}
}

func TestSGFCheck(t *testing.T) {
	good, _ := filepath.Glob("../../sgf/testdata/gnugo-*.sgf")
	if len(good) == 0 {
		t.Fatal("no GNU Go records in sgf/testdata")
	}
	out, _, err := runT(t, append([]string{"sgf", "check"}, good...)...)
	if err != nil {
		t.Fatalf("good files: %v\n%s", err, out)
	}
	if n := strings.Count(out, ": ok ("); n != len(good) {
		t.Errorf("want %d ok lines:\n%s", len(good), out)
	}

	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	broken := write("broken.sgf", "(;GM[1]SZ[9];B[ee];W[ee]")
	illegal := write("illegal.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[ee])")
	gm := write("gm.sgf", "(;GM[2]SZ[40])")
	missing := filepath.Join(dir, "missing.sgf")
	out, _, err = runT(t, "sgf", "check", good[0], broken, illegal, gm, missing)
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("bad files: err %v (exit %d)", err, exitCode(err))
	}
	want := []string{
		good[0] + ": ok (",
		broken + ": offset 24: unexpected end of file: 1 game tree(s) not closed with ')'",
		illegal + ": move 2: W E5 (W[ee]) is illegal: point is occupied; the moves after it were not checked",
		gm + ": offset 5: GM[2] is not a Go record (Go is GM[1])",
		gm + ": offset 10: SZ[40] is out of range: board sizes are 2 to 22",
		missing + ": cannot read: ",
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want prefix %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(err.Error(), "5 problems in 4 of 5 files") {
		t.Errorf("summary: %v", err)
	}
	out, _, _ = runT(t, "sgf", "check", "-q", good[0], illegal)
	if strings.Contains(out, "ok (") || !strings.Contains(out, "move 2") {
		t.Errorf("-q: %q", out)
	}
}

func TestConfigCheck(t *testing.T) {
	example, _ := filepath.Abs(filepath.Join("..", "..", "docs", "kisen.example.yaml"))
	isolate(t)
	out, _, err := runT(t, "config", "check")
	if err != nil || !strings.Contains(out, "# effective configuration: defaults only") || !strings.Contains(out, "main_time: 40m") {
		t.Errorf("defaults: %v\n%s", err, out)
	}

	t.Setenv("KISEN_GAME_SIZE", "13")
	out, errOut, err := runT(t, "config", "check", "--config", example)
	if err != nil {
		t.Fatalf("example: %v\n%s", err, errOut)
	}
	for _, s := range []string{"# effective configuration: " + example, "overridden by the environment: KISEN_GAME_SIZE", "  size: 13\n", "  port: /dev/ttyUSB0\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// The printed YAML is itself a valid configuration.
	os.WriteFile("effective.yaml", []byte(out), 0o644)
	if _, _, err := runT(t, "config", "check", "effective.yaml"); err != nil {
		t.Errorf("printed configuration does not check: %v", err)
	}

	os.WriteFile("bad.yaml", []byte("game:\n  komi: 6.3\n  rules: korean\nlink:\n  baud: 2401\n"), 0o644)
	_, errOut, err = runT(t, "config", "check", "--config", "bad.yaml")
	if exitCode(err) != 1 || !strings.Contains(err.Error(), "3 problems") {
		t.Errorf("bad: %v", err)
	}
	for _, s := range []string{"bad.yaml: line 2: game.komi:", "bad.yaml: line 3: game.rules:", "bad.yaml: line 5: link.baud:"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("errors lack %q:\n%s", s, errOut)
		}
	}
	os.WriteFile("typo.yaml", []byte("game:\n  sise: 9\n"), 0o644)
	_, errOut, err = runT(t, "config", "check", "typo.yaml")
	if err == nil || !strings.Contains(errOut, `typo.yaml: line 2: unknown key "sise" in game`) {
		t.Errorf("typo: %v\n%s", err, errOut)
	}
	// KISEN_CONFIG names the file when --config does not.
	t.Setenv("KISEN_CONFIG", "typo.yaml")
	if _, _, err := runT(t, "config", "check"); err == nil {
		t.Error("KISEN_CONFIG was not read")
	}
	t.Setenv("KISEN_CONFIG", "nonexistent.yaml")
	if _, errOut, err := runT(t, "config", "check"); err == nil || !strings.Contains(errOut, "nonexistent.yaml") {
		t.Errorf("missing KISEN_CONFIG file: %v %q", err, errOut)
	}
}

func TestLoadConfigPrecedence(t *testing.T) {
	isolate(t)
	os.WriteFile("kisen.yaml", []byte("player: FromFile\nopponent: FileOpp\n"), 0o644)
	t.Setenv("KISEN_OPPONENT", "EnvOpp")
	cfg, err := loadConfig("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Player != "FromFile" || cfg.Opponent != "EnvOpp" || cfg.Game.Size != 19 {
		t.Errorf("file <- env over defaults: %+v", cfg)
	}
	t.Setenv("KISEN_GAME_SIZE", "99")
	if _, err := loadConfig(""); err == nil || !strings.Contains(err.Error(), "KISEN_GAME_SIZE") {
		t.Errorf("invalid env value: %v", err)
	}
}

func TestNewLogger(t *testing.T) {
	var console bytes.Buffer
	file := filepath.Join(t.TempDir(), "kisen.log")
	l, closeLog, err := newLogger(&console, file, "info")
	if err != nil {
		t.Fatal(err)
	}
	l.Trace().Hex("tx", []byte{0x02, 0x4d}).Msg("packet")
	l.Info().Str("port", "/dev/ttyS0").Msg("link up")
	if err := closeLog(); err != nil {
		t.Fatal(err)
	}
	if c := console.String(); !strings.Contains(c, "link up") || strings.Contains(c, "packet") || strings.Contains(c, "\x1b[") {
		t.Errorf("console (info, no colour): %q", c)
	}
	data, _ := os.ReadFile(file)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("log file has %d lines, want 2 (trace too):\n%s", len(lines), data)
	}
	var ev map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &ev); err != nil {
		t.Fatal(err)
	}
	if ev["level"] != "trace" || ev["tx"] != "024d" || !strings.Contains(ev["time"].(string), ".") {
		t.Errorf("trace line: %v", ev)
	}

	console.Reset()
	l, closeLog, err = newLogger(&console, "", "warn")
	if err != nil {
		t.Fatal(err)
	}
	l.Info().Msg("quiet")
	l.Warn().Msg("loud")
	closeLog()
	if c := console.String(); strings.Contains(c, "quiet") || !strings.Contains(c, "loud") {
		t.Errorf("console at warn: %q", c)
	}
	if _, _, err := newLogger(&console, "", "chatty"); err == nil {
		t.Error("bad level accepted")
	}
	if _, _, err := newLogger(&console, filepath.Join(t.TempDir(), "no", "dir", "x.log"), "info"); err == nil {
		t.Error("unwritable log file accepted")
	}
}
