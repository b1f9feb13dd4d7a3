package main

import (
	"strings"
	"testing"

	"github.com/kisen-go/kisen/engine"
)

func parse(t *testing.T, text string) *engine.MoveModel {
	t.Helper()
	m, err := engine.ParseMoveModel(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The result has the 19x19 model's shapes and tactical groups, and the 9x9
// model's sizes, base and line values; it parses back as written.
func TestResize(t *testing.T) {
	from := parse(t, "# fitted on 19x19\nsizes 19\nbase hand\nshape 0 2.5\nline 24 3\nline 30 0.5\nfight 1 1.9\n")
	sized := parse(t, "# fitted on 9x9\nsizes 9\nshape 0 9\nline 2 1.5\n")
	m := resize(from, sized, "out.model", "big.model", "small.model")
	var sb strings.Builder
	if _, err := m.WriteTo(&sb); err != nil {
		t.Fatal(err)
	}
	back := parse(t, sb.String())
	if len(back.Sizes) != 1 || back.Sizes[0] != 9 || back.OnHandPriors {
		t.Errorf("sizes %v, base hand %v: want 9x9's, on the even prior", back.Sizes, back.OnHandPriors)
	}
	if g := back.Gamma[engine.FeatShape][0]; g != 2.5 {
		t.Errorf("shape 0: %v, want the 19x19 model's 2.5", g)
	}
	if g := back.Gamma[engine.FeatFight][1]; g != 1.9 {
		t.Errorf("fight 1: %v, want the 19x19 model's 1.9", g)
	}
	if lines := back.Gamma[engine.FeatLine]; len(lines) != 1 || lines[2] != 1.5 {
		t.Errorf("line values %v: want the 9x9 model's alone", lines)
	}
	if !strings.Contains(sb.String(), "# from: fitted on 19x19\n") || !strings.Contains(sb.String(), "# lines from: fitted on 9x9\n") {
		t.Errorf("the header does not keep both models' headers:\n%s", sb.String())
	}
}
