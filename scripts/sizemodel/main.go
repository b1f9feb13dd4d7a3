// sizemodel gives a move model fitted on one board size to another. The
// shapes, patterns and tactical groups of a model fitted to strong 19x19
// records serve 9x9 too (docs/model.md), but its line values are 19x19's
// only: the line group has a value per board-size class. So the result
// takes every group of FROM but line, and its sizes, base and line values
// from SIZED, a model fitted on the target size.
//
// Usage: go run ./scripts/sizemodel -o OUT FROM SIZED
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kisen-go/kisen/engine"
	"github.com/kisen-go/kisen/sgf"
)

func main() {
	out := flag.String("o", "", "model file to write")
	flag.Parse()
	if *out == "" || flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/sizemodel -o OUT FROM SIZED")
		os.Exit(2)
	}
	var models [2]*engine.MoveModel
	for i := range models {
		m, err := engine.ReadMoveModelFile(flag.Arg(i))
		if err != nil {
			fail(fmt.Errorf("%w (FROM and SIZED are model files as mmfit writes them)", err))
		}
		models[i] = m
	}
	m := resize(models[0], models[1], filepath.Base(*out), filepath.Base(flag.Arg(0)), filepath.Base(flag.Arg(1)))
	var sb strings.Builder
	m.WriteTo(&sb) // a strings.Builder does not fail
	// OUT may be SIZED itself: both are read by now, and the atomic write
	// replaces OUT only once the new file is whole.
	if err := sgf.WriteFileAtomic(*out, []byte(sb.String())); err != nil {
		fail(err)
	}
}

// resize is from with sized's sizes, base and line values; the header
// names both and keeps their own headers.
func resize(from, sized *engine.MoveModel, outName, fromName, sizedName string) *engine.MoveModel {
	m := &engine.MoveModel{
		Sizes:        sized.Sizes,
		Gamma:        from.Gamma,
		Patterns:     from.Patterns,
		OnHandPriors: sized.OnHandPriors,
	}
	m.Gamma[engine.FeatLine] = sized.Gamma[engine.FeatLine]
	m.Header = append(m.Header,
		"kisen's learned move model: the groups of a model fitted on another board size,",
		fmt.Sprintf("  made by go run ./scripts/sizemodel -o %s %s %s:", outName, fromName, sizedName),
		fmt.Sprintf("  every group of %s but line; sizes, base and line from %s.", fromName, sizedName))
	for _, h := range from.Header {
		m.Header = append(m.Header, "from: "+h)
	}
	for _, h := range sized.Header {
		m.Header = append(m.Header, "lines from: "+h)
	}
	return m
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sizemodel:", err)
	os.Exit(1)
}
