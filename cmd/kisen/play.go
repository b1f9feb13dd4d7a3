package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/rs/zerolog"
	"golang.org/x/term"
	"gopkg.in/yaml.v3"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/config"
	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/gtp"
	"github.com/kisen-go/kisen/match"
	"github.com/kisen-go/kisen/sgmp"
	"github.com/kisen-go/kisen/tui"
)

// playFlags are the flags of `kisen play`; set ones override the config.
type playFlags struct {
	configPath, port, color, mode, ui, resume, out, manual, player, opponent, logFile string
	size, moveCap, baud                                                               int
	komi                                                                              float64
	mainTime, resendTimeout, moveTime                                                 time.Duration

	journal *match.Journal // the game being resumed, read once by playConfig
	listen  string         // --listen: wait for a TCP peer instead of --port
	link    linkIO         // set by runPlay: stdin/stdout when they carry the link
}

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f, cfg, err := playConfig(args, stderr)
	if err != nil {
		return err
	}
	// With --port - the link takes stdin and stdout; the operator gets the terminal or stderr.
	var release func()
	stdin, stdout, f.link, release = takeStdio(cfg.Link.Port, f.listen, f.manual, stdin, stdout, stderr)
	defer release()
	tui := useTUI(cfg.UI, stdout)
	logger, logFile, closeLog, err := playLogger(f, cfg, tui, stderr)
	if err != nil {
		return err
	}
	defer closeLog()
	// Under the live screen the keyboard is read by the screen, which
	// hands typed lines to the console through a pipe.
	conIn, typed := stdin, io.WriteCloser(nil)
	if tui {
		pr, pw := io.Pipe()
		conIn, typed = pr, pw
		defer pw.Close()
	}
	con := match.NewConsole(conIn, stdout)
	g, opt, us, link, cleanup, err := setUpGame(ctx, f, cfg, con, logger)
	if err != nil {
		return err
	}
	defer cleanup()
	con.Attach(g, us)
	ctx, interrupt := context.WithCancelCause(ctx)
	defer interrupt(nil)
	setup := match.LinkSetup{Port: cfg.Link.Port, Us: us, Size: cfg.Game.Size, Komi: cfg.Game.Komi, Rules: cfg.Game.Rules}
	stop, err := attachDisplay(g, displayConfig{ui: cfg.UI, stdout: stdout, setup: setup, link: link,
		con: con, typed: typed, interrupt: func() { interrupt(errors.New("Ctrl-C at the keyboard")) }})
	if err != nil {
		return err
	}
	defer stop()
	if tui {
		con.Say("log file: " + logFile)
	}
	out, err := g.Run(ctx)
	if err != nil {
		stop()
		if ctx.Err() != nil {
			return interruptedBeforeStart(f.resume)
		}
		return err
	}
	return endGame(ctx, g, opt, out, con, tui || isTerminal(stdin), stop, stdout)
}

// playLogger opens the game's log. Under the live screen log lines never
// reach the screen: everything goes to the log file (kisen.log in the
// output folder unless one is named), and what the operator must know
// comes as a message in words.
func playLogger(f playFlags, cfg config.Config, tui bool, stderr io.Writer) (zerolog.Logger, string, func() error, error) {
	logFile, logOut := firstNonEmpty(f.logFile, cfg.Log.File), stderr
	if tui {
		logOut = io.Discard
		if logFile == "" {
			if err := os.MkdirAll(cfg.Output.Dir, 0o755); err != nil {
				return zerolog.Logger{}, "", nil, fmt.Errorf("output folder: %w", err)
			}
			logFile = filepath.Join(cfg.Output.Dir, "kisen.log")
		}
	}
	logger, closeLog, err := newLogger(logOut, logFile, cfg.Log.Level)
	return logger, logFile, closeLog, err
}

