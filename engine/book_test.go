package engine

import (
	"strings"
	"testing"

	"github.com/kisen-go/kisen/board"
)

func TestBook9Parses(t *testing.T) {
	ob, err := parseBook(9, book9Text)
	if err != nil {
		t.Fatal(err)
	}
	if len(ob.moves) == 0 {
		t.Fatal("the 9x9 book is empty")
	}
}

// TestBookSymmetricImages: each of a position's eight images gets the
// same image of the reply.
func TestBookSymmetricImages(t *testing.T) {
	ob, err := parseBook(9, "E5,C5 C4\nF4 D5\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"E5,C5 C4", "F4 D5"} {
		f := strings.Fields(line)
		moves := strings.Split(f[0], ",")
		for sym := 0; sym < 8; sym++ {
			img := func(v string) board.Point {
				p, err := board.ParseGTP(9, v)
				if err != nil {
					t.Fatal(err)
				}
				col, row := board.ColRow(9, p)
				x, y := symmetric(sym, 9, col, row)
				return board.At(9, x, y)
			}
			b := board.MustNew(9)
			c := board.Black
			for _, v := range moves {
				if err := b.Play(board.Move{Color: c, Point: img(v)}); err != nil {
					t.Fatal(err)
				}
				c = c.Opponent()
			}
			got, ok := ob.reply(b, c)
			if !ok {
				t.Fatalf("%s, image %d: no book move", line, sym)
			}
			// In a position with symmetries of its own, any image of the
			// reply that they keep is as good: compare the positions after.
			want := b.Clone()
			if err := want.Play(board.Move{Color: c, Point: img(f[1])}); err != nil {
				t.Fatal(err)
			}
			if err := b.Play(board.Move{Color: c, Point: got}); err != nil {
				t.Fatal(err)
			}
			if k1, _ := canonical(b, c.Opponent()); k1 != mustKey(want, c.Opponent()) {
				t.Errorf("%s, image %d: reply %s is not an image of %s", line, sym, board.GTP(9, got), f[1])
			}
		}
	}
}

func mustKey(b *board.Board, c board.Color) string {
	k, _ := canonical(b, c)
	return k
}

// TestBookOnlyInItsPositions: the book answers neither the other side, nor
// a position reached with a pass, nor one it does not hold.
func TestBookOnlyInItsPositions(t *testing.T) {
	ob, err := parseBook(9, "E5,C5 C4\n")
	if err != nil {
		t.Fatal(err)
	}
	play := func(moves ...string) *board.Board {
		b := board.MustNew(9)
		c := board.Black
		for _, v := range moves {
			p, err := board.ParseGTP(9, v)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Play(board.Move{Color: c, Point: p}); err != nil {
				t.Fatal(err)
			}
			c = c.Opponent()
		}
		return b
	}
	if _, ok := ob.reply(play("E5", "C5"), board.White); ok {
		t.Error("a reply for the side the line does not name")
	}
	if _, ok := ob.reply(play("pass", "E5", "C5", "pass"), board.Black); ok {
		t.Error("a reply after passes")
	}
	if _, ok := ob.reply(play("E5", "C6"), board.Black); ok {
		t.Error("a reply in a position the book does not hold")
	}
	if p, ok := ob.reply(play("E5", "C5"), board.Black); !ok || board.GTP(9, p) != "C4" {
		t.Errorf("reply %v %v, want C4", board.GTP(9, p), ok)
	}
}

func TestBookRejectsBadLines(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"E5,C5\n", "want the moves and the reply"},
		{"E5,Z5 C4\n", "move Z5"},
		{"E5,E5 C4\n", "move E5"},
		{"E5,C5 E5\n", "not a legal move"},
		{"E5,pass C4\n", "a pass"},
		{"E5,C5 C4\nE5,G5 G4\n", "the position of line 1 again"}, // G5 is C5's image
		{"A2,A1,B1,C1,B2 D5\n", "capture"},                       // B1 takes A1
	} {
		_, err := parseBook(9, tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one saying %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParseBook: any text gives a book or an error, never a panic, and
// every key of a book is a whole position.
func FuzzParseBook(f *testing.F) {
	f.Add(book9Text)
	f.Add("E5,C5 C4\n")
	f.Add("E5,pass C4\n")
	f.Fuzz(func(t *testing.T, text string) {
		ob, err := parseBook(9, text)
		if err != nil {
			return
		}
		for key := range ob.moves {
			if len(key) != 9*9+1 {
				t.Fatalf("key of %d bytes", len(key))
			}
		}
	})
}
