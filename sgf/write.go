package sgf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kisen-go/kisen/board"
)

// DefaultApplication is written as AP when Record.Application is empty.
const DefaultApplication = "kisen:dev"

// ErrInvalid is wrapped by Write when the record cannot be written as a
// valid SGF file (bad size, colour, point or number).
var ErrInvalid = errors.New("sgf: invalid record")

// rootIDs are written by the writer from Record fields; Extra properties
// with these names are skipped so that the file stays valid.
var rootIDs = map[string]bool{
	"GM": true, "FF": true, "CA": true, "AP": true, "SZ": true, "KM": true, "RU": true, "HA": true,
	"AB": true, "AW": true, "AE": true, "PB": true, "PW": true, "DT": true, "EV": true, "RO": true,
	"PC": true, "GN": true, "TM": true, "OT": true, "RE": true, "GC": true, "B": true, "W": true,
}

var nodeIDs = map[string]bool{"B": true, "W": true, "BL": true, "WL": true, "C": true, "TB": true, "TW": true}

func (r *Record) check() error {
	if r.Size < board.MinSize || r.Size > board.MaxSize {
		return fmt.Errorf("%w: size %d is out of range %d-%d", ErrInvalid, r.Size, board.MinSize, board.MaxSize)
	}
	for _, f := range []float64{r.Komi, r.MainTime} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%w: komi or main time is not a number", ErrInvalid)
		}
	}
	for i, m := range r.Setup {
		if m.Color != board.Black && m.Color != board.White || !board.ValidPoint(r.Size, m.Point) {
			return fmt.Errorf("%w: setup stone %d (%v at %d) is not a stone on the board", ErrInvalid, i+1, m.Color, m.Point)
		}
	}
	for i, n := range r.Nodes {
		m := n.Move
		if m.Color != board.Black && m.Color != board.White || m.Point != board.Pass && !board.ValidPoint(r.Size, m.Point) {
			return fmt.Errorf("%w: move %d (%v at %d) is not a move on the board", ErrInvalid, i+1, m.Color, m.Point)
		}
		if n.HasTime && (math.IsNaN(n.TimeLeft) || math.IsInf(n.TimeLeft, 0)) {
			return fmt.Errorf("%w: move %d: time left is not a number", ErrInvalid, i+1)
		}
	}
	for _, p := range append(append([]board.Point(nil), r.FinalTB...), r.FinalTW...) {
		if !board.ValidPoint(r.Size, p) {
			return fmt.Errorf("%w: territory point %d is not on the board", ErrInvalid, p)
		}
	}
	return nil
}

