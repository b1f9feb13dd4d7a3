//go:build linux

package soak

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/internal/faultline"
	"github.com/kisen-go/kisen/sgf"
)

// KillConfig is a kill -9 run: two `Bin play` processes, Black on one end
// of a clean virtual cable and White on the other, and Kills kills of
// either at random moments, each followed by `Bin play --resume`.
type KillConfig struct {
	Bin       string // the kisen binary
	Kills     int
	Seed      uint64
	Out       string
	Size      int
	MoveTime  time.Duration // both sides' fixed thinking time
	Resend    time.Duration // both sides' resend timeout
	PerGame   int           // kills at most per game
	Moments   []string      // the moments to draw from; nil = Moments
	Deadline  time.Duration // per game
	Progress  io.Writer
	ExtraArgs []string // more `play` flags for both sides (e.g. a move cap)
}

// The moments a side is killed at.
const (
	AtSending  = "sending"  // its MOVE reached the cable: the bytes left or not (half each)
	AtWaitOK   = "wait-ok"  // its MOVE went out; killed when the peer's answer arrives
	AtThinking = "thinking" // a few ms to a move time after the peer's MOVE reached it
	AtJournal  = "journal"  // 0-2 ms after the peer's MOVE reached it: journal and OK
	AtOKSent   = "ok-sent"  // the moment its answer to the peer's MOVE reaches the cable (the answer goes on)
)

// Moments is every kill moment, the harness's default.
var Moments = []string{AtSending, AtWaitOK, AtThinking, AtJournal, AtOKSent}

// Kill is one kill and what the resumed side made of it.
type Kill struct {
	Game, AtMove  int
	Victim        board.Color
	Moment        string
	Dropped       bool          // AtSending: the MOVE's bytes never left
	Down          time.Duration // from the kill to the restart
	JournalMoves  int           // moves in the victim's journal after the kill
	ClockOK       bool
	ClockDetail   string
	PositionOK    bool
	delay         time.Duration
	journalAtKill *sgf.Record
}

// KillSummary is a kill run's totals.
type KillSummary struct {
	Kills, Resumed, ClocksOK, PositionsOK int
	Games, IdenticalGames                 int
	StrayFiles                            []string
	Failures                              []string
	Seed                                  uint64
}

// Line is the run's closing line.
func (s KillSummary) Line() string {
	return fmt.Sprintf("kill: kills=%d resumed=%d same_position=%d clocks_within_1s=%d games=%d identical=%d stray_files=%d seed=%d",
		s.Kills, s.Resumed, s.PositionsOK, s.ClocksOK, s.Games, s.IdenticalGames, len(s.StrayFiles), s.Seed)
}

// OK reports whether every kill was resumed with everything checked.
func (s KillSummary) OK() bool {
	return len(s.Failures) == 0 && s.Resumed == s.Kills && s.ClocksOK == s.Kills && s.PositionsOK == s.Kills && s.IdenticalGames == s.Games
}

