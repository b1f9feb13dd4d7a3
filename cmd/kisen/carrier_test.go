package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/internal/carrier"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgf"
	"github.com/kisen-go/kisen/sgmp"
)

// quickPlay writes a config for short test games (one thread, no
// resigning: SGMP has no resign packet, so a resigning kisen would leave
// its peer waiting) and returns play's common arguments.
func quickPlay(t *testing.T, out, name, opponent string) []string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "kisen.yaml")
	if err := os.WriteFile(cfg, []byte("engine:\n  resign: false\n  threads: 1\n  max_memory_mb: 64\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"--config", cfg, "--size", "9", "--main-time", "10m", "--move-time", "50ms", "--move-cap", "150",
		"--resend-timeout", "3s", "--ui", "plain", "--out", out, "--player", name, "--opponent", opponent}
}

// onlyRecord returns the one SGF record in dir.
func onlyRecord(t *testing.T, dir string) (string, *sgf.Record) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if len(files) != 1 {
		t.Fatalf("records in %s: %v", dir, files)
	}
	return files[0], mustParse(t, mustRead(t, files[0]))
}

// sameGame fails unless the two records hold the same moves and result.
func sameGame(t *testing.T, a, b *sgf.Record) {
	t.Helper()
	ma, mb := recordMoves(t, a), recordMoves(t, b)
	if strings.Join(ma, " ") != strings.Join(mb, " ") {
		t.Fatalf("records differ:\n%v\n%v", ma, mb)
	}
	if a.Result == "" || a.Result != b.Result {
		t.Fatalf("results: %q and %q", a.Result, b.Result)
	}
	if len(ma) < 20 {
		t.Fatalf("only %d moves: %v", len(ma), ma)
	}
}

// tap copies one direction of a line and keeps every byte that went over.
type tap struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (tp *tap) copy(dst io.WriteCloser, src io.Reader) {
	io.Copy(io.MultiWriter(dst, tp), src)
	dst.Close()
}

func (tp *tap) Write(p []byte) (int, error) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return tp.buf.Write(p)
}

// onlyPackets fails unless every byte a side wrote belongs to a 4-byte
// SGMP packet (a start byte 0-3, then three bytes with the top bit set):
// nothing but the protocol reached kisen's standard output.
func onlyPackets(t *testing.T, who string, tp *tap) {
	t.Helper()
	tp.mu.Lock()
	data := tp.buf.Bytes()
	tp.mu.Unlock()
	if len(data) == 0 || len(data)%4 != 0 {
		t.Fatalf("%s wrote %d bytes, not whole packets: %q", who, len(data), lastLines(string(data), 5))
	}
	for i := 0; i < len(data); i += 4 {
		p := data[i : i+4]
		if p[0] > 3 || p[1] < 0x80 || p[2] < 0x80 || p[3] < 0x80 {
			t.Fatalf("%s wrote a non-packet at byte %d: % x (%q)", who, i, p, data[i:min(len(data), i+80)])
		}
	}
}

// osPipe is an OS pipe, as between two processes' stdout and stdin.
func osPipe(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// playBoth runs two `kisen play` in this process and returns their errors
// and stderr.
func playBoth(ctx context.Context, white, black func() error) (werr, berr error) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); werr = white() }()
	go func() { defer wg.Done(); berr = black() }()
	wg.Wait()
	return werr, berr
}

