package board

import "testing"

func benchPlayout(b *testing.B, size int) {
	start := MustNew(size)
	var work Board
	r := NewRand(1)
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		work.CopyFrom(start)
		moves += work.RandomPlayout(r, 3*size*size)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}

// BenchmarkPlayout9 measures light random playouts on 9x9 from the empty
// board to two passes (the figure in docs/performance.md).
func BenchmarkPlayout9(b *testing.B) { benchPlayout(b, 9) }

// BenchmarkPlayout19 is the same on 19x19.
func BenchmarkPlayout19(b *testing.B) { benchPlayout(b, 19) }

func TestRandomPlayoutsKeepInvariants(t *testing.T) {
	for _, size := range []int{2, 3, 5, 9, 13, 19, 22} {
		r := NewRand(uint64(size))
		for g := 0; g < 20; g++ {
			b := MustNew(size)
			for i := 0; i < 3*size*size && b.Passes() < 2; i++ {
				c := b.ToMove()
				p := b.RandomMove(c, r)
				if err := b.Play(Move{c, p}); err != nil {
					t.Fatalf("size %d: RandomMove gave an illegal move: %v", size, err)
				}
				checkInvariants(t, b)
			}
		}
	}
}

// checkInvariants recomputes chains and liberties from scratch and compares.
func checkInvariants(t *testing.T, b *Board) {
	t.Helper()
	n := 0
	for _, p := range AllPoints(b.size) {
		if b.color[p] == Empty {
			n++
			if b.empty[b.emptyIdx[p]] != p {
				t.Fatalf("empty list broken at %s", GTP(b.size, p))
			}
			continue
		}
		libs := b.Liberties(p)
		if libs == 0 {
			t.Fatalf("chain at %s has no liberties", GTP(b.size, p))
		}
		if (libs == 1) != b.InAtari(p) {
			t.Fatalf("chain at %s: %d liberties but InAtari=%v", GTP(b.size, p), libs, b.InAtari(p))
		}
		for _, q := range b.Neighbours(p) {
			if b.color[q] == b.color[p] && b.head[q] != b.head[p] {
				t.Fatalf("adjacent stones %s %s in different chains", GTP(b.size, p), GTP(b.size, q))
			}
		}
		if got := len(b.Chain(p)); got != b.ChainSize(p) {
			t.Fatalf("chain at %s: list has %d stones, count says %d", GTP(b.size, p), got, b.ChainSize(p))
		}
	}
	for _, p := range AllPoints(b.size) {
		var want uint16
		for _, q := range b.neighbours(p) {
			want += 1 << (4 * b.color[q])
		}
		if b.nbr[p] != want {
			t.Fatalf("neighbour counts at %s: %#x, want %#x", GTP(b.size, p), b.nbr[p], want)
		}
	}
	if n != b.nEmpty {
		t.Fatalf("empty count %d, board has %d", b.nEmpty, n)
	}
	var h uint64
	for _, p := range AllPoints(b.size) {
		if c := b.color[p]; c == Black || c == White {
			h ^= zStone[c][p]
		}
	}
	if h != b.hash {
		t.Fatal("incremental hash differs from recomputed hash")
	}
}

// TestFastChecksMatchReference compares IsEyeLike, IsEye, Legal and
// RandomMove, which use the incremental neighbour counts and pseudo-
// liberties, with plain definitions computed from the stones, along random
// playouts.
func TestFastChecksMatchReference(t *testing.T) {
	for _, size := range []int{2, 3, 5, 9, 19} {
		r := NewRand(uint64(size) + 100)
		for g := 0; g < 10; g++ {
			b := MustNew(size)
			for i := 0; i < 3*size*size && b.Passes() < 2; i++ {
				c := b.ToMove()
				if size <= 9 || i%5 == 0 {
					checkAgainstReference(t, b, c)
				}
				if err := b.Play(Move{c, b.RandomMove(c, r)}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkAgainstReference(t *testing.T, b *Board, c Color) {
	t.Helper()
	s := Point(b.stride)
	anyPlayable := false
	for _, p := range AllPoints(b.size) {
		if b.color[p] != Empty {
			continue
		}
		for _, k := range []Color{Black, White} {
			o := k.Opponent()
			eyeLike, legal := true, false
			for _, n := range b.neighbours(p) {
				switch b.color[n] {
				case Empty:
					eyeLike, legal = false, true
				case k:
					legal = legal || b.Liberties(n) > 1
				case o:
					eyeLike = false
					legal = legal || b.Liberties(n) == 1
				}
			}
			if p == b.Ko() && k == b.ToMove() {
				legal = false
			}
			bad, edge := 0, false
			for _, d := range []Point{p - s - 1, p - s + 1, p + s - 1, p + s + 1} {
				switch b.color[d] {
				case o:
					bad++
				case border:
					edge = true
				}
			}
			eye := eyeLike && (bad == 0 || !edge && bad == 1)
			if got := b.IsEyeLike(k, p); got != eyeLike {
				t.Fatalf("IsEyeLike(%v, %s) = %v, want %v\n%s", k, GTP(b.size, p), got, eyeLike, b)
			}
			if got := b.IsEye(k, p); got != eye {
				t.Fatalf("IsEye(%v, %s) = %v, want %v\n%s", k, GTP(b.size, p), got, eye, b)
			}
			if k == b.ToMove() {
				if got := b.Legal(k, p); got != legal {
					t.Fatalf("Legal(%v, %s) = %v, want %v\n%s", k, GTP(b.size, p), got, legal, b)
				}
				if got := b.Check(Move{k, p}) == nil; got != legal {
					t.Fatalf("Check(%v, %s) ok = %v, want %v\n%s", k, GTP(b.size, p), got, legal, b)
				}
			}
			if k == c && legal && !eye {
				anyPlayable = true
			}
		}
	}
	r := NewRand(uint64(b.MoveNumber()) + 1)
	for i := 0; i < 4; i++ {
		p := b.RandomMove(c, r)
		if p == Pass {
			if anyPlayable {
				t.Fatalf("RandomMove passed with a playable point left\n%s", b)
			}
			continue
		}
		if !b.Legal(c, p) || b.IsEye(c, p) {
			t.Fatalf("RandomMove gave %s: illegal or own eye\n%s", GTP(b.size, p), b)
		}
	}
}