// RunKills plays games until cfg.Kills kills are done.
func RunKills(ctx context.Context, cfg KillConfig) KillSummary {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6b696c6c))
	moments := cfg.Moments
	if len(moments) == 0 {
		moments = Moments
	}
	sum := KillSummary{Seed: cfg.Seed}
	for g := 1; sum.Kills < cfg.Kills && ctx.Err() == nil; g++ {
		var plan []Kill
		at := 4
		for range min(cfg.PerGame, cfg.Kills-sum.Kills) {
			at += 2 + rng.IntN(30)
			k := Kill{Game: g, AtMove: at, Victim: board.Color(1 + rng.IntN(2)), Moment: moments[rng.IntN(len(moments))],
				Dropped: rng.IntN(2) == 0, Down: time.Duration(200+rng.IntN(1300)) * time.Millisecond}
			switch k.Moment {
			case AtThinking:
				k.delay = time.Duration(5+rng.IntN(max(1, int(cfg.MoveTime/time.Millisecond)))) * time.Millisecond
			case AtJournal:
				k.delay = time.Duration(rng.IntN(2000)) * time.Microsecond
			}
			plan = append(plan, k)
		}
		kr := &killGame{cfg: cfg, dir: filepath.Join(cfg.Out, fmt.Sprintf("k%03d", g)), plan: plan, lastSeq: [2]int{-1, -1}}
		done, err := kr.play(ctx)
		sum.Games++
		for _, k := range done {
			sum.Kills++
			if k.journalAtKill != nil {
				sum.Resumed++
			}
			if k.PositionOK {
				sum.PositionsOK++
			}
			if k.ClockOK {
				sum.ClocksOK++
			}
			if cfg.Progress != nil {
				fmt.Fprintf(cfg.Progress, "  kill %d: game %d move %d %s at %s%s, down %v, journal %d moves, position %s, clock %s\n",
					sum.Kills, g, k.AtMove, k.Victim, k.Moment, dropped(k), k.Down.Round(time.Millisecond), k.JournalMoves,
					okWord(k.PositionOK), k.ClockDetail)
			}
		}
		sum.StrayFiles = append(sum.StrayFiles, strayFiles(kr.dir)...)
		if err != nil {
			sum.Failures = append(sum.Failures, fmt.Sprintf("game %d (%s): %v", g, kr.dir, err))
		} else {
			sum.IdenticalGames++
		}
		if cfg.Progress != nil {
			verdict := "records identical"
			if err != nil {
				verdict = "FAIL: " + err.Error()
			}
			fmt.Fprintf(cfg.Progress, "[%d/%d kills] game %d: %s\n", sum.Kills, cfg.Kills, g, verdict)
		}
	}
	return sum
}

func dropped(k Kill) string {
	if k.Moment != AtSending {
		return ""
	}
	if k.Dropped {
		return " (bytes lost)"
	}
	return " (bytes sent)"
}

func okWord(ok bool) string {
	if ok {
		return "same"
	}
	return "DIFFERENT"
}

