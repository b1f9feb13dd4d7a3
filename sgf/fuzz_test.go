package sgf

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kisen-go/kisen/board"
)

func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.sgf")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("(;SZ[9]AB[aa:cc]AE[bb];B[dd](;W[tt])(;W[ee]))"))
	f.Add([]byte("(;CA[ISO-8859-1]PB[\xe9\\\n]C[a\\]b];B[];W[]TB[aa]C[x])"))
}

// FuzzParse: no input makes Parse or Check panic; whatever Parse accepts,
// the writer turns into a file that reads back to the same record and
// that Check finds no syntax fault in.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		probs := Check(data)
		rec, err := Parse(data)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("error %T, want *SyntaxError", err)
			}
			if len(probs) == 0 {
				t.Fatalf("Parse failed (%v) but Check found nothing", err)
			}
			return
		}
		out := rec.Bytes()
		if out == nil {
			return // e.g. a setup stone that the record cannot hold (pass in AB)
		}
		rec2, err := Parse(out)
		if err != nil {
			t.Fatalf("kisen's own output does not parse: %v\n%s", err, out)
		}
		if out2 := rec2.Bytes(); !bytes.Equal(out, out2) {
			t.Fatalf("write is not stable:\n%s\n%s", out, out2)
		}
	})
}

// FuzzRoundTrip builds a record from fuzz input, writes it and reads it
// back: it must come back identical.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(9), 6.5, "kisen", "opp\nnent", "Gifu]\\", []byte{1, 2, 3, 0, 40}, "note", 1795.2, "sum")
	f.Add(uint8(19), -3.0, "", ":", "", []byte{}, "", 0.0, "")
	f.Fuzz(func(t *testing.T, sz uint8, komi float64, pb, pw, ev string, moves []byte, comment string, left float64, final string) {
		size := board.MinSize + int(sz)%(board.MaxSize-board.MinSize+1)
		if math.IsNaN(komi) || math.IsInf(komi, 0) || math.IsNaN(left) || math.IsInf(left, 0) {
			return
		}
		clean := func(s string) string { // what a reader keeps of SimpleText
			return decodeText(escapeForTest(s, true), true, false)
		}
		r := &Record{Size: size, Komi: komi, PlayerBlack: clean(pb), PlayerWhite: clean(pw), Event: clean(ev),
			Application: "kisen:" + clean(ev), FinalComment: decodeText(escapeForTest(final, false), false, false)}
		n := size * size
		for i, b := range moves {
			p := board.Pass
			if int(b)%(n+1) != 0 {
				idx := int(b)%(n+1) - 1
				p = board.At(size, idx%size, idx/size)
			}
			c := board.Black
			if i%2 == 1 {
				c = board.White
			}
			nd := Node{Move: board.Move{Color: c, Point: p}, Comment: decodeText(escapeForTest(comment, false), false, false)}
			if i%3 == 0 {
				nd.TimeLeft, nd.HasTime = left, true
			}
			r.Nodes = append(r.Nodes, nd)
		}
		data := r.Bytes()
		got, err := Parse(data)
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if d := cmp.Diff(r, got, cmp.Comparer(func(a, b float64) bool { return a == b })); d != "" {
			t.Fatalf("round trip (-wrote +read):\n%s\n%s", d, data)
		}
	})
}

// escapeForTest is the writer's escaping, used to learn what the reader
// makes of a string (so the fuzz record holds only normalised text).
func escapeForTest(s string, simple bool) string {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	e := &enc{w: w}
	e.text(s, simple, false)
	w.Flush()
	return buf.String()
}
