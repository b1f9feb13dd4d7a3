package config

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// ErrInvalid is wrapped by every FieldError.
var ErrInvalid = errors.New("invalid configuration")

// FieldError is one bad value: the key's path, where it came from (file
// and line, or environment variable) and what is wrong.
type FieldError struct {
	Path string // e.g. "game.komi"
	File string // the file, when the value came from one
	Line int    // its line, or 0
	Env  string // the variable, when the value came from the environment
	Msg  string
}

func (e *FieldError) Error() string {
	var b strings.Builder
	switch {
	case e.Env != "":
		fmt.Fprintf(&b, "%s (from %s): ", e.Path, e.Env)
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s: line %d: %s: ", e.File, e.Line, e.Path)
	default:
		fmt.Fprintf(&b, "%s: ", e.Path)
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *FieldError) Unwrap() error { return ErrInvalid }

// Validate reports every bad value at once (errors.Join of *FieldError).
func (c Config) Validate() error {
	var errs []error
	bad := func(path, format string, a ...any) {
		e := &FieldError{Path: path, Msg: fmt.Sprintf(format, a...)}
		if o := c.origin; o != nil && c.cameFrom(path) {
			if env, ok := o.env[path]; ok {
				e.Env = env
			} else {
				e.File, e.Line = o.file, o.lines[path]
			}
		}
		errs = append(errs, e)
	}
	oneOf := func(path, v string, allowed ...string) {
		if !slices.Contains(allowed, v) {
			bad(path, "%q is not one of %s", v, strings.Join(allowed, ", "))
		}
	}
	name := func(path, v string) {
		if strings.TrimSpace(v) == "" {
			bad(path, "must not be empty: it is written into the SGF record")
		} else if strings.ContainsFunc(v, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			bad(path, "%q contains a control character", v)
		}
	}

	name("player", c.Player)
	name("opponent", c.Opponent)
	oneOf("ui", c.UI, "auto", "tui", "plain")

	g := c.Game
	if g.Size < 2 || g.Size > 22 {
		bad("game.size", "%d is out of range: 2 to 22 (19 at tournaments; SGMP cannot address more than 22)", g.Size)
	}
	if math.IsNaN(g.Komi) || math.IsInf(g.Komi, 0) || math.Abs(g.Komi) > 1000 {
		bad("game.komi", "%v is not a komi", g.Komi)
	} else if g.Komi*2 != math.Trunc(g.Komi*2) {
		bad("game.komi", "%v is not a multiple of 0.5 (Gifu: 6.5)", g.Komi)
	}
	oneOf("game.rules", g.Rules, "japanese", "chinese")
	switch {
	case g.Handicap == 1 || g.Handicap < 0 || g.Handicap > 9:
		bad("game.handicap", "%d: use 0 for an even game or 2 to 9 stones", g.Handicap)
	case g.Handicap >= 2 && g.Size != 9 && g.Size != 13 && g.Size != 19:
		bad("game.handicap", "fixed handicap points exist on 9x9, 13x13 and 19x19 only, not %dx%d", g.Size, g.Size)
	case g.Handicap > 5 && g.Size == 9:
		bad("game.handicap", "9x9 has at most 5 fixed handicap points")
	}
	if g.MainTime.Duration <= 0 || g.MainTime.Duration > 24*time.Hour {
		bad("game.main_time", "%s: give a positive time up to 24h, like 40m", g.MainTime)
	}
	if g.MoveCap < 1 {
		bad("game.move_cap", "%d: must be at least 1 (Gifu: 400; a pass counts as a move)", g.MoveCap)
	}
	oneOf("game.color", g.Color, "black", "white")

	l := c.Link
	oneOf("link.mode", l.Mode, "sgmp", "gmp")
	if !slices.Contains([]int{300, 600, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200}, l.Baud) {
		bad("link.baud", "%d is not a standard rate (Gifu: 2400; 300 to 115200)", l.Baud)
	}
	if l.DataBits < 5 || l.DataBits > 8 {
		bad("link.data_bits", "%d: must be 5 to 8 (Gifu: 8)", l.DataBits)
	}
	oneOf("link.parity", l.Parity, "none", "odd", "even")
	if l.StopBits != 1 && l.StopBits != 2 {
		bad("link.stop_bits", "%d: must be 1 or 2", l.StopBits)
	}
	oneOf("link.flow_control", l.FlowControl, "none")
	if rt := l.ResendTimeout.Duration; rt != 0 && (rt < time.Second || rt > 10*time.Minute) {
		bad("link.resend_timeout", "%s: give 1s to 10m, or 0s for the protocol's own (20s in sgmp, 4s in gmp)", l.ResendTimeout)
	}

	e := c.Engine
	oneOf("engine.kind", e.Kind, "embedded", "gtp", "manual")
	if e.Kind == "gtp" && strings.TrimSpace(e.Command) == "" {
		bad("engine.command", "engine.kind is gtp but no command is given (e.g. \"gnugo --mode gtp\")")
	}
	if e.Threads < 0 || e.Threads > 1024 {
		bad("engine.threads", "%d: 0 means all cores, else 1 to 1024", e.Threads)
	}
	if e.MaxMemoryMB < 16 || e.MaxMemoryMB > 1<<20 {
		bad("engine.max_memory_mb", "%d: give 16 to 1048576", e.MaxMemoryMB)
	}
	if math.IsNaN(e.ResignThreshold) || e.ResignThreshold < 0 || e.ResignThreshold >= 0.5 {
		bad("engine.resign_threshold", "%v: a winning rate from 0 to below 0.5 (default 0.1)", e.ResignThreshold)
	}

	if strings.TrimSpace(c.Output.Dir) == "" {
		bad("output.dir", "must not be empty (default ./games)")
	}
	oneOf("log.level", c.Log.Level, "trace", "debug", "info", "warn", "error")
	return errors.Join(errs...)
}