// strayFiles lists temporary files a killed write left behind.
func strayFiles(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(d.Name(), ".tmp") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// killGame is one game of the kill harness.
type killGame struct {
	cfg  KillConfig
	dir  string
	line *faultline.Line

	mu      sync.Mutex
	procs   [3]*proc
	down    [3]bool // the side is dead: the cable swallows what is sent to it
	lastSeq [2]int
	moves   int
	plan    []Kill
	armed   *Kill // AtWaitOK: kill at the peer's next packet
	okArmed *Kill // AtOKSent: kill at the victim's next packet
	made    []*Kill
	last    [3]*Kill // the latest kill of each side
}

type proc struct {
	cmd    *exec.Cmd
	exited chan struct{}
	err    error
	killed bool
}

func senderOf(d faultline.Dir) board.Color {
	if d == faultline.AtoB {
		return board.Black
	}
	return board.White
}

// hook watches every packet on the cable and kills at the planned moments.
func (kg *killGame) hook(d faultline.Dir, pkt [4]byte) bool {
	kg.mu.Lock()
	defer kg.mu.Unlock()
	from := senderOf(d)
	to := from.Opponent()
	if kg.down[to] {
		return false // nobody has the port open at the far end: the bytes are lost
	}
	seq, cmd := int(pkt[0]&1), pkt[2]>>4&7
	newMove := false
	if cmd != 0 && seq != kg.lastSeq[d] {
		kg.lastSeq[d] = seq
		if cmd == 5 {
			kg.moves++
			newMove = true
		}
	}
	if a := kg.armed; a != nil && from == a.Victim.Opponent() {
		kg.armed = nil
		kg.killLocked(a)
		return false
	}
	if a := kg.okArmed; a != nil && from == a.Victim {
		kg.okArmed = nil
		kg.killLocked(a)
		return true
	}
	if len(kg.plan) == 0 || !newMove || kg.moves < kg.plan[0].AtMove {
		return true
	}
	k := &kg.plan[0]
	switch {
	case k.Moment == AtSending && from == k.Victim:
		kg.plan = kg.plan[1:]
		kg.killLocked(k)
		return !k.Dropped
	case k.Moment == AtWaitOK && from == k.Victim:
		kg.plan = kg.plan[1:]
		kg.armed = k
	case k.Moment == AtOKSent && to == k.Victim:
		kg.plan = kg.plan[1:]
		kg.okArmed = k
	case (k.Moment == AtThinking || k.Moment == AtJournal) && to == k.Victim:
		kg.plan = kg.plan[1:]
		go func() {
			time.Sleep(k.delay)
			kg.mu.Lock()
			defer kg.mu.Unlock()
			kg.killLocked(k)
		}()
	}
	return true
}

// killLocked sends SIGKILL to the victim's current process.
func (kg *killGame) killLocked(k *Kill) {
	p := kg.procs[k.Victim]
	if p == nil || p.killed {
		return
	}
	select {
	case <-p.exited:
		return // it ended on its own first: no kill to count
	default:
	}
	p.killed = true
	kg.down[k.Victim] = true
	p.cmd.Process.Kill()
	kg.made = append(kg.made, k)
	kg.last[k.Victim] = k
}

func (kg *killGame) play(ctx context.Context) ([]Kill, error) {
	ctx, cancel := context.WithTimeout(ctx, kg.cfg.Deadline)
	defer cancel()
	if err := os.MkdirAll(kg.dir, 0o755); err != nil {
		return nil, err
	}
	line, err := faultline.Open(ctx, faultline.Plan{Seed: kg.cfg.Seed, Resend: kg.cfg.Resend, Hook: kg.hook})
	if err != nil {
		return nil, err
	}
	defer line.Close()
	kg.line = line
	ports := [3]string{"", line.PathA, line.PathB}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	// White listens first (the SGMP rule), then Black sends NEWGAME.
	for _, col := range []board.Color{board.White, board.Black} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[col] = kg.side(ctx, col, ports[col])
		}()
		time.Sleep(300 * time.Millisecond)
	}
	// Kills are resumed by the side goroutines; here they are only counted.
	wg.Wait()
	kg.mu.Lock()
	var done []Kill
	for _, k := range kg.made {
		done = append(done, *k)
	}
	kg.mu.Unlock()
	if ctx.Err() != nil {
		last := "before any kill"
		if n := len(done); n > 0 {
			last = fmt.Sprintf("after kill %d (%s at %s, move %d)", n, done[n-1].Victim, done[n-1].Moment, done[n-1].AtMove)
		}
		return kg.finishKills(done), fmt.Errorf("hung %s: not over within %v, both sides killed then; see the last lines of each .out", last, kg.cfg.Deadline)
	}
	if err := errors.Join(errs[board.Black], errs[board.White]); err != nil {
		return kg.finishKills(done), err
	}
	kills := kg.finishKills(done)
	recB, err1 := readOnly(filepath.Join(kg.dir, "black"))
	recW, err2 := readOnly(filepath.Join(kg.dir, "white"))
	if err := errors.Join(err1, err2); err != nil {
		return kills, err
	}
	var res Result
	compareRecords(recB, recW, &res)
	if !res.Identical {
		return kills, fmt.Errorf("the records differ: %s", res.Why)
	}
	return kills, nil
}

// finishKills checks each kill against the victim's final record: the
// journal at the kill is a prefix of it (the same position), and the first
// clock of each colour after the resume is within 1 s of the journal's.
func (kg *killGame) finishKills(done []Kill) []Kill {
	for i := range done {
		k := &done[i]
		if k.journalAtKill == nil {
			k.ClockDetail = "not resumed"
			continue
		}
		path, err := readOnly(filepath.Join(kg.dir, k.Victim.String()))
		if err != nil {
			k.ClockDetail = err.Error()
			continue
		}
		final, err := readRecord(path)
		if err != nil {
			k.ClockDetail = err.Error()
			continue
		}
		j := k.journalAtKill
		k.PositionOK = len(final.Nodes) >= len(j.Nodes)
		for n := range j.Nodes {
			if !k.PositionOK || final.Nodes[n].Move != j.Nodes[n].Move {
				k.PositionOK = false
				break
			}
		}
		k.ClockOK, k.ClockDetail = clocksAfterResume(j, final, kg.cfg.MoveTime)
	}
	return done
}

