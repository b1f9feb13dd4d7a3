package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A mistyped flag is one line naming it and pointing at -h; the usage
// text is kept for -h itself.
func TestBadFlagIsOneLine(t *testing.T) {
	for _, verb := range [][]string{{"play"}, {"score"}, {"sgf", "check"}, {"match"}, {"submit"}, {"ports"}, {"gtp"}} {
		name := strings.Join(verb, " ")
		_, errOut, err := runT(t, append(verb, "--bogus")...)
		if exitCode(err) != 2 {
			t.Fatalf("%s --bogus: %v, exit %d", name, err, exitCode(err))
		}
		if errOut != "" {
			t.Errorf("%s --bogus printed a usage dump:\n%s", name, errOut)
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "-bogus") || !strings.Contains(msg, "see kisen "+name+" -h") {
			t.Errorf("%s --bogus: %q", name, msg)
		}
	}
}

// -h shows every verb's flags with their defaults.
func TestHelpShowsDefaults(t *testing.T) {
	for _, c := range []struct{ verb, want string }{
		{"play", "default 6.5)"}, {"match", "(default 2)"}, {"gtp", "(default 10s)"}, {"play", "(default 40m0s)"}, {"score", "(default 1000)"},
		{"soak", "(default 9)"}, {"bench", "(default 9)"}, {"demo", "(default 1m0s)"},
	} {
		_, errOut, err := runT(t, c.verb, "-h")
		if !errors.Is(err, flag.ErrHelp) || !strings.Contains(errOut, c.want) {
			t.Errorf("%s -h: %v; want %q in:\n%s", c.verb, err, c.want, errOut)
		}
	}
}

// --manual them: the opponent's moves are typed here, and the record and
// its file name still carry the opponent's real name; the end of the game
// prints where the record and report are.
func TestManualThemKeepsOpponentName(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	inR, inW := io.Pipe()
	var out syncBuf
	done := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go func() {
		done <- runPlay(ctx, []string{"--manual", "them", "--color", "white", "--size", "9", "--ui", "plain",
			"--out", dir, "--opponent", "碁太郎 Go", "--move-time", "50ms"}, inR, &out, &out)
	}()
	waitFor := func(s string) {
		t.Helper()
		for !strings.Contains(out.String(), s) {
			if ctx.Err() != nil {
				t.Fatalf("no %q in:\n%s", s, out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor("to play, move 1")
	io.WriteString(inW, "E5\n")
	waitFor("to play, move 3")
	io.WriteString(inW, "resign\n")
	if err := <-done; err != nil {
		t.Fatalf("play: %v\n%s", err, out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*碁太郎_Go-vs-kisen.sgf"))
	if len(files) != 1 {
		t.Fatalf("records %v\n%s", files, out.String())
	}
	rec := mustParse(t, mustRead(t, files[0]))
	if rec.PlayerBlack != "碁太郎 Go" || rec.Result != "W+R" {
		t.Fatalf("PB %q RE %q", rec.PlayerBlack, rec.Result)
	}
	base := strings.TrimSuffix(files[0], ".sgf")
	for _, want := range []string{"record: " + files[0], "report: " + base + ".report.txt"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q at the end:\n%s", want, lastLines(out.String(), 5))
		}
	}
}