// TestStdioKisenVsKisen plays a whole game between two `kisen play --port -`
// whose standard input and output are joined by OS pipes, as a GMP referee
// or `socat EXEC: EXEC:` joins two processes. Every byte either writes to
// its standard output is tapped: only packets; the display and report go to
// stderr; the two records are identical.
func TestStdioKisenVsKisen(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// white stdout -> tap -> black stdin, and back.
	wOutR, wOutW := osPipe(t)
	bInR, bInW := osPipe(t)
	bOutR, bOutW := osPipe(t)
	wInR, wInW := osPipe(t)
	var fromWhite, fromBlack tap
	go fromWhite.copy(bInW, wOutR)
	go fromBlack.copy(wInW, bOutR)
	dirW, dirB := t.TempDir(), t.TempDir()
	var errW, errB syncBuf
	werr, berr := playBoth(ctx, func() error {
		defer wOutW.Close()
		return runPlay(ctx, append(quickPlay(t, dirW, "kisen-w", "kisen-b"), "--port", "-", "--color", "white"), wInR, wOutW, &errW)
	}, func() error {
		defer bOutW.Close()
		return runPlay(ctx, append(quickPlay(t, dirB, "kisen-b", "kisen-w"), "--port", "-", "--color", "black"), bInR, bOutW, &errB)
	})
	if werr != nil || berr != nil {
		t.Fatalf("white: %v\n%s\nblack: %v\n%s", werr, lastLines(errW.String(), 30), berr, lastLines(errB.String(), 30))
	}
	_, rw := onlyRecord(t, dirW)
	pathB, rb := onlyRecord(t, dirB)
	sameGame(t, rw, rb)
	onlyPackets(t, "white", &fromWhite)
	onlyPackets(t, "black", &fromBlack)
	if !strings.Contains(errB.String(), "record: "+pathB) {
		t.Fatalf("the report did not go to stderr:\n%s", lastLines(errB.String(), 20))
	}
	t.Logf("%d moves, %s; %d and %d bytes on the two stdouts", len(rw.Nodes), rw.Result, fromWhite.buf.Len(), fromBlack.buf.Len())
}

