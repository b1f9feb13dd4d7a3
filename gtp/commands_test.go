package gtp

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

// handle sends one command line to s through Handle.
func handle(s *Server, line string) (string, error) {
	f := strings.Fields(line)
	return s.Handle(context.Background(), f[0], f[1:])
}

// stones lists the vertices of c's stones, sorted.
func stones(b *board.Board, c board.Color) string {
	var vs []string
	for _, p := range board.AllPoints(b.Size()) {
		if b.At(p) == c {
			vs = append(vs, board.GTP(b.Size(), p))
		}
	}
	slices.Sort(vs)
	return strings.Join(vs, " ")
}

func sorted(vs string) string {
	f := strings.Fields(vs)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// TestServerHandicap: the three handicap commands place Black stones on an
// empty board, outside the move history, with White to move; they refuse
// a board with stones or moves, a bad count and a bad vertex list.
func TestServerHandicap(t *testing.T) {
	cases := []struct {
		name    string
		setup   []string // commands before the one tested
		cmd     string
		want    string // the answer (vertices), sorted
		wantErr string // a prefix of the error, when it must fail
	}{
		{name: "fixed 2 on 19x19", cmd: "fixed_handicap 2", want: "D4 Q16"},
		{name: "fixed 5 on 19x19", cmd: "fixed_handicap 5", want: "D16 D4 K10 Q16 Q4"},
		{name: "fixed 9 on 9x9", setup: []string{"boardsize 9"}, cmd: "fixed_handicap 9", want: "C3 C5 C7 E3 E5 E7 G3 G5 G7"},
		{name: "fixed 4 on 13x13", setup: []string{"boardsize 13"}, cmd: "fixed_handicap 4", want: "D10 D4 K10 K4"},
		{name: "fixed 1", cmd: "fixed_handicap 1", wantErr: "invalid number of stones"},
		{name: "fixed 10", cmd: "fixed_handicap 10", wantErr: "invalid number of stones"},
		{name: "fixed on 7x7", setup: []string{"boardsize 7"}, cmd: "fixed_handicap 2", wantErr: "invalid number of stones"},
		{name: "fixed after a move", setup: []string{"play b E5"}, cmd: "fixed_handicap 2", wantErr: "board not empty"},
		{name: "fixed after a pass", setup: []string{"play b pass"}, cmd: "fixed_handicap 2", wantErr: "board not empty"},
		{name: "fixed twice", setup: []string{"fixed_handicap 2"}, cmd: "fixed_handicap 2", wantErr: "board not empty"},
		{name: "fixed not a number", cmd: "fixed_handicap two", wantErr: "syntax error"},
		{name: "free 3 on 19x19", cmd: "place_free_handicap 3", want: "D16 D4 Q16"},
		{name: "free 20: the nine points", cmd: "place_free_handicap 20", want: "D10 D16 D4 K10 K16 K4 Q10 Q16 Q4"},
		{name: "free 1", cmd: "place_free_handicap 1", wantErr: "invalid number of stones"},
		{name: "free after a move", setup: []string{"play w C3"}, cmd: "place_free_handicap 2", wantErr: "board not empty"},
		{name: "set free", cmd: "set_free_handicap C3 e5 T19", want: ""},
		{name: "set free one stone", cmd: "set_free_handicap C3", wantErr: "syntax error"},
		{name: "set free repeated", cmd: "set_free_handicap C3 D4 C3", wantErr: "bad vertex list"},
		{name: "set free pass", cmd: "set_free_handicap C3 pass", wantErr: "bad vertex list"},
		{name: "set free off the board", setup: []string{"boardsize 9"}, cmd: "set_free_handicap C3 K10", wantErr: "bad vertex list"},
		{name: "set free after a move", setup: []string{"play b A1"}, cmd: "set_free_handicap C3 D4", wantErr: "board not empty"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := NewServer("x", "y", func(int, float64) (Player, error) { return &fakePlayer{}, nil })
			run(t, s, tc.setup...)
			before := s.b.String()
			out, err := handle(s, tc.cmd)
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("%s: error %v, want %q", tc.cmd, err, tc.wantErr)
				}
				if s.b.String() != before {
					t.Errorf("a refused %s changed the board:\n%s", tc.cmd, s.b)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.cmd, err)
			}
			if sorted(out) != tc.want {
				t.Errorf("%s answered %q, want %q", tc.cmd, out, tc.want)
			}
			placed := tc.want
			if strings.HasPrefix(tc.cmd, "set_free_handicap") {
				placed = sorted(strings.ToUpper(strings.Join(strings.Fields(tc.cmd)[1:], " ")))
			}
			if got := stones(s.b, board.Black); got != placed {
				t.Errorf("black stones %q, want %q", got, placed)
			}
			if s.b.ToMove() != board.White || len(s.b.Moves()) != 0 {
				t.Errorf("after handicap: %s to move, %d moves in the history", s.b.ToMove(), len(s.b.Moves()))
			}
		})
	}
}

