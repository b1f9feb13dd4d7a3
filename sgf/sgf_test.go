package sgf

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kisen-go/kisen/board"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func pt(t testing.TB, size int, gtp string) board.Point {
	t.Helper()
	p, err := board.ParseGTP(size, gtp)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sample is a finished 9x9 tournament-style record with every field set.
func sample(t testing.TB) *Record {
	s := 9
	return &Record{
		Size: s, Komi: 6.5, Rules: "Japanese", Handicap: 2,
		Setup:       []board.Move{{Color: board.Black, Point: pt(t, s, "C3")}, {Color: board.Black, Point: pt(t, s, "G7")}},
		PlayerBlack: "kisen [test]", PlayerWhite: `Go\Bot`, Date: "2026-11-22",
		Event: "Gifu Challenge", Round: "3 (Swiss)", Place: "Gifu", GameName: "R3 B5",
		Result: "W+1.5", Application: "kisen:0.1.0", GameComment: "line one\nline two: with ] and \\",
		MainTime: 2400, Overtime: "none (sudden death)",
		Nodes: []Node{
			{Move: board.Move{Color: board.White, Point: pt(t, s, "E5")}, TimeLeft: 2395.5, HasTime: true},
			{Move: board.Move{Color: board.Black, Point: pt(t, s, "D5")}, TimeLeft: 2398.1, HasTime: true, Comment: "time warning"},
			{Move: board.Move{Color: board.White, Point: board.Pass}, TimeLeft: 2390, HasTime: true,
				Extra: []Property{{ID: "OW", Values: []string{"3"}}}},
			{Move: board.Move{Color: board.Black, Point: board.Pass}},
		},
		FinalTB:      []board.Point{pt(t, s, "A1"), pt(t, s, "B1")},
		FinalTW:      []board.Point{pt(t, s, "J9")},
		FinalComment: "B 10, W 11.5: W+1.5",
		Extra:        []Property{{ID: "ST", Values: []string{"2"}}},
	}
}

func TestGolden(t *testing.T) {
	got := sample(t).Bytes()
	path := filepath.Join("testdata", "golden-9x9.sgf")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("writer output differs from %s (-want +got):\n%s", path, cmp.Diff(string(want), string(got)))
	}
	for _, s := range []string{"(;GM[1]FF[4]CA[UTF-8]AP[kisen:0.1.0]SZ[9]KM[6.5]RU[Japanese]HA[2]AB[cg][gc]",
		`PB[kisen [test\]]PW[Go\\Bot]`, "RO[3 (Swiss)]", "TM[2400]", "GC[line one\nline two: with \\] and \\\\]",
		";W[ee]WL[2395.5]", ";W[]WL[2390]OW[3]", ";B[]TB[ai][bi]TW[ia]C[B 10, W 11.5: W+1.5])"} {
		if !strings.Contains(string(got), s) {
			t.Errorf("output lacks %q:\n%s", s, got)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	cases := map[string]*Record{"full": sample(t)}
	r := sample(t)
	r.Nodes[len(r.Nodes)-1].Comment = "last move has a comment" // final info goes on a node of its own
	cases["final node apart"] = r
	r = sample(t)
	r.FinalTB, r.FinalTW = nil, nil // comment only: a node of its own
	cases["final comment only"] = r
	r = sample(t)
	r.Nodes, r.Setup, r.Handicap = nil, nil, 0
	cases["no moves"] = r
	cases["minimal"] = &Record{Size: 19, Application: "kisen:dev"}
	r = sample(t)
	r.Application = "my:prog:1.0" // ':' inside the version is escaped
	r.PlayerBlack = "名人 (9p)"
	cases["compose and utf-8"] = r
	for name, rec := range cases {
		t.Run(name, func(t *testing.T) {
			data := rec.Bytes()
			if data == nil {
				t.Fatal("Bytes returned nil")
			}
			got, err := Parse(data)
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, data)
			}
			if d := cmp.Diff(rec, got); d != "" {
				t.Errorf("read back differs (-wrote +read):\n%s\n%s", d, data)
			}
			if probs := Check(data); len(probs) != 0 {
				t.Errorf("Check: %v", probs)
			}
		})
	}
}

