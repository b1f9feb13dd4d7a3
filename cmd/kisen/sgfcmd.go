package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kisen-go/kisen/sgf"
)

func runSGF(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("sgf: want a sub-command (kisen sgf check FILE...)")}
	}
	switch args[0] {
	case "check":
		return runSGFCheck(ctx, args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprintln(stderr, "Usage: kisen sgf check FILE...")
		return errHelp()
	default:
		return usageError{fmt.Errorf("sgf: unknown sub-command %q (kisen sgf check FILE...)", args[0])}
	}
}

// runSGFCheck prints "FILE: ok (N moves)" for each good record and one
// line per problem otherwise: "FILE: offset N: ..." or "FILE: move N: ...".
func runSGFCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sgf check", "FILE...", "Checks SGF records: syntax (with the byte offset of a fault), one FF[4] Go game,\n"+
		"a board size kisen plays (2-22), well-formed values, and every move legal when replayed\n"+
		"(with the move number and the reason). Exit 0 when all files are valid, 1 otherwise.", stderr)
	quiet := fs.Bool("q", false, "print only problems, not the ok lines")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("sgf check: no files given (kisen sgf check FILE...)")}
	}
	bad, total := 0, 0
	for _, name := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := sgf.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stdout, "%s: cannot read: %v\n", name, err)
			bad++
			total++
			continue
		}
		probs := sgf.Check(data)
		for _, p := range probs {
			fmt.Fprintf(stdout, "%s: %s\n", name, p)
		}
		total += len(probs)
		if len(probs) > 0 {
			bad++
			continue
		}
		if !*quiet {
			moves := 0
			if r, err := sgf.Parse(data); err == nil {
				moves = len(r.Nodes)
			}
			fmt.Fprintf(stdout, "%s: ok (%d moves)\n", name, moves)
		}
	}
	if bad > 0 {
		return fmt.Errorf("sgf check: %s in %d of %s", plural(total, "problem"), bad, plural(fs.NArg(), "file"))
	}
	return nil
}