// TestServerHandicapSurvivesUndo: handicap stones are not moves, so undo
// takes back White's first move and leaves them.
func TestServerHandicapSurvivesUndo(t *testing.T) {
	s := NewServer("x", "y", func(int, float64) (Player, error) { return &fakePlayer{}, nil })
	run(t, s, "boardsize 9", "fixed_handicap 2", "play w E5", "undo")
	if got := stones(s.b, board.Black); got != "C3 G7" {
		t.Errorf("black stones after undo %q", got)
	}
	if got := stones(s.b, board.White); got != "" {
		t.Errorf("white stones after undo %q", got)
	}
	if _, err := handle(s, "undo"); err == nil {
		t.Error("undo of a handicap stone accepted")
	}
}

// writeSGF writes a record into a temporary file and returns its path.
func writeSGF(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.sgf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServerLoadSGF: loadsgf sets size, komi, setup stones and moves from
// a record, up to the position before the move number given; a missing,
// broken or illegal record is refused and the board kept.
func TestServerLoadSGF(t *testing.T) {
	game := writeSGF(t, "(;GM[1]FF[4]SZ[9]KM[0.5]AB[cc][gg];W[ee];B[ec];W[ce];B[ge])")
	illegal := writeSGF(t, "(;GM[1]FF[4]SZ[9];B[ee];W[ee])")
	broken := writeSGF(t, "(;GM[1]FF[4]SZ[9];B[ee]")
	cases := []struct {
		name         string
		cmd          string
		black, white string // the stones after it
		toMove       board.Color
		wantErr      string
	}{
		{name: "to the end", cmd: "loadsgf " + game, black: "C7 E7 G3 G5", white: "C5 E5", toMove: board.White},
		{name: "before move 3", cmd: "loadsgf " + game + " 3", black: "C7 E7 G3", white: "E5", toMove: board.White},
		{name: "before move 1", cmd: "loadsgf " + game + " 1", black: "C7 G3", toMove: board.White},
		{name: "past the end", cmd: "loadsgf " + game + " 99", black: "C7 E7 G3 G5", white: "C5 E5", toMove: board.White},
		{name: "move 0", cmd: "loadsgf " + game + " 0", wantErr: "syntax error"},
		{name: "missing file", cmd: "loadsgf " + filepath.Join(t.TempDir(), "none.sgf"), wantErr: "cannot load file"},
		{name: "broken record", cmd: "loadsgf " + broken, wantErr: "cannot load file"},
		{name: "illegal move", cmd: "loadsgf " + illegal, wantErr: "cannot load file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var made []float64
			s := NewServer("x", "y", func(size int, komi float64) (Player, error) {
				made = append(made, float64(size), komi)
				return &fakePlayer{}, nil
			})
			run(t, s, "play b D4", "genmove w")
			_, err := handle(s, tc.cmd)
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				if s.b.Size() != 19 || stones(s.b, board.Black) != "D4" {
					t.Errorf("a refused loadsgf changed the board:\n%s", s.b)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b, w := stones(s.b, board.Black), stones(s.b, board.White); b != tc.black || w != tc.white {
				t.Errorf("stones black %q white %q, want %q %q", b, w, tc.black, tc.white)
			}
			if s.b.ToMove() != tc.toMove {
				t.Errorf("%s to move, want %s", s.b.ToMove(), tc.toMove)
			}
			run(t, s, "genmove "+tc.toMove.String())
			if want := []float64{19, 6.5, 9, 0.5}; !slices.Equal(made, want) {
				t.Errorf("players made for (size, komi) %v, want %v", made, want)
			}
		})
	}
}

// TestServerVersion: version answers what the server was given (kisen
// gtp gives its build version).
func TestServerVersion(t *testing.T) {
	s := NewServer("kisen", "1.2.3-test", func(int, float64) (Player, error) { return &fakePlayer{}, nil })
	if got := run(t, s, "version"); got != "1.2.3-test" {
		t.Errorf("version %q", got)
	}
}

// TestServerArguments: a command with too few or too many arguments is a
// syntax error naming its usage.
func TestServerArguments(t *testing.T) {
	s := newServer()
	for _, line := range []string{"play b", "play b C3 D4", "boardsize", "komi 1 2", "genmove", "loadsgf", "loadsgf a 1 2", "time_left b 1", "known_command"} {
		t.Run(line, func(t *testing.T) {
			_, err := handle(s, line)
			if err == nil || !strings.HasPrefix(err.Error(), "syntax error: "+strings.Fields(line)[0]) {
				t.Errorf("%q: error %v, want a syntax error with the usage", line, err)
			}
		})
	}
}