// TestStdioBinary runs the built kisen with --port - under a pipe, with no
// terminal (its own session), against a random player behind an SGMP
// session in the test: the game ends, the records agree, and kisen's
// standard output carried nothing but packets.
func TestStdioBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a game")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "kisen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "games")
	cmd := exec.CommandContext(ctx, bin, append([]string{"play"}, append(quickPlay(t, out, "kisen", "peer"), "--port", "-", "--color", "white")...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	var stderr syncBuf
	cmd.Stderr = &stderr
	toKisen, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	fromKisen, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var wire tap
	link := struct {
		io.Reader
		io.Writer
	}{io.TeeReader(fromKisen, &wire), toKisen}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peerRecord := filepath.Join(dir, "peer.sgf")
	peerOut, err := playPeer(ctx, link, peerRecord, 3)
	toKisen.Close()
	if werr := cmd.Wait(); werr != nil || err != nil {
		t.Fatalf("kisen: %v; peer: %v\n%s", werr, err, lastLines(stderr.String(), 30))
	}
	_, rec := onlyRecord(t, out)
	sameGame(t, rec, mustParse(t, mustRead(t, peerRecord)))
	onlyPackets(t, "kisen", &wire)
	if !strings.Contains(stderr.String(), "record: ") {
		t.Fatalf("no report on stderr:\n%s", lastLines(stderr.String(), 20))
	}
	t.Logf("%d moves, %s (%s)", len(rec.Nodes), rec.Result, peerOut.Detail)
}

// playPeer plays Black, a random player, over rw against kisen and
// journals the game in record.
func playPeer(ctx context.Context, rw io.ReadWriter, record string, seed uint64) (match.Outcome, error) {
	sess, err := sgmp.NewSession(rw, sgmp.Options{Mode: sgmp.ModeSGMP, Color: board.Black, Size: 9, ResendTimeout: 3 * time.Second})
	if err != nil {
		return match.Outcome{}, err
	}
	defer sess.Close()
	g, err := match.NewGame(peerOptions(record), match.NewRandomPlayer("peer", seed), match.NewRemotePlayer("kisen", sess, false))
	if err != nil {
		return match.Outcome{}, err
	}
	return g.Run(ctx)
}

func peerOptions(record string) match.Options {
	return match.Options{Size: 9, Komi: 6.5, Rules: board.Japanese, MainTime: 10 * time.Minute, MoveCap: 150,
		Journal: record, Application: "kisen:test",
		Judge: func(b *board.Board) engine.Judgement {
			return engine.Judge(b, engine.JudgeOptions{Rules: board.Japanese, Komi: 6.5, Seed: 1})
		}}
}

// freeAddr is a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestTCPKisenVsKisen plays a whole game between two kisen over loopback
// TCP: White waits with --listen, Black connects with --port tcp://.
func TestTCPKisenVsKisen(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	addr := freeAddr(t)
	dirW, dirB := t.TempDir(), t.TempDir()
	var outW, outB syncBuf
	werr, berr := playBoth(ctx, func() error {
		return runPlay(ctx, append(quickPlay(t, dirW, "kisen-w", "kisen-b"), "--listen", "tcp://"+addr, "--color", "white"),
			strings.NewReader(""), &outW, &outW)
	}, func() error {
		return runPlay(ctx, append(quickPlay(t, dirB, "kisen-b", "kisen-w"), "--port", "tcp://"+addr, "--color", "black"),
			strings.NewReader(""), &outB, &outB)
	})
	if werr != nil || berr != nil {
		t.Fatalf("white: %v\n%s\nblack: %v\n%s", werr, lastLines(outW.String(), 30), berr, lastLines(outB.String(), 30))
	}
	_, rw := onlyRecord(t, dirW)
	_, rb := onlyRecord(t, dirB)
	sameGame(t, rw, rb)
	if !strings.Contains(outW.String(), "waiting for the peer at tcp://"+addr) {
		t.Fatalf("white did not say where it waits:\n%s", lastLines(outW.String(), 30))
	}
	t.Logf("%d moves, %s", len(rw.Nodes), rw.Result)
}

// TestTCPAgainstGNUGo: kisen connects over loopback TCP to GNU Go in SGMP
// mode behind socat TCP-LISTEN; both records hold the same moves.
func TestTCPAgainstGNUGo(t *testing.T) {
	needInterop(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	addr := freeAddr(t)
	host, port, _ := net.SplitHostPort(addr)
	dir := t.TempDir()
	gnugoRecord := filepath.Join(dir, "gnugo.sgf")
	socat := exec.CommandContext(ctx, "socat", "TCP-LISTEN:"+port+",bind="+host+",reuseaddr",
		"EXEC:"+gnugo+" --mode sgmp --quiet --level 1 --color black --boardsize 9 --komi 6.5 -o "+gnugoRecord)
	var socatErr syncBuf
	socat.Stderr = &socatErr
	if err := socat.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { socat.Process.Kill(); socat.Wait() }()
	out := filepath.Join(dir, "games")
	var stdout syncBuf
	err := runPlay(ctx, append(quickPlay(t, out, "kisen", "GNU Go"), "--port", "tcp://"+addr, "--color", "white"),
		strings.NewReader(""), &stdout, &stdout)
	if err != nil {
		t.Fatalf("kisen play: %v\n%s\nsocat: %s", err, lastLines(stdout.String(), 30), socatErr.String())
	}
	_, rec := onlyRecord(t, out)
	n := len(rec.Nodes)
	if n < 20 || rec.Nodes[n-1].Move.Point != board.Pass || rec.Nodes[n-2].Move.Point != board.Pass {
		t.Fatalf("the game did not end on two passes: %v", recordMoves(t, rec))
	}
	// In sgmp mode GNU Go ends on the second pass: wait for its record.
	done := make(chan error, 1)
	go func() { done <- socat.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	ours, theirs := recordMoves(t, rec), gnugoMoves(t, gnugoRecord)
	// GNU Go may not have written its record's last pass.
	if len(theirs) < len(ours)-1 || len(theirs) > len(ours) || strings.Join(ours[:len(theirs)], " ") != strings.Join(theirs, " ") {
		t.Fatalf("move lists differ:\nkisen: %v\ngnugo: %v", ours, theirs)
	}
	t.Logf("%d moves, %s; GNU Go's record holds %d", n, rec.Result, len(theirs))
}

// dropper is the peer's view of kisen, which hangs up the TCP connection
// when it is about to wait for kisen's move number at.
type dropper struct {
	*match.RemotePlayer
	port sgmp.Port
	n    int
	at   int
}

func (d *dropper) Move(ctx context.Context, req match.Request) (match.Action, error) {
	if d.n++; d.n == d.at {
		d.port.Close()
	}
	return d.RemotePlayer.Move(ctx, req)
}

// TestTCPDropResumes pulls the network cable in the middle of a game: the
// peer (a random Black over TCP) closes the connection. kisen treats it as
// a link failure (no operator at the keyboard: the game is suspended with
// the record kept), is started again with --resume on the same --listen,
// the peer reconnects with its link state, and the game reaches its end
// with identical records.
func TestTCPDropResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	addr := freeAddr(t)
	spec := carrier.Spec{Kind: carrier.Dial, Addr: addr}
	out := t.TempDir()
	args := append(quickPlay(t, out, "kisen", "peer"), "--listen", "tcp://"+addr, "--color", "white")
	var first syncBuf
	firstErr := make(chan error, 1)
	go func() { firstErr <- runPlay(ctx, args, strings.NewReader(""), &first, &first) }()

	peerRecord := filepath.Join(t.TempDir(), "peer.sgf")
	opt := sgmp.Options{Mode: sgmp.ModeSGMP, Color: board.Black, Size: 9, ResendTimeout: 3 * time.Second}
	port, err := carrier.Open(ctx, spec, carrier.Options{DialWait: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := sgmp.NewSession(port, opt)
	if err != nil {
		t.Fatal(err)
	}
	popt := peerOptions(peerRecord)
	reconnected := 0
	popt.OnLinkDown = func(ctx context.Context, col board.Color, lerr error) (match.Player, error) {
		// The peer keeps running and dials again, its link state intact.
		st := sess.State()
		sess.Close()
		p, err := carrier.Open(ctx, spec, carrier.Options{DialWait: 60 * time.Second})
		if err != nil {
			return nil, err
		}
		o := opt
		o.Resume = &st
		if sess, err = sgmp.NewSession(p, o); err != nil {
			return nil, err
		}
		reconnected++
		return match.NewRemotePlayer("kisen", sess, true), nil
	}
	g, err := match.NewGame(popt, match.NewRandomPlayer("peer", 11), &dropper{RemotePlayer: match.NewRemotePlayer("kisen", sess, false), port: port, at: 12})
	if err != nil {
		t.Fatal(err)
	}
	peerDone := make(chan error, 1)
	var peerOut match.Outcome
	go func() {
		var err error
		peerOut, err = g.Run(ctx)
		peerDone <- err
	}()

	// kisen sees the drop as a link failure and, with nobody to type the
	// moves, stops with the record kept.
	err = <-firstErr
	if err == nil || !strings.Contains(err.Error(), "suspended") {
		t.Fatalf("kisen after the drop: %v\n%s", err, lastLines(first.String(), 30))
	}
	if !strings.Contains(first.String(), "link") {
		t.Fatalf("no link failure shown:\n%s", lastLines(first.String(), 30))
	}
	journal, before := onlyRecord(t, out)
	var second syncBuf
	err = runPlay(ctx, append(quickPlay(t, out, "kisen", "peer"), "--resume", journal, "--listen", "tcp://"+addr),
		strings.NewReader(""), &second, &second)
	if err != nil {
		t.Fatalf("resumed kisen: %v\n%s", err, lastLines(second.String(), 30))
	}
	if err := <-peerDone; err != nil {
		t.Fatalf("peer: %v", err)
	}
	_, rec := onlyRecord(t, out)
	sameGame(t, rec, mustParse(t, mustRead(t, peerRecord)))
	if reconnected != 1 {
		t.Fatalf("the peer reconnected %d times", reconnected)
	}
	t.Logf("dropped after %d moves, resumed; %d moves, %s (%s)", len(before.Nodes), len(rec.Nodes), rec.Result, peerOut.Detail)
}

// TestPlayCarrierMistakes: a wrong carrier is a usage error that says
// what to give instead.
func TestPlayCarrierMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--port", "/dev/ttyUSB0", "--listen", "tcp://:6060"}, "give one"},
		{[]string{"--port", "udp://127.0.0.1:6060"}, "want tcp://HOST:PORT"},
		{[]string{"--listen", "/dev/ttyS0"}, "want tcp://HOST:PORT"},
		{[]string{"--port", "tcp://:6060"}, "--listen"},
	} {
		args := append([]string{"--manual", "us", "--color", "black", "--size", "9", "--out", t.TempDir()}, c.args...)
		var out bytes.Buffer
		err := runPlay(context.Background(), args, strings.NewReader(""), &out, &out)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("play %v: %v (exit %d); want a usage error with %q", c.args, err, exitCode(err), c.want)
		}
	}
}