// setUpGame builds both players, locks the journal (which proves that it
// can be written) and sets the game up, new or resumed. Nothing goes on
// the link before Run. cleanup closes the port and releases the lock.
//
// link is the SGMP session's status for the display (nil without a link).
func setUpGame(ctx context.Context, f playFlags, cfg config.Config, con *match.Console, logger zerolog.Logger) (g *match.Game, opt match.Options, us board.Color, link func() sgmp.Status, cleanup func(), err error) {
	var cleanups []func()
	cleanup = func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}
	fail := func(err error) (*match.Game, match.Options, board.Color, func() sgmp.Status, func(), error) {
		cleanup()
		return nil, match.Options{}, board.Empty, nil, nil, err
	}
	us, err = board.ParseColor(cfg.Game.Color)
	if err != nil {
		return fail(err)
	}
	rules, err := board.ParseRules(cfg.Game.Rules)
	if err != nil {
		return fail(err)
	}
	ourPlayer, err := newOurPlayer(ctx, cfg, f.manual == "us", f.moveTime, con, logger)
	if err != nil {
		return fail(err)
	}
	// The record names the programs, whoever types their moves.
	theirName := cfg.Opponent
	opt = gameOptions(cfg, rules, logger)
	opt.Journal = journalPath(f, cfg, us, ourPlayer.Name(), theirName)
	if err := os.MkdirAll(filepath.Dir(opt.Journal), 0o755); err != nil {
		return fail(fmt.Errorf("output folder: %w", err))
	}
	unlock, err := match.LockJournal(opt.Journal)
	if err != nil {
		return fail(err)
	}
	cleanups = append(cleanups, unlock)
	theirs := match.Player(match.NewManualPlayer(theirName, con))
	if f.manual != "them" {
		rp, port, err := openRemote(ctx, cfg, f.listen, f.link, us, f.journal, logger)
		if err != nil {
			return fail(err)
		}
		cleanups = append(cleanups, func() { port.Close() })
		theirs, link = rp, linkSource(port)
	}
	var byHand atomic.Bool
	if status := link; status != nil {
		link = func() sgmp.Status {
			if byHand.Load() {
				return sgmp.Status{Cond: sgmp.CondDown, Err: errors.New("not used: the opponent's moves are entered by hand")}
			}
			return status()
		}
	}
	black, white := ourPlayer, theirs
	if us == board.White {
		black, white = theirs, ourPlayer
	}
	opt.OnLinkDown = linkDownQuestion(con, theirs, cfg.Opponent, &byHand)
	if f.journal != nil {
		g, err = match.Resume(opt, black, white, f.journal)
	} else {
		g, err = match.NewGame(opt, black, white)
	}
	if err != nil {
		return fail(err)
	}
	return g, opt, us, link, cleanup, nil
}

// linkDownQuestion asks the operator what to do when the link fails or
// the peer misbehaves: enter the opponent's moves by hand, keep waiting
// for the peer, or suspend the game for --resume.
//
// After hand, byHand (if not nil) is set: the display then stops showing
// the dead link as if it were still in use.
func linkDownQuestion(con *match.Console, remote match.Player, opponent string, byHand *atomic.Bool) func(context.Context, board.Color, error) (match.Player, error) {
	return func(ctx context.Context, col board.Color, lerr error) (match.Player, error) {
		// The referee has just said what failed (a Notice); the question
		// does not repeat the error.
		// A misbehaving peer is still on a live link, so waiting for it
		// makes sense; a link that is down stays down until --resume
		// opens the port again.
		what, choices := "The link to the other program failed", "hand, stop"
		waitText := ""
		if errors.Is(lerr, sgmp.ErrPeerTrouble) {
			what, choices = "The other program is out of step", "hand, wait or stop"
			waitText = ", wait (keep waiting for the peer)"
		}
		for {
			ans, err := con.ReadLine(ctx, fmt.Sprintf("%s. Type hand (enter %s's moves here; typing time counts; "+
				"if the referee allows)%s or stop (suspend; resume later with --resume, once the cable or the peer is back): ",
				what, col, waitText))
			if err != nil {
				return nil, lerr
			}
			switch strings.ToLower(strings.TrimSpace(ans)) {
			case "hand", "h", "yes":
				con.Say(fmt.Sprintf("%s's moves are now typed here and sent nowhere; tell the other operator kisen's moves", col))
				if byHand != nil {
					byHand.Store(true)
				}
				return match.NewManualPlayer(opponent+" (entered by hand)", con), nil
			case "wait", "w":
				if remote == nil || waitText == "" {
					con.Say("the link is down: waiting cannot bring it back; type stop and continue with --resume once the cable or the peer is back, or hand")
					continue
				}
				con.Say("waiting for the peer again")
				return remote, nil
			case "stop", "s", "suspend":
				return nil, lerr
			}
			con.Say(fmt.Sprintf("%q: type %s", ans, choices))
		}
	}
}

