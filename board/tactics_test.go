package board

import "testing"

// pt is the point at column col, row row (row 0 at the bottom) of a 5x5 board.
func pt(col, row int) Point { return At(5, col, row) }

func TestTwoLibsAndLibsAfter(t *testing.T) {
	b := setupRows(t,
		".....",
		".XX..",
		"XOO..",
		".X...",
		".....")
	l1, l2, ok := b.twoLibs(b.head[pt(1, 2)])
	if !ok || !(l1 == pt(2, 1) && l2 == pt(3, 2) || l1 == pt(3, 2) && l2 == pt(2, 1)) {
		t.Fatalf("twoLibs of the white pair = %v %v %v, want C2 and D3", l1, l2, ok)
	}
	if _, _, ok := b.twoLibs(b.head[pt(1, 3)]); ok {
		t.Errorf("the black pair B4-C4 has four liberties, twoLibs said two")
	}
	// White C2 joins the pair: D3 stays, C1 and D2 are new.
	if n := b.libsAfter(White, pt(2, 1), Pass, 4); n != 3 {
		t.Errorf("libsAfter(White C2) = %d, want 3", n)
	}
	// The same with D3 assumed filled by Black first.
	if n := b.libsAfter(White, pt(2, 1), pt(3, 2), 4); n != 2 {
		t.Errorf("libsAfter(White C2, D3 filled) = %d, want 2", n)
	}
	// The limit stops the count.
	if n := b.libsAfter(White, pt(3, 2), Pass, 2); n != 2 {
		t.Errorf("libsAfter with limit 2 = %d", n)
	}
}

// pairLeftWithTwoLibs is a white pair (B3-C3) that Black's B2 has just
// left with two liberties, C2 and D3.
func pairLeftWithTwoLibs(t *testing.T) *Board {
	b := setupRows(t,
		".....",
		".XX..",
		"XOO..",
		".....",
		".....")
	b.PlayLegal(Black, pt(1, 1)) // B2 takes the pair's third liberty
	return b
}

func TestTwoLibMoveDefends(t *testing.T) {
	b := pairLeftWithTwoLibs(t)
	p := b.twoLibMove(White, b.Last().Point)
	if p != pt(2, 1) && p != pt(3, 2) {
		t.Fatalf("White answers B2 at %v, want an extension to C2 or D3", p)
	}
}

func TestTwoLibMoveLeavesSingleStones(t *testing.T) {
	b := setupRows(t,
		".....",
		"..X..",
		".XO..",
		".....",
		".....")
	b.PlayLegal(Black, pt(2, 1)) // C2: the lone white stone has two liberties
	if p := b.twoLibMove(White, b.Last().Point); p != Pass {
		t.Errorf("White extends a single stone at %v; the playout leaves that to chance", p)
	}
}

func TestTwoLibMoveAttacksOnlyWhenTheEscapeFails(t *testing.T) {
	b := setupRows(t,
		".....",
		".OOO.",
		"O..O.",
		".....",
		".....")
	b.PlayLegal(Black, pt(2, 2)) // C3: liberties B3 and C2
	// Atari at C2: escaping at B3 gives one liberty (B2). At B3 it would
	// give three, so that atari is not played.
	if p := b.twoLibMove(White, b.Last().Point); p != pt(2, 1) {
		t.Errorf("White answers C3 at %v, want the atari at C2", p)
	}
	open := setupRows(t,
		".....",
		"..O..",
		".....",
		".....",
		".....")
	open.PlayLegal(Black, pt(1, 2)) // a lone stone with room on every side
	if p := open.twoLibMove(White, open.Last().Point); p != Pass {
		t.Errorf("White ataris a free stone at %v", p)
	}
}

