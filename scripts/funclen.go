//go:build ignore

// funclen prints the length of every function outside tests: the median,
// the 90th percentile, how many are over 50, 60 and 100 lines, and the
// longest. Usage: go run scripts/funclen.go [DIR]
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	fset := token.NewFileSet()
	type fn struct {
		name string
		n    int
	}
	var fns []fn
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				fns = append(fns, fn{p + ":" + fd.Name.Name, n})
			}
		}
		return nil
	})
	sort.Slice(fns, func(i, j int) bool { return fns[i].n < fns[j].n })
	over50, over60, over100 := 0, 0, 0
	for _, f := range fns {
		if f.n > 50 {
			over50++
		}
		if f.n > 60 {
			over60++
		}
		if f.n > 100 {
			over100++
		}
	}
	fmt.Printf("functions %d median %d p90 %d over50 %d over60 %d over100 %d\n", len(fns), fns[len(fns)/2].n, fns[len(fns)*9/10].n, over50, over60, over100)
	for _, f := range fns[len(fns)-12:] {
		fmt.Println(f.n, f.name)
	}
}