// journalPath is the record being resumed, or a new tournament name in the
// output folder.
func journalPath(f playFlags, cfg config.Config, us board.Color, ours, theirs string) string {
	if f.resume != "" {
		return f.resume
	}
	black, white := ours, theirs
	if us == board.White {
		black, white = theirs, ours
	}
	return filepath.Join(cfg.Output.Dir, recordName(time.Now(), black, white))
}

// interruptedBeforeStart is the one line for Ctrl-C before the handshake
// ended: nothing was written (a resumed record is as it was).
func interruptedBeforeStart(resume string) error {
	if resume != "" {
		return fmt.Errorf("interrupted before the game resumed; %s is unchanged", resume)
	}
	return errors.New("interrupted before the game started; nothing recorded")
}

// endGame saves the report, asks for the other program's count when the
// game was counted and the operator is at a keyboard, stops the display
// (stop), then prints the report and the paths of the record, report,
// picture and comparison.
func endGame(ctx context.Context, g *match.Game, opt match.Options, out match.Outcome, con *match.Console, interactive bool, stop func(), stdout io.Writer) error {
	opt.Journal = g.RecordPath() // a fallback folder after a disk fault
	report, err := writeReport(g, opt, out)
	if err != nil {
		stop()
		return err
	}
	base := strings.TrimSuffix(opt.Journal, ".sgf")
	compared, comparison := "", ""
	counted := out.Reason == match.TwoPasses || out.Reason == match.MoveCap || out.Reason == match.Repetition
	if counted && interactive {
		// Gifu rule: both programs count; the result stands when the two
		// counts agree to the point.
		compared, comparison = compareCounts(ctx, con, g.Report(out), base+".compare.txt")
	}
	stop()
	if report != "" {
		fmt.Fprintln(stdout, report)
	}
	fmt.Fprint(stdout, comparison)
	unsaved := g.Unsaved()
	if unsaved == nil {
		fmt.Fprintf(stdout, "record: %s\n", opt.Journal)
	}
	if out.Reason != match.Suspended {
		fmt.Fprintf(stdout, "report: %s.report.txt\npicture: %s.report.svg\n", base, base)
	}
	if compared != "" {
		fmt.Fprintf(stdout, "compare: %s\n", compared)
	}
	if unsaved != nil {
		fmt.Fprintf(stdout, "WARNING: the record could not be written anywhere; %s holds only the moves before the disk failed.\nCopy the whole record below into a file and submit that:\n%s\n", opt.Journal, unsaved)
		return fmt.Errorf("the record of this game is not on disk (printed above): free the disk or fix %s", filepath.Dir(opt.Journal))
	}
	if out.Reason == match.Suspended {
		return fmt.Errorf("game suspended: %s", out.Detail)
	}
	return nil
}

// applyRecord takes the game's settings from the record being resumed:
// size, komi, rules, handicap and main time are the game's, whatever the
// config says now (a --size or --komi that differs is warned about); the
// names too unless given as flags. Our colour comes from the link journal;
// without one, --color must say it, and a game with moves needs the link
// state (or --manual them).
func applyRecord(j *match.Journal, fs *flag.FlagSet, manual string, cfg *config.Config, stderr io.Writer) error {
	rec, path := j.Record, j.Path
	set := givenFlags(fs)
	if set["size"] && cfg.Game.Size != rec.Size {
		fmt.Fprintf(stderr, "warning: --size %d ignored: %s is a %dx%d game, and a resumed game keeps its record's settings\n", cfg.Game.Size, path, rec.Size, rec.Size)
	}
	if set["komi"] && cfg.Game.Komi != rec.Komi {
		fmt.Fprintf(stderr, "warning: --komi %g ignored: %s has komi %g, and a resumed game keeps its record's settings\n", cfg.Game.Komi, path, rec.Komi)
	}
	cfg.Game.Size, cfg.Game.Komi, cfg.Game.Handicap, cfg.Game.Rules = rec.Size, rec.Komi, rec.Handicap, j.Rules().String()
	if rec.MainTime > 0 {
		cfg.Game.MainTime = config.Duration{Duration: time.Duration(rec.MainTime * float64(time.Second))}
	}
	if err := resumedColor(j, set["color"], manual, cfg); err != nil {
		return err
	}
	ours, theirs := rec.PlayerBlack, rec.PlayerWhite
	if cfg.Game.Color == "white" {
		ours, theirs = theirs, ours
	}
	if !set["player"] && !set["name"] && ours != "" {
		cfg.Player = ours
	}
	if !set["opponent"] && theirs != "" {
		cfg.Opponent = theirs
	}
	return nil
}

