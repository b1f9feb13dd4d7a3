package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgf"
	"github.com/kisen-go/kisen/sgmp"
)

// TestResumeAfterSIGKILL kills a running `kisen play` with SIGKILL in the
// middle of a game, restarts it with --resume, and checks that the game
// reaches its end with every move recorded once, on both sides.
func TestResumeAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a game")
	}
	if _, err := exec.LookPath("socat"); err != nil {
		t.Skip("socat is not installed (apt-get install socat; .ci/run does it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "kisen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	ttyA, ttyB := filepath.Join(dir, "ttyA"), filepath.Join(dir, "ttyB")
	socat := exec.CommandContext(ctx, "socat", "PTY,link="+ttyA+",rawer", "PTY,link="+ttyB+",rawer")
	if err := socat.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { socat.Process.Kill(); socat.Wait() }()
	for i := 0; i < 100; i++ {
		if _, err := os.Lstat(ttyB); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	out := filepath.Join(dir, "games")
	args := []string{"--port", ttyA, "--color", "white", "--size", "9", "--main-time", "10m", "--move-cap", "150",
		"--move-time", "150ms", "--resend-timeout", "3s", "--ui", "plain", "--out", out, "--player", "kisen", "--opponent", "peer"}
	var log1 bytes.Buffer
	first := exec.CommandContext(ctx, bin, append([]string{"play"}, args...)...)
	first.Stdout, first.Stderr = &log1, &log1
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // White listens first

	// The peer: a random player (Black) behind its own SGMP session.
	port, err := sgmp.OpenPort(sgmp.PortConfig{Name: ttyB, Baud: 2400, DataBits: 8, Parity: "none", StopBits: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer port.Close()
	// Both sides trace every packet, shown if the test fails.
	var peerTrace syncBuf
	sess, err := sgmp.NewSession(port, sgmp.Options{Mode: sgmp.ModeSGMP, Color: board.Black, Size: 9, ResendTimeout: 3 * time.Second,
		Log: zerolog.New(&peerTrace).Level(zerolog.TraceLevel)})
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	peerRecord := filepath.Join(dir, "peer.sgf")
	g, err := match.NewGame(match.Options{Size: 9, Komi: 6.5, Rules: board.Japanese, MainTime: 10 * time.Minute, MoveCap: 150,
		Journal: peerRecord, Application: "kisen:test",
		Judge: func(b *board.Board) engine.Judgement {
			return engine.Judge(b, engine.JudgeOptions{Rules: board.Japanese, Komi: 6.5, Seed: 1})
		}},
		match.NewRandomPlayer("peer", 7), match.NewRemotePlayer("kisen", sess, false))
	if err != nil {
		t.Fatal(err)
	}
	peerDone := make(chan match.Outcome, 1)
	peerErr := make(chan error, 1)
	go func() {
		o, err := g.Run(ctx)
		peerErr <- err
		peerDone <- o
	}()
	kisenTrace := filepath.Join(dir, "kisen2.log")
	dump := func() string {
		tr, _ := os.ReadFile(kisenTrace)
		peerRec, _ := os.ReadFile(peerRecord)
		return fmt.Sprintf("peer record:\n%s\npeer trace (last lines):\n%s\nresumed kisen trace (last lines):\n%s",
			peerRec, lastLines(peerTrace.String(), 40), lastLines(string(tr), 40))
	}

	// Kill kisen while it is thinking: its record ends with Black's move.
	var journal string
	for deadline := time.Now().Add(time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not get going:\n%s", log1.String())
		}
		files, _ := filepath.Glob(filepath.Join(out, "*.sgf"))
		if len(files) == 1 {
			journal = files[0]
			if data, err := os.ReadFile(journal); err == nil {
				if rec, err := sgf.Parse(data); err == nil && len(rec.Nodes) >= 12 && rec.Nodes[len(rec.Nodes)-1].Move.Color == board.Black {
					break
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := first.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.Wait()
	before, _ := os.ReadFile(journal)
	time.Sleep(500 * time.Millisecond)

	var log2 bytes.Buffer
	second := exec.CommandContext(ctx, bin, "play", "--resume", journal, "--port", ttyA, "--move-time", "150ms", "--log-file", kisenTrace,
		"--resend-timeout", "3s", "--ui", "plain", "--out", out, "--player", "kisen", "--opponent", "peer", "--color", "white")
	second.Stdout, second.Stderr = &log2, &log2
	if err := second.Run(); err != nil {
		t.Fatalf("resumed kisen: %v\n%s\nbefore the kill:\n%s\n%s", err, log2.String(), before, dump())
	}
	var peerOut match.Outcome
	select {
	case err := <-peerErr:
		if err != nil {
			t.Fatalf("peer: %v\n%s", err, dump())
		}
		peerOut = <-peerDone
	case <-ctx.Done():
		t.Fatal("the peer's game did not end")
	}
	data, _ := os.ReadFile(journal)
	rec, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	peerData, _ := os.ReadFile(peerRecord)
	prec, err := sgf.Parse(peerData)
	if err != nil {
		t.Fatal(err)
	}
	a, b := recordMoves(t, rec), recordMoves(t, prec)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("records differ after resume:\nkisen (%d): %v\npeer  (%d): %v\nbefore the kill:\n%s\nlog:\n%s", len(a), a, len(b), b, before, log2.String())
	}
	if rec.Result == "" || rec.Result != prec.Result {
		t.Fatalf("results: kisen %q, peer %q (%s)", rec.Result, prec.Result, peerOut.Detail)
	}
	t.Logf("resumed after %d moves; game ended after %d moves: %s", len(recordMoves(t, mustParse(t, before))), len(a), rec.Result)
}

func mustParse(t *testing.T, data []byte) *sgf.Record {
	t.Helper()
	rec, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// syncBuf is a bytes.Buffer safe for the peer's session goroutine.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestPlayStopsBeforeTheHandshake: what must fail does so before anything
// goes on the link, in one line: a second kisen on a record in play (the
// first holds its lock), an output folder that cannot be made, and Ctrl-C
// while waiting for the peer says that nothing was recorded.
func TestPlayStopsBeforeTheHandshake(t *testing.T) {
	isolate(t)
	os.WriteFile("game.sgf", []byte("(;GM[1]FF[4]SZ[9];B[dd];W[ee])"), 0o644)
	os.WriteFile("game.sgf.link", []byte(`{"moves_sent":2,"moves":2,"remote":"black","link":{"my":0,"his":0,"started":true}}`), 0o644)
	unlock, err := match.LockJournal("game.sgf")
	if err != nil {
		t.Fatal(err)
	}
	err = runPlay(context.Background(), []string{"--resume", "game.sgf", "--port", "/dev/no-such-port", "--ui", "plain"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("another kisen (PID %d) is playing this record", os.Getpid())) {
		t.Fatalf("second kisen on one record: %v", err)
	}
	unlock()

	os.WriteFile("file", nil, 0o644)
	err = runPlay(context.Background(), []string{"--color", "black", "--port", "/dev/no-such-port", "--out", "file/games", "--ui", "plain"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "output folder") {
		t.Fatalf("--out under a file: %v", err)
	}

	if _, err := exec.LookPath("socat"); err != nil {
		t.Skip("socat is not installed")
	}
	dir, _ := os.Getwd()
	ttyA, ttyB := filepath.Join(dir, "ttyA"), filepath.Join(dir, "ttyB")
	socat := exec.Command("socat", "PTY,link="+ttyA+",rawer", "PTY,link="+ttyB+",rawer")
	if err := socat.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { socat.Process.Kill(); socat.Wait() }()
	for i := 0; i < 100; i++ {
		if _, err := os.Lstat(ttyB); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	err = runPlay(ctx, []string{"--color", "white", "--port", ttyA, "--out", "games", "--ui", "plain"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || err.Error() != "interrupted before the game started; nothing recorded" {
		t.Fatalf("Ctrl-C before the handshake: %v", err)
	}
	if ents, _ := os.ReadDir("games"); len(ents) != 0 {
		t.Errorf("games holds %d files after an interrupted start", len(ents))
	}
}