func TestNakadeMove(t *testing.T) {
	// A straight three on the first line, white around it.
	b := setupRows(t,
		".....",
		".....",
		".....",
		"OOOO.",
		"...O.")
	// D1 borders the space A1-C1: either side's answer is its middle, B1.
	for _, c := range []Color{Black, White} {
		if p := b.nakadeMove(c, pt(3, 0), KillingMax); p != pt(1, 0) {
			t.Errorf("%v: nakade point %v, want B1", c, p)
		}
	}
	// A move that does not touch the space is not answered.
	if p := b.nakadeMove(Black, pt(1, 2), KillingMax); p != Pass {
		t.Errorf("nakade answer to a distant move: %v", p)
	}
	bent := setupRows(t,
		".....",
		".....",
		"OO...",
		"..O..",
		".OO..")
	// Space A1, A2, B2: a bent three; the vital point A2 touches both others.
	if p := bent.nakadeMove(Black, pt(1, 0), KillingMax); p != pt(0, 1) {
		t.Errorf("bent three: %v, want A2", p)
	}
	four := setupRows(t,
		".....",
		".....",
		".....",
		"OOOOO",
		"....O")
	if p := four.nakadeMove(Black, pt(4, 0), KillingMax); p != Pass {
		t.Errorf("a straight four has no vital point, got %v", p)
	}
	mixed := setupRows(t,
		".....",
		".....",
		".....",
		"OOXO.",
		"...O.")
	if p := mixed.nakadeMove(Black, pt(3, 0), KillingMax); p != Pass {
		t.Errorf("a space bordered by both colours is no eye space, got %v", p)
	}
}

func TestNakadeMoveInLargerSpaces(t *testing.T) {
	// The five points A1-C1, A2-B2 a capture leaves empty: a bulky five,
	// whose vital point B1 touches three of the others.
	bulky := setupRows(t,
		".....",
		".....",
		"OOO..",
		"..O..",
		"...O.")
	if p := bulky.nakadeMove(Black, pt(2, 1), KillingMax); p != pt(1, 0) {
		t.Errorf("bulky five: %v, want B1", p)
	}
	// Only the playouts read spaces past three; the priors' answer
	// (FightReply) keeps to three points.
	if p := bulky.nakadeMove(Black, pt(2, 1), 3); p != Pass {
		t.Errorf("bulky five with a three-point limit: %v, want none", p)
	}
	// A pyramid four (A1-C1 and B2): B1 touches the other three.
	pyramid := setupRows(t,
		".....",
		".....",
		"OOO..",
		"O.O..",
		"...O.")
	if p := pyramid.nakadeMove(White, pt(3, 0), KillingMax); p != pt(1, 0) {
		t.Errorf("pyramid four: %v, want B1", p)
	}
	// A square four has no single vital point.
	square := setupRows(t,
		".....",
		".....",
		"OOO..",
		"..O..",
		"..O..")
	if p := square.nakadeMove(Black, pt(2, 1), KillingMax); p != Pass {
		t.Errorf("square four: %v, want none", p)
	}
	// Seven points are too many.
	big := setupRows(t,
		".....",
		"OOOO.",
		"...O.",
		"...O.",
		"...O.")
	if p := big.nakadeMove(Black, pt(3, 2), KillingMax); p != Pass {
		t.Errorf("a nine-point space: %v, want none", p)
	}
}

func TestRaceMoveTakesALibertyFirst(t *testing.T) {
	// White's B4 leaves Black's A3-B3 two liberties, A4 and C3. White's
	// A2-B2 has two as well, B1 and C2. Extending to C3 would give Black
	// three, but White then ataris from the other side; Black instead
	// ataris at C2, from which White's escape at B1 gets one liberty.
	b := setupRows(t,
		".....",
		".O...",
		"XX.O.",
		"OO...",
		"X.X..")
	if p := b.twoLibMove(Black, pt(1, 3)); p != pt(2, 1) {
		t.Errorf("race: %v, want C2", p)
	}
	// With White's chain in atari the answer is its capture.
	c := setupRows(t,
		".....",
		".O...",
		"XX.O.",
		"OOX..",
		".X...")
	if p := c.twoLibMove(Black, pt(1, 3)); p != pt(0, 0) {
		t.Errorf("race with a chain in atari: %v, want A1", p)
	}
}

