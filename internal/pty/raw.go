//go:build linux

package pty

import "os"

// OpenRaw opens a slave path in raw 8-bit mode. A relay holds one open per
// side for its whole life, so that its master never reads EIO and bytes
// sent while a program restarts wait in the line instead of vanishing.
func OpenRaw(path string) (*os.File, error) { return openRaw(path) }
