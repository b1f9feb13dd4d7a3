//go:build unix

package match

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockFile opens and locks the lock file at name. The file may be removed
// by the holder that unlocks it while we wait for it; a lock taken on a
// removed file is retried on the new one.
func lockFile(name string) (*os.File, error) {
	for range 10 {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("the record's folder %s cannot be written: %w (give a writable --out, or fix the folder, before the game starts)", filepath.Dir(name), err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w: another kisen (%s) is playing this record; stop it first, or check that this is the right file", ErrJournalLocked, holder(name))
			}
			return nil, fmt.Errorf("locking %s: %w", name, err)
		}
		if sameFile(f, name) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("locking %s: it keeps being replaced", name)
}

func sameFile(f *os.File, name string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(name)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}