// Write writes the record as an FF[4] file: the root with the game
// information, one node per move with the mover's time left (BL/WL) and
// comment, and TB/TW with the final comment on the last move's node (or on
// a node of their own when that node already has a comment).
func (r *Record) Write(w io.Writer) error {
	if err := r.check(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	e := &enc{w: bw}
	size := r.Size
	e.raw("(;GM[1]FF[4]CA[UTF-8]")
	app := r.Application
	if app == "" {
		app = DefaultApplication
	}
	e.raw("AP[")
	if name, ver, ok := strings.Cut(app, ":"); ok {
		e.text(name, true, true)
		e.raw(":")
		e.text(ver, true, true)
	} else {
		e.text(app, true, true)
	}
	e.raw("]")
	e.raw("SZ[" + strconv.Itoa(size) + "]")
	e.raw("KM[" + fmtReal(r.Komi) + "]")
	e.simple("RU", r.Rules)
	if r.Handicap != 0 {
		e.raw("HA[" + strconv.Itoa(r.Handicap) + "]")
	}
	for _, c := range []board.Color{board.Black, board.White} {
		first := true
		for _, m := range r.Setup {
			if m.Color != c {
				continue
			}
			if first {
				e.raw("A" + c.Letter())
				first = false
			}
			e.raw("[" + board.SGF(size, m.Point) + "]")
		}
	}
	e.simple("PB", r.PlayerBlack)
	e.simple("PW", r.PlayerWhite)
	e.simple("DT", r.Date)
	e.simple("EV", r.Event)
	e.simple("RO", r.Round)
	e.simple("PC", r.Place)
	e.simple("GN", r.GameName)
	if r.MainTime != 0 {
		e.raw("TM[" + fmtReal(r.MainTime) + "]")
	}
	e.simple("OT", r.Overtime)
	e.simple("RE", r.Result)
	if r.GameComment != "" {
		e.raw("GC[")
		e.text(r.GameComment, false, false)
		e.raw("]")
	}
	e.extras(r.Extra, rootIDs)

	hasFinal := len(r.FinalTB) > 0 || len(r.FinalTW) > 0 || r.FinalComment != ""
	onLast := hasFinal && len(r.Nodes) > 0 && r.Nodes[len(r.Nodes)-1].Comment == "" &&
		(len(r.FinalTB) > 0 || len(r.FinalTW) > 0)
	for i, n := range r.Nodes {
		if i%10 == 0 {
			e.raw("\n")
		}
		l := n.Move.Color.Letter()
		e.raw(";" + l + "[" + board.SGF(size, n.Move.Point) + "]")
		if n.HasTime {
			e.raw(l + "L[" + fmtReal(n.TimeLeft) + "]")
		}
		if n.Comment != "" {
			e.raw("C[")
			e.text(n.Comment, false, false)
			e.raw("]")
		}
		e.extras(n.Extra, nodeIDs)
		if onLast && i == len(r.Nodes)-1 {
			e.final(r)
		}
	}
	if hasFinal && !onLast {
		e.raw("\n;")
		e.final(r)
	}
	e.raw(")\n")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// Bytes returns the record as written by Write, or nil if the record is
// invalid (see Write's error).
func (r *Record) Bytes() []byte {
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return nil
	}
	return buf.Bytes()
}

type enc struct {
	w   *bufio.Writer
	err error
}

func (e *enc) raw(s string) {
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

// text writes an escaped Text or SimpleText value: ']' and '\' always,
// ':' inside composed values. SimpleText turns line breaks into spaces, as
// a reader would; other white space becomes a space in both.
func (e *enc) text(s string, simple, compose bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ']' || c == '\\' || compose && c == ':':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n' || c == '\r':
			if !simple {
				b.WriteByte(c)
				continue
			}
			if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i+1] != c {
				i++
			}
			b.WriteByte(' ')
		case c == '\t' || c == '\v' || c == '\f':
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	e.raw(b.String())
}

func (e *enc) simple(id, s string) {
	if s == "" {
		return
	}
	e.raw(id + "[")
	e.text(s, true, false)
	e.raw("]")
}

// extras writes kept properties verbatim, skipping names the writer owns,
// malformed names and repeats, and escaping a bare ']' or a trailing '\'.
func (e *enc) extras(ps []Property, reserved map[string]bool) {
	seen := map[string]bool{}
	for _, p := range ps {
		if !validID(p.ID) || reserved[p.ID] || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		e.raw(p.ID)
		if len(p.Values) == 0 {
			e.raw("[]")
		}
		for _, v := range p.Values {
			var b strings.Builder
			b.WriteByte('[')
			for i := 0; i < len(v); i++ {
				switch v[i] {
				case '\\':
					if i+1 < len(v) {
						b.WriteByte('\\')
						i++
						b.WriteByte(v[i])
					} else {
						b.WriteString(`\\`)
					}
				case ']':
					b.WriteString(`\]`)
				default:
					b.WriteByte(v[i])
				}
			}
			b.WriteByte(']')
			e.raw(b.String())
		}
	}
}

func (e *enc) final(r *Record) {
	for _, t := range []struct {
		id  string
		pts []board.Point
	}{{"TB", r.FinalTB}, {"TW", r.FinalTW}} {
		if len(t.pts) == 0 {
			continue
		}
		e.raw(t.id)
		for _, p := range t.pts {
			e.raw("[" + board.SGF(r.Size, p) + "]")
		}
	}
	if r.FinalComment != "" {
		e.raw("C[")
		e.text(r.FinalComment, false, false)
		e.raw("]")
	}
}

func validID(id string) bool {
	if id == "" || len(id) > 8 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 'A' || id[i] > 'Z' {
			return false
		}
	}
	return true
}

// fmtReal formats an SGF Real: plain decimal, no exponent.
func fmtReal(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// WriteFileAtomic replaces path with data so that a crash leaves either the
// old file or the new one: a temporary file in the same directory is
// written and synced, renamed over path, and the directory is synced.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("write %s: sync directory: %w", path, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("write %s: sync directory: %w", path, err)
	}
	return nil
}