func TestTextEscapes(t *testing.T) {
	data := []byte("(;SZ[9]PB[a\\]b\nc\td]GC[soft\\\nbreak\\\r\nhere\nkept]C[x\\:y];B[aa]C[p\\\\q])")
	r, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.PlayerBlack != "a]b c d" {
		t.Errorf("PB = %q: SimpleText turns newlines and tabs into spaces", r.PlayerBlack)
	}
	if r.GameComment != "softbreakhere\nkept" {
		t.Errorf("GC = %q: soft line breaks are removed, others kept", r.GameComment)
	}
	if r.Nodes[0].Comment != `p\q` {
		t.Errorf("C = %q", r.Nodes[0].Comment)
	}
	if d := cmp.Diff([]Property{{ID: "C", Values: []string{`x\:y`}}}, r.Extra); d != "" {
		t.Errorf("root C is kept raw: %s", d)
	}
}

func TestLatin1(t *testing.T) {
	r, err := Parse([]byte("(;CA[ISO-8859-1]PB[J\xf6rg])"))
	if err != nil {
		t.Fatal(err)
	}
	if r.PlayerBlack != "Jörg" {
		t.Errorf("PB = %q", r.PlayerBlack)
	}
}

func TestParseFeatures(t *testing.T) {
	// Variations: the main line is the first branch. AE removes a setup
	// stone; rectangles expand; "tt" is a pass on 19x19; lower-case letters
	// in FF[3] names are ignored.
	data := []byte("(;FF[3]GM[1]SZ[19]AddBlack[aa:bb]AW[cc]AE[bb]XX[keep]\n;B[dd](;W[tt]BL[5];B[ee]WL[3])(;W[ff]))")
	r, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var setup []string
	for _, m := range r.Setup {
		setup = append(setup, m.Color.Letter()+board.SGF(19, m.Point))
	}
	if d := cmp.Diff([]string{"Bab", "Baa", "Bba", "Wcc"}, setup); d != "" {
		t.Errorf("setup: %s", d)
	}
	if len(r.Nodes) != 3 || r.Nodes[1].Move.Point != board.Pass || r.Nodes[2].Move.Point != pt(t, 19, "E15") {
		t.Fatalf("main line = %+v", r.Nodes)
	}
	if d := cmp.Diff([]Property{{ID: "BL", Values: []string{"5"}}}, r.Nodes[1].Extra); d != "" {
		t.Errorf("BL on a W node is kept: %s", d)
	}
	if d := cmp.Diff([]Property{{ID: "WL", Values: []string{"3"}}}, r.Nodes[2].Extra); d != "" {
		t.Errorf("WL on a B node is kept: %s", d)
	}
	if d := cmp.Diff([]Property{{ID: "XX", Values: []string{"keep"}}}, r.Extra); d != "" {
		t.Errorf("unknown root property: %s", d)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "no game tree"},
		{"x(;)", 0, "starts with '(;'"},
		{"(;SZ[9]", 7, "not closed"},
		{"(;SZ[9", 4, "not closed with ']'"},
		{"(;SZ[9])x", 8, "after the last game tree"},
		{"()", 1, "empty game tree"},
		{"(;B[aa]B[bb])", 7, "twice"},
		{"(;SZ)", 2, "no value"},
		{"(;SZ[23])", 5, "out of range"},
		{"(;SZ[9:7])", 5, "square"},
		{"(;GM[2])", 5, "not a Go record"},
		{"(;KM[six])", 5, "not a number"},
		{"(;SZ[9];B[zz])", 10, "not a point"},
		{"(;SZ[9];B[aa]W[bb])", 13, "B and W in one node"},
		{"(;HA[2][3])", 7, "one value"},
		{"((;B[aa]))", 1, "node ';' was expected"},
	}
	for _, c := range cases {
		t.Run(c.msg, func(t *testing.T) {
			_, err := Parse([]byte(c.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) = %v, want *SyntaxError", c.in, err)
			}
			if se.Offset != c.offset || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("Parse(%q) = offset %d %q, want offset %d containing %q", c.in, se.Offset, se.Msg, c.offset, c.msg)
			}
		})
	}
}

