package gtp

import (
	"bufio"
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/kisen-go/kisen/board"
	"github.com/kisen-go/kisen/engine"
)

// FuzzParseLine: any line splits into fields free of spaces, control
// characters and comments, with a numeric id or none, and the command
// rebuilt from them parses the same.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"", "name", "1 protocol_version", "12", "play b D4 # a comment",
		"\tgenmove\tw\r", "# only a comment", "7 time_left b 12.5 0", "known_command\x00 x\x7f", "-3 name", "+5 quit", "play\u00a0b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		id, fields := parseLine(line)
		for _, fl := range fields {
			if fl == "" || strings.ContainsAny(fl, "#") || strings.IndexFunc(fl, func(r rune) bool { return r < 32 || r == 127 || unicode.IsSpace(r) }) >= 0 {
				t.Fatalf("field %q of %q", fl, line)
			}
		}
		if id != "" && strings.TrimLeft(id, "+-0123456789") != "" {
			t.Fatalf("id %q of %q", id, line)
		}
		again := strings.TrimSpace(id + " " + strings.Join(fields, " "))
		if id2, f2 := parseLine(again); id2 != id || strings.Join(f2, " ") != strings.Join(fields, " ") {
			t.Fatalf("%q parsed as %q %q, rebuilt %q as %q %q", line, id, fields, again, id2, f2)
		}
	})
}

// quickPlayer passes at once, so the fuzzer spends its time on the
// protocol, not on search.
type quickPlayer struct{}

func (quickPlayer) GenMove(context.Context, *board.Board, board.Color, engine.Clock) (engine.Decision, error) {
	return engine.Decision{Move: board.Pass}, nil
}

// FuzzServe: any input gives one well-formed response (starting = or ?,
// ended by an empty line) per command until quit, and no panic. Commands
// that read files or judge positions are left out: they are tested on
// their own, and judging would make each input slow.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"protocol_version\nboardsize 9\nplay b E5\ngenmove w\nundo\nshowboard\n",
		"1 fixed_handicap 4\n2 genmove w\n3 list_commands\n",
		"set_free_handicap A1 B2\nplace_free_handicap 3\ntime_settings 10 5 1\ntime_left w 3 1\n",
		"boardsize 25\nkomi x\nplay w pass\nplay b pass\nquit\nname\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var lines []string
		sc := bufio.NewScanner(strings.NewReader(in))
		for sc.Scan() {
			if strings.Contains(sc.Text(), "loadsgf") || strings.Contains(sc.Text(), "final_") {
				return
			}
			if _, fields := parseLine(sc.Text()); len(fields) > 0 {
				lines = append(lines, sc.Text())
			}
		}
		if sc.Err() != nil {
			return
		}
		s := NewServer("kisen", "fuzz", func(int, float64) (Player, error) { return quickPlayer{}, nil })
		var out strings.Builder
		if err := s.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		resp := strings.Split(out.String(), "\n\n")
		if resp[len(resp)-1] != "" {
			t.Fatalf("output does not end with an empty line: %q", out.String())
		}
		resp = resp[:len(resp)-1]
		for _, r := range resp {
			if r == "" || r[0] != '=' && r[0] != '?' {
				t.Fatalf("response %q in %q", r, out.String())
			}
		}
		if len(resp) > len(lines) {
			t.Fatalf("%d responses to %d commands", len(resp), len(lines))
		}
		if n := len(resp); n < len(lines) {
			if _, f := parseLine(lines[n-1]); f[0] != "quit" {
				t.Fatalf("session ended after %d of %d commands, not at a quit", n, len(lines))
			}
		}
	})
}
