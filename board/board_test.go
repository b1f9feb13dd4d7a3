package board

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// fromRows builds a board from text rows, top row first: X black, O white.
func fromRows(t *testing.T, rows ...string) *Board {
	t.Helper()
	size := len(rows)
	b := MustNew(size)
	for i, row := range rows {
		r := size - 1 - i
		for c, ch := range row {
			var col Color
			switch ch {
			case 'X':
				col = Black
			case 'O':
				col = White
			default:
				continue
			}
			if err := b.Setup(col, At(size, c, r)); err != nil {
				t.Fatalf("setup %c at %s: %v", ch, GTP(size, At(size, c, r)), err)
			}
		}
	}
	return b
}

func play(t *testing.T, b *Board, c Color, v string) {
	t.Helper()
	p, err := ParseGTP(b.Size(), v)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Play(Move{c, p}); err != nil {
		t.Fatalf("%s %s: %v", c, v, err)
	}
}

func at(t *testing.T, b *Board, v string) Color {
	t.Helper()
	p, err := ParseGTP(b.Size(), v)
	if err != nil {
		t.Fatal(err)
	}
	return b.At(p)
}

func wantIllegal(t *testing.T, b *Board, c Color, v string, reason error) {
	t.Helper()
	p, _ := ParseGTP(b.Size(), v)
	err := b.Play(Move{c, p})
	var ie *IllegalError
	if !errors.As(err, &ie) || !errors.Is(err, reason) {
		t.Fatalf("%s %s: got %v, want %v", c, v, err, reason)
	}
}

func TestSingleCapture(t *testing.T) {
	b := fromRows(t,
		".....",
		".....",
		"..X..",
		".XO..",
		"..X..")
	play(t, b, Black, "D2")
	if at(t, b, "C2") != Empty || b.Captured(Black) != 1 {
		t.Fatalf("C2 not captured:\n%s", b)
	}
	checkInvariants(t, b)
}

func TestMultipleStoneCapture(t *testing.T) {
	// The white chain A2-C2 has one liberty left, D2... filled by Black.
	b := fromRows(t,
		".....",
		".....",
		"XXX..",
		"OOO..",
		"XXXX.")
	play(t, b, Black, "D2")
	for _, v := range []string{"A2", "B2", "C2"} {
		if at(t, b, v) != Empty {
			t.Fatalf("%s not captured:\n%s", v, b)
		}
	}
	if b.Captured(Black) != 3 {
		t.Fatalf("captured %d, want 3", b.Captured(Black))
	}
	checkInvariants(t, b)
}

func TestCaptureTwoChainsWithOneMove(t *testing.T) {
	b := fromRows(t,
		".....",
		"XO.OX",
		".X.X.",
		".....",
		".....")
	play(t, b, Black, "B5")
	play(t, b, Black, "D5")
	play(t, b, Black, "C4")
	if at(t, b, "B4") != Empty || at(t, b, "D4") != Empty || b.Captured(Black) != 2 {
		t.Fatalf("C4 should capture B4 and D4:\n%s", b)
	}
	checkInvariants(t, b)
}

func TestSuicide(t *testing.T) {
	b := fromRows(t,
		".X...",
		"X....",
		".....",
		".....",
		".....")
	wantIllegal(t, b, White, "A5", ErrSuicide)
	// Multi-stone suicide: White A4 chain would die.
	b = fromRows(t,
		"OX...",
		".X...",
		"XX...",
		".....",
		".....")
	wantIllegal(t, b, White, "A4", ErrSuicide)
	// Not suicide when it captures.
	b2 := fromRows(t,
		".XO..",
		"XO...",
		"O....",
		".....",
		".....")
	play(t, b2, White, "A5")
	if at(t, b2, "B5") != Empty {
		t.Fatalf("A5 should capture B5:\n%s", b2)
	}
}

func TestOccupiedAndOffBoard(t *testing.T) {
	b := MustNew(9)
	play(t, b, Black, "E5")
	wantIllegal(t, b, White, "E5", ErrOccupied)
	if err := b.Play(Move{White, Point(5)}); !errors.Is(err, ErrOffBoard) {
		t.Fatalf("border point: %v", err)
	}
}

