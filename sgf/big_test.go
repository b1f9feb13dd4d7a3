package sgf

import (
	"bytes"
	"testing"
	"time"
)

// Hostile but well-formed input stays fast: many properties in one node,
// many bad values, many moves.
func TestLargeInputIsLinear(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("(;SZ[19]")
	for i := 0; i < 20000; i++ {
		b.WriteString("X")
		for n := i; n > 0; n /= 26 {
			b.WriteByte(byte('A' + n%26))
		}
		b.WriteString("[v]")
	}
	for i := 0; i < 20000; i++ {
		b.WriteString(";B[zz];W[]")
	}
	b.WriteString(")")
	start := time.Now()
	probs := Check(b.Bytes())
	if len(probs) != MaxProblems+1 || probs[MaxProblems].Msg != "and 19900 more problem(s) not listed" {
		t.Errorf("%d problems, last %v; want %d listed and a count of the rest", len(probs), probs[len(probs)-1], MaxProblems)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Check of %d bytes took %v", b.Len(), d)
	}
}