// clocksAfterResume compares, for each colour, its last time left in the
// journal with its first time left after the resume: the resumed side
// must go on from the journal's clocks (less at most one move's thinking
// and the link's delays), within 1 s.
func clocksAfterResume(j, final *sgf.Record, moveTime time.Duration) (bool, string) {
	ok := true
	var parts []string
	for _, col := range []board.Color{board.Black, board.White} {
		before, after := -1.0, -1.0
		for _, n := range j.Nodes {
			if n.Move.Color == col && n.HasTime {
				before = n.TimeLeft
			}
		}
		for _, n := range final.Nodes[min(len(j.Nodes), len(final.Nodes)):] {
			if n.Move.Color == col && n.HasTime {
				after = n.TimeLeft
				break
			}
		}
		if before < 0 || after < 0 {
			parts = append(parts, col.Letter()+" -")
			continue
		}
		spent := before - after
		good := spent >= -0.05 && spent <= 1+moveTime.Seconds()
		ok = ok && good
		parts = append(parts, fmt.Sprintf("%s %.2fs->%.2fs", col.Letter(), before, after))
	}
	verdict := "within 1 s"
	if len(parts) == 2 && parts[0] == "B -" && parts[1] == "W -" {
		return false, "unchecked: no move after the resume"
	}
	if !ok {
		verdict = "OFF"
	}
	return ok, verdict + " (" + strings.Join(parts, ", ") + ")"
}

// side runs one colour's `kisen play`, and after each kill its resume,
// until the game ends.
func (kg *killGame) side(ctx context.Context, col board.Color, port string) error {
	out := filepath.Join(kg.dir, col.String())
	common := []string{"--port", port, "--move-time", kg.cfg.MoveTime.String(), "--resend-timeout", kg.cfg.Resend.String(),
		"--ui", "plain", "--out", out}
	args := append([]string{"play", "--color", col.String(), "--size", fmt.Sprint(kg.cfg.Size), "--main-time", "30m",
		"--player", "kisen-" + col.String(), "--opponent", "kisen-" + col.Opponent().String()}, common...)
	args = append(args, kg.cfg.ExtraArgs...)
	for run := 1; ; run++ {
		p, err := kg.start(ctx, col, run, append(args, "--log-file", filepath.Join(kg.dir, fmt.Sprintf("%s.%d.log", col, run))))
		if err != nil {
			return err
		}
		<-p.exited
		kg.mu.Lock()
		killed := p.killed
		var k *Kill
		if killed {
			k = kg.last[col]
		}
		kg.mu.Unlock()
		if !killed {
			if p.err != nil {
				return fmt.Errorf("%s (run %d) failed: %v; see %s", col, run, p.err, filepath.Join(kg.dir, fmt.Sprintf("%s.%d.out", col, run)))
			}
			return nil
		}
		journal, err := readOnly(out)
		if err != nil {
			return fmt.Errorf("%s killed (run %d) with no journal to resume: %w", col, run, err)
		}
		rec, err := readRecord(journal)
		if err != nil {
			return fmt.Errorf("%s killed (run %d): the journal does not read: %w", col, run, err)
		}
		if k != nil {
			k.journalAtKill, k.JournalMoves = rec, len(rec.Nodes)
			time.Sleep(k.Down)
		}
		kg.mu.Lock()
		kg.down[col] = false
		kg.mu.Unlock()
		args = append([]string{"play", "--resume", journal}, common...)
		args = append(args, kg.cfg.ExtraArgs...)
	}
}

func (kg *killGame) start(ctx context.Context, col board.Color, run int, args []string) (*proc, error) {
	outf, err := os.Create(filepath.Join(kg.dir, fmt.Sprintf("%s.%d.out", col, run)))
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, kg.cfg.Bin, args...)
	cmd.Stdout, cmd.Stderr = outf, outf
	// SGMP carries no resignation: a resigning kisen would leave its peer
	// waiting out its clock. Both play to two passes.
	cmd.Env = append(os.Environ(), "KISEN_ENGINE_RESIGN=false")
	p := &proc{cmd: cmd, exited: make(chan struct{})}
	kg.mu.Lock()
	defer kg.mu.Unlock()
	if err := cmd.Start(); err != nil {
		outf.Close()
		return nil, fmt.Errorf("starting %s: %w", kg.cfg.Bin, err)
	}
	kg.procs[col] = p
	go func() {
		p.err = cmd.Wait()
		outf.Close()
		close(p.exited)
	}()
	return p, nil
}

// readOnly returns the one record in dir.
func readOnly(dir string) (string, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if len(files) != 1 {
		return "", fmt.Errorf("%d records in %s, want 1", len(files), dir)
	}
	return files[0], nil
}

func readRecord(path string) (*sgf.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return sgf.Parse(data)
}