// resumedColor sets our colour from the link journal. A resumed game keeps
// it, and a --color that says otherwise is a mistake worth stopping for.
// Without a .link file kisen neither guesses its colour nor starts the
// link afresh in mid-game (a NEWGAME the peer would take for a new game).
func resumedColor(j *match.Journal, colorSet bool, manual string, cfg *config.Config) error {
	col, ok, err := j.Color()
	switch {
	case err != nil:
		return err
	case ok && colorSet && cfg.Game.Color != col.String():
		return usageError{fmt.Errorf("resume: kisen played %s in %s, but --color says %s: leave --color out, or check the record", col, j.Path, cfg.Game.Color)}
	case ok:
		cfg.Game.Color = col.String()
		return nil
	case j.Link == nil && len(j.Record.Nodes) > 0 && manual != "them":
		return usageError{fmt.Errorf("resume: %s.link (the link state) is missing, and the game cannot go on over the link without it: restore it from the record's folder, or continue with --manual them --color black|white (the opponent's moves typed by hand)", j.Path)}
	case !colorSet:
		return usageError{fmt.Errorf("resume: %s does not say which colour kisen played: give --color black|white", j.Path)}
	}
	return nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// applyPlayFlags copies the flags the operator set into the configuration
// (flags > environment > file > defaults).
func applyPlayFlags(fs *flag.FlagSet, f playFlags, cfg *config.Config) {
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "port":
			cfg.Link.Port = f.port
		case "color":
			cfg.Game.Color = strings.ToLower(f.color)
		case "mode":
			cfg.Link.Mode = strings.ToLower(f.mode)
		case "size":
			cfg.Game.Size = f.size
		case "komi":
			cfg.Game.Komi = f.komi
		case "main-time":
			cfg.Game.MainTime = config.Duration{Duration: f.mainTime}
		case "move-cap":
			cfg.Game.MoveCap = f.moveCap
		case "baud":
			cfg.Link.Baud = f.baud
		case "resend-timeout":
			cfg.Link.ResendTimeout = config.Duration{Duration: f.resendTimeout}
		case "ui":
			cfg.UI = f.ui
		case "out":
			cfg.Output.Dir = f.out
		case "player", "name":
			cfg.Player = f.player
		case "opponent":
			cfg.Opponent = f.opponent
		case "manual":
			if f.manual == "us" {
				cfg.Engine.Kind = "manual"
			}
		}
	})
}

func gameOptions(cfg config.Config, rules board.Rules, logger zerolog.Logger) match.Options {
	return match.Options{
		Size: cfg.Game.Size, Komi: cfg.Game.Komi, Rules: rules, Handicap: cfg.Game.Handicap,
		MainTime: cfg.Game.MainTime.Duration, MoveCap: cfg.Game.MoveCap,
		Event: cfg.Event.Name, Round: cfg.Event.Round, Place: cfg.Event.Place,
		Application: "kisen:" + version,
		Judge: func(b *board.Board) engine.Judgement {
			return engine.Judge(b, engine.JudgeOptions{Rules: rules, Komi: cfg.Game.Komi, Seed: 1})
		},
		Log: logger,
	}
}

// newOurPlayer builds the side kisen plays: the embedded engine, an
// external GTP program, or the operator's hands.
func newOurPlayer(ctx context.Context, cfg config.Config, manual bool, moveTime time.Duration, con *match.Console, logger zerolog.Logger) (match.Player, error) {
	switch {
	case manual || cfg.Engine.Kind == "manual":
		return match.NewManualPlayer(cfg.Player, con), nil
	case cfg.Engine.Kind == "gtp":
		c, err := gtp.Start(ctx, cfg.Engine.Command)
		if err != nil {
			return nil, fmt.Errorf("engine.command: %w", err)
		}
		return match.NewGTPPlayer(cfg.Player, c), nil
	}
	opt := engineOptions(cfg.Engine)
	opt.Size, opt.Komi, opt.MoveTime, opt.Log = cfg.Game.Size, cfg.Game.Komi, moveTime, logger.With().Str("component", "engine").Logger()
	e, err := engine.New(opt)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return match.NewEnginePlayer(cfg.Player, e), nil
}

