package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFlagMistakesInOneLine: a mistyped flag or a bad value is one line
// that names it and the verb's -h, with the unit a bare duration lacks; no
// usage dump.
func TestFlagMistakesInOneLine(t *testing.T) {
	isolate(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--colr", "white"}, "play: unknown flag --colr; see kisen play -h"},
		{[]string{"play", "--main-time", "40"}, "play: --main-time 40: a duration needs a unit: did you mean 40m?; see kisen play -h"},
		{[]string{"play", "--size", "nine"}, `play: --size "nine": not a number; see kisen play -h`},
		{[]string{"score", "--movee", "3", "x.sgf"}, "score: unknown flag --movee; see kisen score -h"},
	} {
		_, errOut, err := runT(t, c.args...)
		if err == nil || err.Error() != c.want || exitCode(err) != 2 {
			t.Errorf("%q: %v (exit %d), want %q", c.args, err, exitCode(err), c.want)
		}
		if errOut != "" {
			t.Errorf("%q printed more than the one line:\n%s", c.args, errOut)
		}
	}
}

// TestFlagsAfterTheFile: flags may follow the file, as operators type them.
func TestFlagsAfterTheFile(t *testing.T) {
	isolate(t)
	bad := filepath.Join(t.TempDir(), "bad.sgf")
	os.WriteFile(bad, []byte("(;GM[1]FF[4]SZ[9];B[ee];B[dd])"), 0o644)
	out, _, err := runT(t, "sgf", "check", bad, "-q")
	if err == nil || !strings.Contains(err.Error(), "1 problem in 1 of 1 file") || strings.Contains(out, "ok") {
		t.Fatalf("sgf check FILE -q: %q, %v", out, err)
	}
}

// TestSubmitToAMissingFolder names the folder and the likely cause.
func TestSubmitToAMissingFolder(t *testing.T) {
	isolate(t)
	_, _, err := runT(t, "submit", "game.sgf", "/nonexistent/stick")
	if err == nil || !strings.Contains(err.Error(), "the folder /nonexistent/stick is missing (USB stick not mounted?)") {
		t.Fatalf("got %v", err)
	}
}

// TestPlayHelpShowsDefaults: -h shows the configuration's defaults.
func TestPlayHelpShowsDefaults(t *testing.T) {
	_, errOut, _ := runT(t, "play", "-h")
	for _, want := range []string{"default 19", "default 6.5", "default 40m0s", "default 400", "default ./games", "default sgmp"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("play -h lacks %q:\n%s", want, errOut)
		}
	}
}

// TestRecordNameKeepsRealNames: the tournament file name keeps names in
// any script, and drops only what a file system cannot hold.
func TestRecordNameKeepsRealNames(t *testing.T) {
	got := recordName(time.Date(2026, 11, 25, 10, 30, 0, 0, time.UTC), "囲碁 太郎", "GNU Go/3.8")
	if want := "20261125-1030-囲碁_太郎-vs-GNU_Go3.8.sgf"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
