//go:build !unix

package match

import (
	"fmt"
	"os"
	"path/filepath"
)

// lockFile opens the lock file without an exclusive lock: outside Unix the
// folder is checked for writing, but two kisens on one record are not
// detected.
func lockFile(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("the record's folder %s cannot be written: %w (give a writable --out, or fix the folder, before the game starts)", filepath.Dir(name), err)
	}
	return f, nil
}