func TestKo(t *testing.T) {
	b := fromRows(t,
		".....",
		".XO..",
		"XO.O.",
		".XO..",
		".....")
	play(t, b, Black, "C3") // captures B3
	if at(t, b, "B3") != Empty {
		t.Fatalf("C3 should capture B3:\n%s", b)
	}
	if b.Ko() == Pass {
		t.Fatal("no ko point after a single-stone capture into a ko shape")
	}
	wantIllegal(t, b, White, "B3", ErrKo)
	play(t, b, White, "E1") // ko threat elsewhere
	play(t, b, Black, "E2")
	play(t, b, White, "B3") // now legal: retakes
	if at(t, b, "C3") != Empty {
		t.Fatalf("B3 should retake C3:\n%s", b)
	}
	checkInvariants(t, b)
}

func TestSnapback(t *testing.T) {
	// Black throws in at B4... classic snapback: White captures one stone,
	// Black recaptures three at once; that is not ko.
	b := fromRows(t,
		".....",
		".....",
		"XXXX.",
		"OOOX.",
		"..OX.")
	play(t, b, Black, "B1") // throw-in; White chain A2-C2,C1 has liberties A1
	play(t, b, White, "A1") // captures B1
	if at(t, b, "B1") != Empty {
		t.Fatalf("A1 should capture B1:\n%s", b)
	}
	if b.Ko() != Pass {
		t.Fatal("capturing with a multi-stone chain is not a ko")
	}
	play(t, b, Black, "B1") // snapback: captures A1 A2 B2 C2 C1
	if b.Captured(Black) != 5 {
		t.Fatalf("snapback took %d stones, want 5:\n%s", b.Captured(Black), b)
	}
	checkInvariants(t, b)
}

func TestTripleKoRepetition(t *testing.T) {
	// Three kos; each side takes one ko after another, and after six moves
	// the whole-board position is back: Repeated reports it (the referee is
	// called) but the board does not forbid it.
	b := fromRows(t,
		".XO......",
		"XO.O.....",
		".XO......",
		".........",
		".........",
		".........",
		".XO...OX.",
		"XO.O.OX.X",
		".XO...OX.")
	start := b.PositionHash()
	moves := []struct {
		c Color
		v string
	}{{Black, "C2"}, {White, "H2"}, {Black, "C8"}, {White, "B2"}, {Black, "G2"}, {White, "B8"}}
	for i, mv := range moves {
		p, _ := ParseGTP(9, mv.v)
		last := i == len(moves)-1
		if got := b.WouldRepeat(Move{mv.c, p}); got != last {
			t.Fatalf("before %s %s (move %d): WouldRepeat=%v", mv.c, mv.v, i+1, got)
		}
		if last && b.Clone().WouldRepeat(Move{mv.c, p}) {
			t.Fatal("a history-less clone reported a repetition")
		}
		play(t, b, mv.c, mv.v)
		if b.Repeated() != (i == len(moves)-1) {
			t.Fatalf("after %s %s (move %d): Repeated=%v\n%s", mv.c, mv.v, i+1, b.Repeated(), b)
		}
	}
	if b.PositionHash() != start {
		t.Fatalf("the cycle did not return to the start:\n%s", b)
	}
}

func TestRepeatedNotForPasses(t *testing.T) {
	b := MustNew(9)
	play(t, b, Black, "E5")
	if err := b.Play(Move{White, Pass}); err != nil {
		t.Fatal(err)
	}
	if b.Repeated() {
		t.Fatal("a pass must not count as a repeated position")
	}
}

func TestUndo(t *testing.T) {
	b := MustNew(9)
	play(t, b, Black, "E5")
	play(t, b, White, "D5")
	h := b.Hash()
	play(t, b, Black, "C5")
	if err := b.Undo(1); err != nil {
		t.Fatal(err)
	}
	if b.Hash() != h || b.ToMove() != Black || b.MoveNumber() != 2 {
		t.Fatalf("undo did not restore the position:\n%s", b)
	}
	if err := b.Undo(5); err == nil {
		t.Fatal("undo past the start must fail")
	}
}

