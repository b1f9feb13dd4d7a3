package board

// Zobrist keys. They are fixed by a seeded generator at start-up and never
// written afterwards, so sharing them between games is safe.
var (
	zStone       [3][maxPoints]uint64
	zKo          [maxPoints]uint64
	zWhiteToMove uint64
)

func init() {
	r := NewRand(0x6b6973656e) // "kisen"
	for c := 1; c < 3; c++ {
		for p := range zStone[c] {
			zStone[c][p] = r.Uint64()
		}
	}
	for p := range zKo {
		zKo[p] = r.Uint64()
	}
	zWhiteToMove = r.Uint64()
}

// Rand is a small, fast xorshift64* generator for playouts. Each game or
// search thread owns its own; the zero value is seeded on first use.
type Rand struct{ s uint64 }

// NewRand returns a generator with the given seed (0 is replaced).
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the generator.
func (r *Rand) Seed(seed uint64) {
	if seed == 0 {
		seed = 0x9e3779b97f4a7c15
	}
	r.s = seed
}

// Uint64 returns the next value.
func (r *Rand) Uint64() uint64 {
	if r.s == 0 {
		r.s = 0x9e3779b97f4a7c15
	}
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// Intn returns a value in [0, n); n must be > 0.
func (r *Rand) Intn(n int) int {
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}

// Float64 returns a value in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}