// openRemote opens the link (serial device, stdin/stdout or TCP, see
// openLink) and the SGMP session on it.
func openRemote(ctx context.Context, cfg config.Config, listen string, link linkIO, us board.Color, j *match.Journal, logger zerolog.Logger) (*match.RemotePlayer, io.Closer, error) {
	mode, err := sgmp.ParseMode(cfg.Link.Mode)
	if err != nil {
		return nil, nil, err
	}
	rules, err := board.ParseRules(cfg.Game.Rules)
	if err != nil {
		return nil, nil, err
	}
	port, spec, err := openLink(ctx, cfg, listen, link, logger)
	if err != nil {
		return nil, nil, err
	}
	opt := sgmp.Options{Mode: mode, Color: us, Size: cfg.Game.Size, Handicap: cfg.Game.Handicap,
		Chinese: rules == board.Chinese, ResendTimeout: cfg.Link.ResendTimeout.Duration,
		AllowUndo: cfg.Link.AllowUndo, HoldOK: true, Log: logger.With().Str("component", "sgmp").Str("port", spec.String()).Logger()}
	if j != nil {
		ls, err := j.SGMPState(us)
		if err != nil {
			port.Close()
			return nil, nil, err
		}
		opt.Resume = ls
	}
	sess, err := sgmp.NewSession(port, opt)
	if err != nil {
		port.Close()
		return nil, nil, err
	}
	return match.NewRemotePlayer(cfg.Opponent, sess, opt.Resume != nil), closers{sess, port}, nil
}

type closers []io.Closer

func (c closers) Close() error {
	var errs []error
	for _, x := range c {
		errs = append(errs, x.Close())
	}
	return errors.Join(errs...)
}

// recordName is the tournament file name: YYYYMMDD-HHMM-<black>-vs-<white>.sgf.
func recordName(t time.Time, black, white string) string {
	return fmt.Sprintf("%s-%s-vs-%s.sgf", t.Format("20060102-1504"), safeName(black), safeName(white))
}

func safeName(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_', r == '.':
			sb.WriteRune(r) // 囲碁太郎 stays readable on the USB stick
		case r == ' ':
			sb.WriteByte('_')
		}
	}
	if sb.Len() == 0 {
		return "player"
	}
	return sb.String()
}

func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// useTUI reports whether the live screen is wanted: --ui tui, or auto on a
// terminal.
func useTUI(ui string, stdout io.Writer) bool {
	return ui == "tui" || (ui != "plain" && isTerminal(stdout))
}

// displayConfig is what the display of a game needs besides the game.
type displayConfig struct {
	ui        string
	stdout    io.Writer
	setup     match.LinkSetup
	link      func() sgmp.Status // nil without a link
	con       *match.Console
	typed     io.WriteCloser // where the live screen sends typed lines
	interrupt func()
}

// attachDisplay shows the game: a live screen on a terminal, else one line
// per event and per link state. It returns a function that stops the
// display (safe to call twice).
func attachDisplay(g *match.Game, dc displayConfig) (func(), error) {
	if useTUI(dc.ui, dc.stdout) {
		opt := tui.Options{Game: g, Setup: dc.setup, Link: dc.link, OnInterrupt: dc.interrupt,
			NoColor: os.Getenv("NO_COLOR") != ""}
		if dc.typed != nil {
			opt.OnLine = func(l string) { io.WriteString(dc.typed, l+"\n") }
		}
		ui, err := tui.New(opt)
		if err != nil {
			return nil, err
		}
		g.Observe(ui)
		if dc.con != nil {
			dc.con.SetScreen(ui)
		}
		var once sync.Once
		return func() {
			once.Do(func() {
				ui.Close()
				if dc.con != nil {
					dc.con.SetScreen(nil)
				}
			})
		}, nil
	}
	d := match.NewPlain(dc.stdout, g)
	g.Observe(d)
	if dc.link == nil {
		return func() {}, nil
	}
	return d.WatchLink(dc.link, dc.setup), nil
}

// linkSource finds the link status behind the port's closers (the SGMP
// session), or nil.
func linkSource(c io.Closer) func() sgmp.Status {
	cs, _ := c.(closers)
	for _, x := range cs {
		if s, ok := x.(interface{ Status() sgmp.Status }); ok {
			return s.Status
		}
	}
	return nil
}