func TestCheckGNUGo(t *testing.T) {
	files, _ := filepath.Glob("testdata/gnugo-*.sgf")
	if len(files) < 4 {
		t.Fatalf("want the GNU Go records in testdata, found %v", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if probs := Check(data); len(probs) != 0 {
			t.Errorf("%s: %v", f, probs)
		}
		r, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if strings.Contains(f, "position") {
			// GTP printsgf: the position as setup stones, with PL and IL kept as extras.
			if len(r.Setup) != 40 || len(r.Nodes) != 0 || len(r.Extra) != 2 || r.Extra[0].ID != "PL" || r.Extra[1].ID != "IL" {
				t.Errorf("%s: %d setup stones, %d moves, extras %v", f, len(r.Setup), len(r.Nodes), r.Extra)
			}
		} else if len(r.Nodes) < 30 || r.Application != "GNU Go:3.8" || r.Result == "" {
			t.Errorf("%s: %d moves, AP %q, RE %q", f, len(r.Nodes), r.Application, r.Result)
		}
		// kisen's rewrite of a GNU Go record is valid and stable.
		out := r.Bytes()
		if probs := Check(out); len(probs) != 0 {
			t.Errorf("%s rewritten: %v", f, probs)
		}
		r2, err := Parse(out)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(r, r2); d != "" {
			t.Errorf("%s: rewrite differs: %s", f, d)
		}
	}
}

func TestCheckBroken(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []Problem
	}{
		{"syntax", "(;GM[1]SZ[9];B[aa]", []Problem{{Offset: 18, Msg: "unexpected end of file: 1 game tree(s) not closed with ')'"}}},
		{"occupied", "(;GM[1]SZ[9];B[ee];W[ee])", []Problem{{Offset: 21, Move: 2, Msg: "W E5 (W[ee]) is illegal: point is occupied; the moves after it were not checked"}}},
		{"suicide", "(;GM[1]SZ[9]AB[ba][ab];W[aa])", []Problem{{Offset: 25, Move: 1, Msg: "W A9 (W[aa]) is illegal: suicide; the moves after it were not checked"}}},
		{"ko", "(;SZ[9]AB[ca][db][cc]AW[ba][ab][bc][cb];B[bb];W[cb])", []Problem{{Offset: 48, Move: 2, Msg: "W C8 (W[cb]) is illegal: retakes a ko at once; the moves after it were not checked"}}},
		{"wrong GM", "(;GM[6]SZ[9])", []Problem{{Offset: 5, Msg: "GM[6] is not a Go record (Go is GM[1])"}}},
		{"size", "(;GM[1]SZ[40])", []Problem{{Offset: 10, Msg: "SZ[40] is out of range: board sizes are 2 to 22"}}},
		{"FF", "(;FF[5]GM[1]SZ[9])", []Problem{{Offset: 5, Msg: "FF[5]: kisen checks FF[4] records (FF[3] is accepted)"}}},
		{"two games", "(;SZ[9])(;SZ[9])", []Problem{{Offset: 8, Msg: "the file holds 2 game trees; a game record holds one"}}},
		{"bad point and komi", "(;SZ[9]KM[x];B[aa];W[zz])", []Problem{
			{Offset: 10, Msg: "KM[x] is not a number"},
			{Offset: 21, Move: 2, Msg: "W[zz] is not a point on a 9x9 board"}}},
		{"one colour twice", "(;SZ[9];B[aa];B[bb])", []Problem{{Offset: 16, Move: 2, Msg: "B B8 (B[bb]): black moves twice in a row: not a valid game record; the moves after it were not checked"}}},
		{"setup in mid-game", "(;SZ[9];B[aa];AB[cc];W[bb])", []Problem{{Offset: 14, Move: 1, Msg: "AB after the first move: kisen replays setup stones only before it; the moves after it were not checked"}}},
		{"setup twice", "(;SZ[9]AB[aa];AB[aa])", []Problem{{Offset: 17, Msg: "AB[aa]: cannot place a stone: point is occupied"}}},
		{"removed setup", "(;SZ[9]AB[aa];AE[aa];B[aa])", nil},
		{"territory twice", "(;SZ[9];B[aa];W[]TB[bb]TW[bb])", []Problem{{Offset: 26, Move: 2, Msg: "TW[bb]: point already listed in TB"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if d := cmp.Diff(c.want, Check([]byte(c.in))); d != "" {
				t.Errorf("Check(%q) (-want +got):\n%s", c.in, d)
			}
		})
	}
	if s := (Problem{Offset: 4, Move: 3, Msg: "x"}).String(); s != "move 3: x" {
		t.Errorf("String = %q", s)
	}
	if s := (Problem{Offset: 4, Msg: "x"}).String(); s != "offset 4: x" {
		t.Errorf("String = %q", s)
	}
}

func TestWriteInvalid(t *testing.T) {
	for name, mod := range map[string]func(*Record){
		"size":   func(r *Record) { r.Size = 30 },
		"colour": func(r *Record) { r.Nodes[0].Move.Color = board.Empty },
		"point":  func(r *Record) { r.Nodes[0].Move.Point = 5000 },
		"setup":  func(r *Record) { r.Setup[0].Point = board.Pass },
	} {
		t.Run(name, func(t *testing.T) {
			r := sample(t)
			mod(r)
			if err := r.Write(&bytes.Buffer{}); !errors.Is(err, ErrInvalid) {
				t.Errorf("Write of an invalid record: %v, want ErrInvalid", err)
			}
			if r.Bytes() != nil {
				t.Error("Bytes of an invalid record is not nil")
			}
		})
	}
}

func TestExtraSanitised(t *testing.T) {
	r := &Record{Size: 9, Application: "kisen:dev", Extra: []Property{
		{ID: "XA", Values: []string{"a]b", `c\`}}, {ID: "SZ", Values: []string{"5"}}, {ID: "bad", Values: []string{"x"}}, {ID: "XA", Values: []string{"dup"}},
	}}
	got, err := Parse(r.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, r.Bytes())
	}
	if d := cmp.Diff([]Property{{ID: "XA", Values: []string{`a\]b`, `c\\`}}}, got.Extra); d != "" {
		t.Errorf("extras: %s", d)
	}
	if got.Size != 9 {
		t.Errorf("an extra SZ overrode the size: %d", got.Size)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.sgf")
	for _, s := range []string{"first", "second"} {
		if err := WriteFileAtomic(path, []byte(s)); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		if string(got) != s {
			t.Errorf("content %q, want %q", got, s)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "no", "such", "g.sgf"), nil); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

func TestReplay(t *testing.T) {
	r, err := Parse([]byte("(;SZ[9]AB[cc][gg];W[ee];B[];W[aa])"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Replay(2)
	if err != nil || b.MoveNumber() != 2 || b.ToMove() != board.White || b.At(pt(t, 9, "C7")) != board.Black {
		t.Fatalf("Replay(2): %v, move %d, to move %v", err, b.MoveNumber(), b.ToMove())
	}
	if b, err := r.Replay(-1); err != nil || b.MoveNumber() != 3 {
		t.Fatalf("Replay(-1): %v", err)
	}
	r.Nodes[1].Move.Color = board.White
	_, err = r.Replay(-1)
	var me *MoveError
	if !errors.As(err, &me) || me.Move != 2 || !strings.Contains(err.Error(), "move 2: white moves twice in a row") {
		t.Fatalf("two white moves: %v", err)
	}
	r.Nodes[1].Move = board.Move{Color: board.Black, Point: pt(t, 9, "E5")}
	if _, err := r.Replay(-1); !errors.As(err, &me) || me.Move != 2 || !errors.Is(err, board.ErrOccupied) {
		t.Fatalf("occupied: %v", err)
	}
}

// Walk shows each position before its move, as Replay(i) gives it, and
// stops at fn's error or at a move that cannot be played.
func TestWalk(t *testing.T) {
	r, err := Parse([]byte("(;SZ[9]AB[cc][gg];W[ee];B[];W[aa])"))
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	err = r.Walk(func(i int, b *board.Board, m board.Move) error {
		want, err := r.Replay(i)
		if err != nil || b.Hash() != want.Hash() || b.ToMove() != want.ToMove() || m != r.Nodes[i].Move {
			t.Errorf("position %d: not Replay(%d)'s, or move %v", i, i, m)
		}
		seen = append(seen, i)
		return nil
	})
	if err != nil || !slices.Equal(seen, []int{0, 1, 2}) {
		t.Fatalf("Walk: positions %v, error %v", seen, err)
	}
	stop := errors.New("stop")
	seen = nil
	if err := r.Walk(func(i int, _ *board.Board, _ board.Move) error {
		seen = append(seen, i)
		if i == 1 {
			return stop
		}
		return nil
	}); err != stop || len(seen) != 2 {
		t.Errorf("Walk stopped by fn: positions %v, error %v", seen, err)
	}
	r.Nodes[1].Move = board.Move{Color: board.Black, Point: pt(t, 9, "E5")}
	var me *MoveError
	if err := r.Walk(func(int, *board.Board, board.Move) error { return nil }); !errors.As(err, &me) || me.Move != 2 {
		t.Errorf("occupied: %v", err)
	}
}