func TestPlayoutSeesASnapback(t *testing.T) {
	// Black's throw-in at A1 puts White's A2-B2 in atari. Taking it at
	// B1 leaves White A1 as its only liberty, and Black retakes three.
	b := setupRows(t,
		".....",
		".....",
		"XXX..",
		"OOX..",
		"X.X..")
	if !b.snapback(White, pt(1, 0)) {
		t.Error("taking the throw-in is no snapback")
	}
	// A lone stone in atari in the open is simply taken.
	c := setupRows(t,
		".....",
		".....",
		".O...",
		"OXO..",
		".....")
	if c.snapback(White, pt(1, 0)) {
		t.Error("an open capture counted as a snapback")
	}
}

func TestSelfAtariCousin(t *testing.T) {
	// Black at B1 would have one liberty, A1; A1 itself has two.
	b := setupRows(t,
		".....",
		".....",
		".....",
		".O...",
		"..O..")
	if sz := b.SelfAtari(Black, pt(1, 0)); sz != 1 {
		t.Fatalf("B1 is a self-atari of %d stones, want 1", sz)
	}
	if p := b.selfAtariCousin(Black, pt(1, 0)); p != pt(0, 0) {
		t.Errorf("cousin %v, want A1", p)
	}
	// With White at A2, A1 is a self-atari too: none.
	c := setupRows(t,
		".....",
		".....",
		".....",
		"OO...",
		"..O..")
	if p := c.selfAtariCousin(Black, pt(1, 0)); p != Pass {
		t.Errorf("cousin %v, want none", p)
	}
}

func TestTwoLibMoveChasesAChainIntoALadder(t *testing.T) {
	b := setupRows(t,
		".....",
		".OO..",
		"OX...",
		".O...",
		".....")
	b.PlayLegal(Black, pt(2, 2)) // C3: the pair B3-C3 has C2 and D3
	// Atari at D3: the escape at C2 gets two liberties (D2, C1) and the
	// chase goes on; atari at C2 would let it out at D3 with three.
	if p := b.twoLibMove(White, b.Last().Point); p != pt(3, 2) {
		t.Errorf("White answers C3 at %v, want the atari at D3", p)
	}
}

// A chain left in atari is captured wherever it is, not only next to the
// last move, and the largest such chain first.
func TestCaptureWatchedAnywhere(t *testing.T) {
	b := setupRows(t,
		".....",
		".X...",
		"XO...",
		".X.XO",
		"...XO")
	b.PlayLegal(White, Pass) // nothing next to the last move to answer
	var w atariWatch
	b.watchAll(&w)
	if w.n != 2 {
		t.Fatalf("watching %d chains, want the two white chains in atari", w.n)
	}
	// B3 (one stone, liberty C3) and E1-E2 (two stones, liberty E3): the
	// larger first.
	if p := b.heavyMove(Black, NewRand(1), Pass, &w, PlayoutAids{}); p != pt(4, 2) {
		t.Fatalf("Black plays %v, want the capture of the pair at E3", p)
	}
	b.PlayLegal(Black, pt(4, 2))
	b.watchAfter(&w, Black, pt(4, 2))
	if w.n != 1 || b.color[w.stone[0]] != White {
		t.Fatalf("after the capture the watch holds %d chains, want B3 only", w.n)
	}
	b.PlayLegal(White, Pass)
	if p := b.heavyMove(Black, NewRand(1), Pass, &w, PlayoutAids{}); p != pt(2, 2) {
		t.Fatalf("Black plays %v, want the capture of B3 at C3", p)
	}
	// A move that puts nothing in atari adds nothing to the watch; one
	// that does is watched.
	b.PlayLegal(Black, pt(0, 0)) // A1
	b.watchAfter(&w, Black, pt(0, 0))
	if w.n != 1 {
		t.Errorf("A1 put nothing in atari, watch holds %d", w.n)
	}
	// B1 ataris A1 (liberty A2) and is itself in atari (liberty C1).
	b.PlayLegal(White, pt(1, 0))
	b.watchAfter(&w, White, pt(1, 0))
	if w.n != 3 {
		t.Errorf("B1: watch holds %d chains, want B3, A1 and B1", w.n)
	}
}