// compareCounts asks the operator for the other program's count and
// shows where it differs from kisen's (Gifu rule: the counts must agree to
// the point). The comparison is saved to path; it returns the path ("" when
// skipped) and the comparison's text.
func compareCounts(ctx context.Context, con *match.Console, r match.Report, path string) (string, string) {
	for {
		line, err := con.ReadLine(ctx, "The other program's count, e.g. \"B 45 W 52.5 dead D4 E5\" (Enter to skip): ")
		if err != nil || strings.TrimSpace(line) == "" {
			return "", ""
		}
		other, err := match.ParseOtherCount(r.Size, line)
		if err != nil {
			con.Say(fmt.Sprintf("%v; try again", err))
			continue
		}
		diffs := r.Compare(other)
		text := "The counts agree to the point.\n"
		if len(diffs) > 0 {
			text = "The counts differ:\n  " + strings.Join(diffs, "\n  ") + "\n"
		}
		if err := os.WriteFile(path, []byte("other program's count: "+line+"\n"+text), 0o644); err != nil {
			return "", text + fmt.Sprintf("could not save the comparison: %v\n", err)
		}
		return path, text
	}
}

// writeReport saves the end-of-game report (text and SVG) beside the
// record and returns its text ("" for a suspended game).
func writeReport(g *match.Game, opt match.Options, out match.Outcome) (string, error) {
	if out.Reason == match.Suspended {
		return "", nil
	}
	r := g.Report(out)
	return r.Text(), r.WriteFiles(opt.Journal)
}

