package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/sgf"
)

const gnugo = "/usr/games/gnugo"

func needInterop(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go is not installed (apt-get install gnugo; .ci/run does it)")
	}
	if _, err := exec.LookPath("socat"); err != nil {
		t.Skip("socat is not installed (apt-get install socat; .ci/run does it)")
	}
}

// startGNUGo puts GNU Go in SGMP mode behind a pty made by socat and
// returns the pty path and GNU Go's SGF path.
func startGNUGo(t *testing.T, ctx context.Context, color string, size int) (tty, record string, done chan error) {
	t.Helper()
	dir := t.TempDir()
	tty = filepath.Join(dir, "ttyA")
	record = filepath.Join(dir, "gnugo.sgf")
	cmd := exec.CommandContext(ctx, "socat", "PTY,link="+tty+",rawer,wait-slave",
		"EXEC:"+gnugo+" --mode sgmp --quiet --level 1 --color "+color+" --boardsize "+strconv.Itoa(size)+" --komi 6.5 -o "+record)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done = make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
		if t.Failed() {
			t.Logf("socat/gnugo stderr:\n%s", stderr.String())
		}
	})
	for i := 0; i < 100; i++ {
		if _, err := os.Lstat(tty); err == nil {
			return tty, record, done
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("socat did not create the pty")
	return
}

var sgfMove = regexp.MustCompile(`;([BW])\[([a-s]{0,2})\]`)

func gnugoMoves(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range sgfMove.FindAllStringSubmatch(string(data), -1) {
		out = append(out, m[1]+"["+m[2]+"]")
	}
	return out
}

func recordMoves(t *testing.T, rec *sgf.Record) []string {
	var out []string
	for _, n := range rec.Nodes {
		out = append(out, n.Move.Color.Letter()+"["+board.SGF(rec.Size, n.Move.Point)+"]")
	}
	return out
}

// TestPlayAgainstGNUGo runs `kisen play` (the embedded engine) against GNU
// Go in SGMP mode through socat: the game ends on two passes, the record
// has the same moves as GNU Go's and plausible clocks.
func TestPlayAgainstGNUGo(t *testing.T) {
	needInterop(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tty, gnugoRecord, _ := startGNUGo(t, ctx, "black", 9)
	out := t.TempDir()
	// The test wants the game played out to two passes: no resigning.
	cfgFile := filepath.Join(out, "kisen.yaml")
	if err := os.WriteFile(cfgFile, []byte("engine:\n  resign: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err := runPlay(ctx, []string{"--config", cfgFile, "--port", tty, "--color", "white", "--size", "9", "--main-time", "10m",
		"--move-time", "100ms", "--ui", "plain", "--out", out, "--opponent", "GNU Go"}, strings.NewReader(""), &stdout, &stderr)
	if err != nil {
		t.Fatalf("kisen play: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.sgf"))
	if len(files) != 1 {
		t.Fatalf("records: %v", files)
	}
	data, _ := os.ReadFile(files[0])
	rec, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result == "" || rec.Result == "?" {
		t.Fatalf("no result in the record: %q\n%s", rec.Result, stdout.String())
	}
	n := len(rec.Nodes)
	if n < 2 || rec.Nodes[n-1].Move.Point != board.Pass || rec.Nodes[n-2].Move.Point != board.Pass {
		t.Fatalf("the game did not end on two passes:\n%s", data)
	}
	ours, theirs := recordMoves(t, rec), gnugoMoves(t, gnugoRecord)
	// GNU Go may not have written its record's last pass yet; compare the
	// common prefix and require at most one missing move.
	if len(theirs) < len(ours)-1 || strings.Join(ours[:len(theirs)], " ") != strings.Join(theirs, " ") {
		t.Fatalf("move lists differ:\nkisen: %v\ngnugo: %v", ours, theirs)
	}
	prev := map[board.Color]float64{board.Black: 600, board.White: 600}
	for i, nd := range rec.Nodes {
		if !nd.HasTime || nd.TimeLeft > prev[nd.Move.Color] || nd.TimeLeft < 500 {
			t.Fatalf("move %d: time left %.1f (before %.1f)", i+1, nd.TimeLeft, prev[nd.Move.Color])
		}
		prev[nd.Move.Color] = nd.TimeLeft
	}
	for _, ext := range []string{".report.txt", ".report.svg"} {
		if _, err := os.Stat(strings.TrimSuffix(files[0], ".sgf") + ext); err != nil {
			t.Errorf("report missing: %v", err)
		}
	}
}

// TestPlayGTPEngineBehindTheLink: kisen as the bridge. An external GTP
// program (GNU Go in GTP mode) plays kisen's side against GNU Go in SGMP
// mode over socat; the game ends and both records hold the same moves.
func TestPlayGTPEngineBehindTheLink(t *testing.T) {
	needInterop(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tty, gnugoRecord, _ := startGNUGo(t, ctx, "white", 9)
	out := t.TempDir()
	cfgFile := filepath.Join(out, "kisen.yaml")
	cfg := "player: GNU Go via kisen\nengine:\n  kind: gtp\n  command: " + gnugo + " --mode gtp --level 0\n"
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err := runPlay(ctx, []string{"--config", cfgFile, "--port", tty, "--color", "black", "--size", "9", "--main-time", "10m",
		"--ui", "plain", "--out", out, "--opponent", "GNU Go"}, strings.NewReader(""), &stdout, &stderr)
	if err != nil {
		t.Fatalf("kisen play: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.sgf"))
	if len(files) != 1 {
		t.Fatalf("records: %v", files)
	}
	rec := mustParse(t, mustRead(t, files[0]))
	if rec.Result == "" || rec.PlayerBlack != "GNU Go via kisen" || len(rec.Nodes) < 10 {
		t.Fatalf("record: RE %q PB %q, %d moves\n%s", rec.Result, rec.PlayerBlack, len(rec.Nodes), stdout.String())
	}
	ours, theirs := recordMoves(t, rec), gnugoMoves(t, gnugoRecord)
	if len(theirs) < len(ours)-1 || strings.Join(ours[:len(theirs)], " ") != strings.Join(theirs, " ") {
		t.Fatalf("move lists differ:\nkisen: %v\ngnugo: %v", ours, theirs)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
