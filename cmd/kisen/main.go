// Command kisen plays Go for its operator at Gifu-style computer-Go
// tournaments (SGMP over a serial line), checks SGF records and
// configuration files. Run `kisen help` for the verbs.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// version is set at build time: go build -ldflags "-X main.version=1.2.3".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return
	}
	// One line, whatever the error holds.
	fmt.Fprintf(os.Stderr, "kisen: %s\n", strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", "; "))
	os.Exit(exitCode(err))
}

// usageError is a mistake on the command line: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// exitCode is 0 for success and -h, 2 for usage errors, 1 for failures.
func exitCode(err error) int {
	var ue usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		return 2
	default:
		return 1
	}
}

// verbs is the list `kisen help` prints; add a line with each new verb.
var verbs = [][2]string{
	{"sgf check FILE...", "check SGF records: syntax, FF[4] Go, legal moves"},
	{"config check [--config FILE]", "print the effective configuration, or every error in it"},
	{"play --port DEV --color black|white", "play a game over the serial link (SGMP), or --resume FILE.sgf"},
	{"demo [--size 9] [--main-time 1m]", "a whole game between two kisen players over a virtual serial pair"},
	{"ports", "list serial ports with their USB details"},
	{"submit FILE.sgf DIR", "check a record and copy it to the submission medium"},
	{"score [--json] FILE.sgf", "judge dead stones and count a record"},
	{"analyze [--move N] FILE.sgf", "search a record's position and list its root moves as the search saw them"},
	{"gtp [--move-time 1s]", "the engine as a GTP v2 program (GoGui, Sabaki, match scripts)"},
	{"soak --games N [--faults all]", "kisen against kisen over a faulty virtual cable; --kill N: kill -9 and resume"},
	{"bench [--size 9|19]", "measure playout and search speed"},
	{"match", "play the engine against a GTP program (GNU Go) and print the figures"},
	{"version", "print kisen's version"},
	{"help [VERB]", "this list, or a verb's flags"},
}

// run is the whole program minus process exit, so tests can call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return usageError{errors.New("no verb given: run 'kisen help' for the list")}
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "version", "-version", "--version":
		return runVersion(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return runHelp(ctx, rest, stdout, stderr)
	case "sgf":
		return runSGF(ctx, rest, stdout, stderr)
	case "config":
		return runConfig(ctx, rest, stdout, stderr)

	case "play":
		return runPlay(ctx, rest, os.Stdin, stdout, stderr)
	case "demo":
		return runDemo(ctx, rest, stdout, stderr)
	case "ports":
		return runPorts(ctx, rest, stdout, stderr)
	case "submit":
		return runSubmit(ctx, rest, stdout, stderr)
	case "gtp":
		return runGTP(ctx, rest, stdout, stderr)
	case "soak":
		return runSoak(ctx, rest, stdout, stderr)
	case "bench":
		return runBench(ctx, rest, stdout, stderr)
	case "match":
		return runMatch(ctx, rest, stdout, stderr)
	case "score":
		return runScore(ctx, rest, stdout, stderr)
	case "analyze":
		return runAnalyze(ctx, rest, stdout, stderr)

	default:
		return usageError{fmt.Errorf("unknown verb %q: run 'kisen help' for the list", verb)}
	}
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "kisen %s: plays Go at computer-Go tournaments over a serial line (SGMP)\n\nUsage: kisen VERB [flags] [args]\n\n", version)
	width := 0
	for _, v := range verbs {
		width = max(width, len(v[0]))
	}
	for _, v := range verbs {
		fmt.Fprintf(w, "  kisen %-*s  %s\n", width, v[0], v[1])
	}
	fmt.Fprintf(w, "\nConfiguration: --config FILE, KISEN_CONFIG, ./kisen.yaml or the user's config dir (see docs/config.md).\n")
}

func runHelp(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stdout)
		return nil
	}
	// "kisen help sgf check" is "kisen sgf check -h".
	err := run(ctx, append(append([]string(nil), args...), "-h"), stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", "print kisen's version, Go version and platform", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("version: unexpected argument %q", fs.Arg(0))}
	}
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += "+" + s.Value[:12]
			}
		}
	}
	fmt.Fprintf(stdout, "kisen %s (%s %s/%s)\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}

// newFlagSet makes a verb's FlagSet whose -h prints the synopsis and flags.
func newFlagSet(name, synopsis, what string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: kisen %s %s\n\n%s\n", name, synopsis, what)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(stderr, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args, flags before and after the arguments (kisen
// score game.sgf --size 9), and leaves the arguments in fs.Args(). A bad
// flag is one line naming it and where to look; -h gives flag.ErrHelp
// (exit 0) after printing the verb's usage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return err
			}
			return usageError{fmt.Errorf("%s: %s; see kisen %s -h", fs.Name(), flagMistake(fs, err), fs.Name())}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			pos = append(pos, rest...) // after --, everything is an argument
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

func isDuration(v any) bool { _, ok := v.(time.Duration); return ok }

// givenFlags names the flags given on the command line (not defaulted).
func givenFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// flagMistake says what is wrong with a flag in words: a duration given
// as a bare number gets the unit it probably meant.
func flagMistake(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	var name, val string
	if _, scanErr := fmt.Sscanf(msg, "invalid value %q for flag -%s", &val, &name); scanErr == nil {
		name = strings.TrimSuffix(name, ":")
		if f := fs.Lookup(name); f != nil {
			if g, ok := f.Value.(flag.Getter); ok && isDuration(g.Get()) {
				if _, nerr := strconv.ParseFloat(val, 64); nerr == nil {
					return fmt.Sprintf("--%s %s: a duration needs a unit: did you mean %sm?", name, val, val)
				}
				return fmt.Sprintf("--%s %q: not a duration (e.g. 40m, 90s, 1h)", name, val)
			}
			if g, ok := f.Value.(flag.Getter); ok {
				switch g.Get().(type) {
				case int, int64, uint, uint64, float64:
					return fmt.Sprintf("--%s %q: not a number", name, val)
				}
			}
			return fmt.Sprintf("--%s %q: %s", name, val, strings.TrimPrefix(msg[strings.LastIndex(msg, ":")+1:], " "))
		}
	}
	return strings.Replace(msg, "flag provided but not defined: -", "unknown flag --", 1)
}

// plural is "1 problem", "2 problems".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
