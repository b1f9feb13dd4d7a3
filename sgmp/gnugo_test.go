//go:build linux

package sgmp

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
	"github.com/rs/zerolog"
)

const gnugoPath = "/usr/games/gnugo"

// gnugo starts GNU Go behind a socat pty (recipe of docs/sgmp.md) and
// returns the pty path, the SGF path and a function that waits for socat
// to end and returns GNU Go's stderr.
func gnugo(t *testing.T, mode, color string, size int) (tty, sgf string, wait func() string) {
	t.Helper()
	if _, err := os.Stat(gnugoPath); err != nil {
		t.Skipf("GNU Go interop test skipped: %s not found (apt-get install gnugo)", gnugoPath)
	}
	socat, err := exec.LookPath("socat")
	if err != nil {
		t.Skip("GNU Go interop test skipped: socat not found (apt-get install socat)")
	}
	dir := t.TempDir()
	tty = filepath.Join(dir, "ttyA")
	sgf = filepath.Join(dir, "gnugo.sgf")
	args := []string{gnugoPath, "--mode", mode, "--quiet", "--level", "1", "--color", color,
		"--boardsize", strconv.Itoa(size), "--komi", "6.5", "-o", sgf}
	cmd := exec.Command(socat, "-d", "-d", "PTY,link="+tty+",rawer,wait-slave", "EXEC:"+strings.Join(args, " "))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
	})
	for i := 0; ; i++ {
		if _, err := os.Lstat(tty); err == nil {
			break
		}
		if i > 500 {
			t.Fatalf("socat did not create %s: %s", tty, stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	return tty, sgf, func() string {
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		return stderr.String()
	}
}

var sgfMove = regexp.MustCompile(`;([BW])\[([a-z]{0,2})\]`)

func sgfMoves(t *testing.T, path string, size int) []board.Move {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("GNU Go's record: %v", err)
	}
	var out []board.Move
	for _, m := range sgfMove.FindAllStringSubmatch(string(data), -1) {
		p, err := board.ParseSGF(size, m[2])
		if err != nil {
			t.Fatalf("GNU Go's record: %v", err)
		}
		c := board.Black
		if m[1] == "W" {
			c = board.White
		}
		out = append(out, board.Move{Color: c, Point: p})
	}
	return out
}

func TestGNUGoInterop(t *testing.T) {
	cases := []struct {
		mode     string
		us       board.Color
		size     int
		passFrom int
		handicap int
	}{
		{"sgmp", board.White, 9, 0, 0},
		{"sgmp", board.Black, 9, 0, 0},
		{"gmp", board.White, 9, 0, 0},
		{"gmp", board.Black, 9, 0, 0},
		// GNU Go learns the handicap from our answer in gmp mode; White
		// moves first right after the handshake.
		{"gmp", board.White, 9, 0, 3},
		{"sgmp", board.White, 19, 40, 0},
	}
	for i, c := range cases {
		name := c.mode + "/kisen-" + c.us.String() + "/" + strconv.Itoa(c.size)
		if c.handicap > 0 {
			name += "/handicap-" + strconv.Itoa(c.handicap)
		}
		t.Run(name, func(t *testing.T) {
			if c.size == 19 && testing.Short() {
				t.Skip("19x19 game skipped in -short")
			}
			t.Parallel()
			// A bound, not a speed test: the 19x19 game took 160 s
			// while a long match shared the two cores.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			tty, sgf, wait := gnugo(t, c.mode, c.us.Opponent().String(), c.size)
			port, err := OpenPort(PortConfig{Name: tty})
			if err != nil {
				t.Fatal(err)
			}
			defer port.Close()
			var trace bytes.Buffer
			log := zerolog.New(&syncWriter{w: &trace}).Level(zerolog.TraceLevel)
			mode, _ := ParseMode(c.mode)
			s, err := NewSession(port, Options{Mode: mode, Color: c.us, Size: c.size, Handicap: c.handicap, Log: log})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			start := time.Now()
			if err := s.Handshake(ctx); err != nil {
				t.Fatalf("handshake: %v\nGNU Go: %s\n%s", err, wait(), trace.String())
			}
			moves, err := playGame(ctx, s, c.us, c.size, uint64(100+i), true, c.passFrom)
			if err != nil {
				t.Fatalf("game: %v\nGNU Go: %s", err, wait())
			}
			elapsed := time.Since(start)
			// In gmp mode GNU Go waits for us to hang up.
			s.Close()
			port.Close()
			stderr := wait()
			theirs := sgfMoves(t, sgf, c.size)
			// GNU Go may record its extra trailing pass.
			if len(theirs) == len(moves)+1 && theirs[len(theirs)-1].Point == board.Pass {
				theirs = theirs[:len(moves)]
			}
			if got, want := movesString(c.size, moves), movesString(c.size, theirs); got != want {
				t.Fatalf("kisen saw:\n%s\nGNU Go recorded:\n%s\nGNU Go: %s", got, want, stderr)
			}
			t.Logf("%s: %d moves in %v, identical to GNU Go's SGF; GNU Go says %q", name, len(moves), elapsed.Round(time.Millisecond), resultLine(stderr))
			if dir := os.Getenv("SGMP_TRACE_DIR"); dir != "" {
				os.WriteFile(filepath.Join(dir, strings.ReplaceAll(name, "/", "_")+".log"), trace.Bytes(), 0o644)
			}
		})
	}
}

// resultLine picks GNU Go's "Result: ..." line out of socat's stderr.
func resultLine(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if i := strings.Index(l, "Result:"); i >= 0 {
			if f := strings.Fields(l[i:]); len(f) >= 2 {
				return f[0] + " " + f[1] // socat's log may follow on the same line
			}
		}
	}
	return "(no result line)"
}