// FightReply is the playout's two-liberty answer, offered to the priors.
func TestFightReply(t *testing.T) {
	b := pairLeftWithTwoLibs(t)
	if p := b.FightReply(White); p != pt(2, 1) && p != pt(3, 2) {
		t.Fatalf("FightReply = %v, want an extension to C2 or D3", p)
	}
	if n := b.LibertiesAfter(White, pt(2, 1), 3); n != 3 {
		t.Errorf("LibertiesAfter(White C2) = %d, want 3", n)
	}
	b.PlayLegal(White, Pass)
	if p := b.FightReply(Black); p != Pass {
		t.Errorf("FightReply after a pass = %v, want Pass", p)
	}
}

func TestNoKoOnceTheKosAreSpent(t *testing.T) {
	// Black at C2 takes White's B2, in atari, and stands alone among
	// white stones: a ko.
	ko := setupRows(t,
		".....",
		".....",
		".XO..",
		"XO.O.",
		".XO..")
	if !ko.koCapture(Black, pt(2, 1)) {
		t.Fatal("C2 takes the ko and is not seen as one")
	}
	if ko.koCapture(Black, pt(0, 0)) {
		t.Error("A1 taken for a ko capture")
	}
	if !ko.takes(Black, pt(2, 1), PlayoutAids{}) {
		t.Error("the ko is not taken before the kos are spent")
	}
	if ko.takes(Black, pt(2, 1), PlayoutAids{koSpent: true}) {
		t.Error("the ko is taken after the kos are spent")
	}
}

// longRace is a white pair (B2-C2) that Black's D2 has just left with
// three liberties (A2, B1, C1), touching a black pair (B3-C3) of two
// liberties (A3, B4).
func longRace(t *testing.T) *Board {
	b := setupRows(t,
		".....",
		"..O..",
		".XXO.",
		".OO.X",
		".....")
	b.PlayLegal(Black, pt(3, 1)) // D2
	return b
}

func TestLongRaceMoveAtarisTheShorterChain(t *testing.T) {
	b := longRace(t)
	p := b.longRaceMove(White, b.Last().Point, 4)
	if p != pt(0, 2) && p != pt(1, 3) {
		t.Fatalf("White answers D2 at %v, want an atari of B3-C3 at A3 or B4", p)
	}
	// The rule runs before the nakade and shape answers when asked for.
	r := NewRand(1)
	if q := b.lastMoveAnswer(White, r, Pass, b.Last().Point, PlayoutAids{RaceLibs: 4}); q != pt(0, 2) && q != pt(1, 3) {
		t.Errorf("lastMoveAnswer with RaceLibs 4 = %v, want the race atari", q)
	}
}

func TestLongRaceMoveLimits(t *testing.T) {
	b := longRace(t)
	// Three liberties is above a limit of two (no chain qualifies).
	if p := b.longRaceMove(White, b.Last().Point, 2); p != Pass {
		t.Errorf("longRaceMove with at most 2 liberties = %v, want Pass", p)
	}
	// A single stone is in no race of its own.
	c := setupRows(t,
		".....",
		"..O..",
		".XXO.",
		".O..X",
		".....")
	c.PlayLegal(Black, pt(2, 1)) // C2 beside the lone B2
	if p := c.longRaceMove(White, c.Last().Point, 4); p != Pass {
		t.Errorf("a lone stone raced at %v, want Pass", p)
	}
}

func TestLibsUpTo(t *testing.T) {
	b := longRace(t)
	if n := b.libsUpTo(b.head[pt(1, 1)], 8); n != 3 {
		t.Errorf("libsUpTo(B2-C2) = %d, want 3", n)
	}
	if n := b.libsUpTo(b.head[pt(1, 1)], 2); n != 2 {
		t.Errorf("libsUpTo with limit 2 = %d, want 2", n)
	}
	// A limit past the scratch space counts to eight and no further.
	open := setupRows(t,
		".........",
		".........",
		".........",
		".........",
		"...XXXX..",
		".........",
		".........",
		".........",
		".........")
	if n := open.libsUpTo(open.head[At(9, 4, 4)], 20); n != 8 {
		t.Errorf("libsUpTo(four in a row, 10 liberties, limit 20) = %d, want 8", n)
	}
}