func TestHandicapPoints(t *testing.T) {
	cases := map[int]map[int]string{
		9:  {2: "C3 G7", 3: "C3 G7 C7", 4: "C3 G7 C7 G3", 5: "C3 G7 C7 G3 E5", 9: "C3 G7 C7 G3 C5 G5 E3 E7 E5"},
		13: {2: "D4 K10", 4: "D4 K10 D10 K4", 6: "D4 K10 D10 K4 D7 K7"},
		19: {2: "D4 Q16", 3: "D4 Q16 D16", 7: "D4 Q16 D16 Q4 D10 Q10 K10", 8: "D4 Q16 D16 Q4 D10 Q10 K4 K16", 9: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
	}
	for size, byN := range cases {
		for n, want := range byN {
			t.Run(fmt.Sprintf("%dx%d handicap %d", size, size, n), func(t *testing.T) {
				ps, err := HandicapPoints(size, n)
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				for i, p := range ps {
					if i > 0 {
						got += " "
					}
					got += GTP(size, p)
				}
				if got != want {
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
	if _, err := HandicapPoints(7, 2); err == nil {
		t.Error("7x7 fixed handicap must be refused")
	}
	if _, err := HandicapPoints(19, 10); err == nil {
		t.Error("handicap 10 must be refused")
	}
}

func TestCoordinatesBothWays(t *testing.T) {
	for _, size := range []int{9, 13, 19, 22} {
		for _, p := range append(AllPoints(size), Pass) {
			if q, err := ParseGTP(size, GTP(size, p)); err != nil || q != p {
				t.Fatalf("%d: GTP %s -> %v %v", size, GTP(size, p), q, err)
			}
			if q, err := FromSGMP(size, SGMP(size, p)); err != nil || q != p {
				t.Fatalf("%d: SGMP %d -> %v %v", size, SGMP(size, p), q, err)
			}
			if q, err := ParseSGF(size, SGF(size, p)); err != nil || q != p {
				t.Fatalf("%d: SGF %q -> %v %v", size, SGF(size, p), q, err)
			}
		}
	}
	// Fixed points from the SGMP notes (tested against GNU Go).
	fixed := []struct {
		size int
		gtp  string
		sgmp int
		sgf  string
	}{
		{9, "A1", 1, "ai"},
		{9, "F5", 42, "fe"},
		{9, "D4", 31, "df"},
		{19, "B19", 344, "ba"},
		{19, "K10", 181, "jj"},
		{19, "L1", 11, "ks"},
		{19, "T1", 19, "ss"},
		{22, "W22", 484, "va"},
	}
	for _, f := range fixed {
		p, err := ParseGTP(f.size, f.gtp)
		if err != nil {
			t.Fatal(err)
		}
		if SGMP(f.size, p) != f.sgmp || SGF(f.size, p) != f.sgf {
			t.Errorf("%d %s: SGMP %d SGF %s; want %d %s", f.size, f.gtp,
				SGMP(f.size, p), SGF(f.size, p), f.sgmp, f.sgf)
		}
	}
	bad := []string{"I5", "Z1", "A0", "A20", "", "5", "pas"}
	for _, s := range bad {
		if _, err := ParseGTP(19, s); !errors.Is(err, ErrCoord) {
			t.Errorf("ParseGTP(%q): %v", s, err)
		}
	}
	if _, err := FromSGMP(9, 82); err == nil {
		t.Error("SGMP 82 on 9x9 must fail")
	}
	if p, _ := ParseSGF(19, "tt"); p != Pass {
		t.Error("tt is a pass on 19x19")
	}
	if _, err := ParseSGF(22, "tt"); err != nil {
		t.Error("tt is a point on 22x22")
	}
}

func TestNewRejectsBadSizes(t *testing.T) {
	for _, s := range []int{0, 1, 23, 25} {
		if _, err := New(s); err == nil {
			t.Errorf("size %d accepted", s)
		}
	}
}

// CopyFrom copies Board field by field; a field added to Board must be
// added there too (this count is the reminder).
func TestCopyFromCopiesEveryField(t *testing.T) {
	if n := reflect.TypeOf(Board{}).NumField(); n != 23 {
		t.Fatalf("Board has %d fields; CopyFrom copies 23: update it and this count", n)
	}
	// A board that held a 19x19 game, reused for 9x9 positions: every
	// copy must play on exactly as a fresh clone does.
	dst := MustNew(19)
	r := NewRand(1)
	dst.RandomPlayout(r, 300)
	for seed := uint64(1); seed <= 20; seed++ {
		src := MustNew(9)
		src.RandomPlayout(NewRand(seed), int(seed*4))
		dst.CopyFrom(src)
		ref := src.Clone()
		r1, r2 := NewRand(seed), NewRand(seed)
		dst.HeavyPlayout(r1, 200, nil, PlayoutAids{})
		ref.HeavyPlayout(r2, 200, nil, PlayoutAids{})
		if dst.String() != ref.String() || dst.Hash() != ref.Hash() || dst.MoveNumber() != ref.MoveNumber() {
			t.Fatalf("seed %d: the copy played on differently:\n%s\n%s", seed, dst, ref)
		}
		checkInvariants(t, dst)
	}
}

// undo must leave exactly the board the stone was played on: every array
// the play wrote, and the rest of the state. Positions come from random
// playouts on 9x9 and 19x19; each legal move simplePlay allows is played
// and taken back.
func TestUndoRestoresTheBoard(t *testing.T) {
	r := NewRand(5)
	b := new(Board)
	moves, undone := 0, 0
	for _, size := range []int{9, 19} {
		for game := 0; game < 40; game++ {
			src := MustNew(size)
			src.RandomPlayout(r, 5+r.Intn(size*size))
			b.CopyFrom(src)
			for c := Black; c <= White; c++ {
				for i := 0; i < src.EmptyCount(); i++ {
					p := src.EmptyAt(i)
					if !src.Legal(c, p) {
						continue
					}
					moves++
					if !b.simplePlay(c, p) {
						continue
					}
					b.undo(b.playSimple(c, p))
					undone++
					if diff := boardDiff(b, src); diff != "" {
						t.Fatalf("%dx%d, %v at %s undone: %s\n%v", size, size, c, GTP(size, p), diff, src)
					}
				}
			}
			checkInvariants(t, b)
		}
	}
	if undone < moves/2 {
		t.Errorf("only %d of %d legal moves undone: simplePlay refuses too much", undone, moves)
	}
	t.Logf("%d of %d legal moves played and undone", undone, moves)
}

// boardDiff names the first field where a and b differ, over the points
// of their size and the live part of the empty list ("" when none).
func boardDiff(a, b *Board) string {
	n := b.stride * b.stride
	for p := 0; p < n; p++ {
		switch {
		case a.color[p] != b.color[p]:
			return fmt.Sprintf("color[%d]", p)
		case a.head[p] != b.head[p]:
			return fmt.Sprintf("head[%d]", p)
		case a.next[p] != b.next[p]:
			return fmt.Sprintf("next[%d]", p)
		case a.libs[p] != b.libs[p] || a.libSum[p] != b.libSum[p] || a.libSq[p] != b.libSq[p]:
			return fmt.Sprintf("liberty counts[%d]", p)
		case a.stones[p] != b.stones[p]:
			return fmt.Sprintf("stones[%d]", p)
		case a.nbr[p] != b.nbr[p]:
			return fmt.Sprintf("nbr[%d]", p)
		case a.emptyIdx[p] != b.emptyIdx[p]:
			return fmt.Sprintf("emptyIdx[%d]", p)
		}
	}
	if a.nEmpty != b.nEmpty || !slices.Equal(a.empty[:a.nEmpty], b.empty[:b.nEmpty]) {
		return "empty list"
	}
	if a.ko != b.ko || a.koColor != b.koColor || a.toMove != b.toMove || a.captured != b.captured ||
		a.hash != b.hash || a.last != b.last || a.prev != b.prev || a.passes != b.passes || a.moveNum != b.moveNum {
		return "scalar state"
	}
	return ""
}