// playConfig parses play's flags and builds the effective configuration:
// flags > KISEN_ environment > file > defaults, and for --resume the
// game's own settings from its record.
func playConfig(args []string, stderr io.Writer) (playFlags, config.Config, error) {
	fs := newFlagSet("play", "--port DEVICE|-|tcp://HOST:PORT (or --listen tcp://ADDR:PORT) --color black|white\n"+
		"                  [--size 19] [--komi 6.5] [--main-time 40m]\n"+
		"                  [--mode sgmp|gmp] [--resend-timeout 20s] [--name NAME] [--opponent NAME] [--out ./games]\n"+
		"                  [--config FILE] [--resume FILE.sgf] [--manual us|them] [--ui tui|plain]",
		"Play one game over the link against the other program (SGMP): the serial cable, standard input\n"+
			"and output (--port -: nothing else is written to stdout), or TCP. White starts first and\n"+
			"waits; then Black starts. The record is rewritten after every move; after a crash, start again\n"+
			"with --resume FILE.sgf. While playing, type 'resign', 'they resign' or 'help' and Enter.", stderr)
	var f playFlags
	// Unset flags leave the configuration's values; -h shows its defaults.
	d := config.Default()
	fs.StringVar(&f.configPath, "config", "", "YAML configuration `file`")
	fs.StringVar(&f.port, "port", "", "the link: a serial `device` (/dev/ttyUSB0, /dev/serial/by-id/...), - (standard input and output) or tcp://HOST:PORT")
	fs.StringVar(&f.listen, "listen", "", "the link is TCP: wait at tcp://ADDR:PORT for the peer to connect (instead of --port)")
	fs.StringVar(&f.color, "color", "", "our colour: black or white")
	fs.StringVar(&f.mode, "mode", "", fmt.Sprintf("protocol: sgmp (tournament) or gmp (full Go Modem Protocol) (default %s)", d.Link.Mode))
	fs.IntVar(&f.size, "size", 0, fmt.Sprintf("board size (9, 13, 19; default %d)", d.Game.Size))
	fs.Float64Var(&f.komi, "komi", 0, fmt.Sprintf("komi (not sent over the link: both operators set it; default %.1f)", d.Game.Komi))
	fs.DurationVar(&f.mainTime, "main-time", 0, fmt.Sprintf("main time per side, sudden death (default %v)", d.Game.MainTime.Duration))
	fs.IntVar(&f.moveCap, "move-cap", 0, fmt.Sprintf("stop the game at this move number (a pass counts; default %d)", d.Game.MoveCap))
	fs.IntVar(&f.baud, "baud", 0, fmt.Sprintf("serial speed (default %d)", d.Link.Baud))
	fs.DurationVar(&f.resendTimeout, "resend-timeout", 0, "resend an unacknowledged command after this long (default: 20s in sgmp, 4s in gmp)")
	fs.DurationVar(&f.moveTime, "move-time", 0, "fixed thinking time per move for the engine (default: manage the clock)")
	fs.StringVar(&f.ui, "ui", "", fmt.Sprintf("display: auto, tui or plain (default %s)", d.UI))
	fs.StringVar(&f.resume, "resume", "", "continue the game journaled in this SGF `file` after a crash")
	fs.StringVar(&f.out, "out", "", fmt.Sprintf("folder for records and reports (default %s)", d.Output.Dir))
	fs.StringVar(&f.manual, "manual", "", "who is entered by hand at this terminal: us, them or none")
	fs.StringVar(&f.player, "player", "", fmt.Sprintf("our program's name in the record (default %s)", d.Player))
	fs.StringVar(&f.player, "name", "", "the same as --player")
	fs.StringVar(&f.opponent, "opponent", "", fmt.Sprintf("the opponent's name in the record (default %s)", d.Opponent))
	fs.StringVar(&f.logFile, "log-file", "", "JSON trace log `file` (every packet)")
	if err := parseFlags(fs, args); err != nil {
		return f, config.Config{}, err
	}
	if fs.NArg() > 0 {
		return f, config.Config{}, usageError{fmt.Errorf("play: unexpected argument %q", fs.Arg(0))}
	}
	if f.listen != "" && f.port != "" {
		return f, config.Config{}, usageError{fmt.Errorf("play: --port %s and --listen %s: give one (--listen waits for the peer, --port opens a device or connects)", f.port, f.listen)}
	}
	switch f.manual {
	case "", "none", "us", "them":
	default:
		return f, config.Config{}, usageError{fmt.Errorf("play: --manual %q: want us (type kisen's moves), them (type the opponent's) or none", f.manual)}
	}
	cfg, err := loadConfig(f.configPath)
	if err != nil {
		return f, cfg, err
	}
	applyPlayFlags(fs, f, &cfg)
	if f.resume != "" {
		if f.journal, err = match.LoadJournal(f.resume); err != nil {
			return f, cfg, err
		}
		if err := applyRecord(f.journal, fs, f.manual, &cfg, stderr); err != nil {
			return f, cfg, err
		}
	}
	if err := cfg.Validate(); err != nil {
		return f, cfg, fmt.Errorf("configuration: %w", err)
	}
	if f.resume == "" && !colorGiven(fs, f.configPath) {
		return f, cfg, usageError{errors.New("play: give --color black|white (kisen's colour; or game.color in the config)")}
	}
	warnOddSettings(cfg, stderr)
	if cfg.Link.Port == "" && f.listen == "" && f.manual != "them" {
		return f, cfg, usageError{errors.New("play: no serial port: give --port DEVICE (or -, or tcp://HOST:PORT), --listen tcp://ADDR:PORT, or link.port in the config (kisen ports lists them)")}
	}
	return f, cfg, nil
}

// colorGiven reports whether the operator chose kisen's colour: --color,
// KISEN_GAME_COLOR or game.color in the configuration file (the default
// colour is not a choice).
func colorGiven(fs *flag.FlagSet, configFlag string) bool {
	given := false
	fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == "color" })
	if v, ok := os.LookupEnv("KISEN_GAME_COLOR"); given || ok && v != "" {
		return true
	}
	path, err := configPath(configFlag)
	if err != nil || path == "" {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var file struct {
		Game struct {
			Color string `yaml:"color"`
		} `yaml:"game"`
	}
	return yaml.Unmarshal(data, &file) == nil && file.Game.Color != ""
}

// warnOddSettings warns, one line each, about settings that are valid but
// almost certainly a slip: a komi far from any tournament's, a main time
// too short to play a game in.
func warnOddSettings(cfg config.Config, stderr io.Writer) {
	if k := cfg.Game.Komi; k < -50 || k > 50 {
		fmt.Fprintf(stderr, "warning: komi %g is far from any tournament's (Gifu: 6.5); check --komi\n", k)
	}
	if t := cfg.Game.MainTime.Duration; t < time.Minute {
		fmt.Fprintf(stderr, "warning: main time %v per side is too short for a game (Gifu: 40m); check --main-time\n", t)
	}
}
