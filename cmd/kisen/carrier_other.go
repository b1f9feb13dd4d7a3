//go:build !unix

package main

import (
	"io"
	"os"
)

// guardStdout keeps w: only unix systems get a separate descriptor.
func guardStdout(w io.Writer) io.Writer { return w }

// foregroundTTY finds no terminal outside unix systems: the operator gets
// stderr.
func foregroundTTY() (*os.File, bool) { return nil, false }
