package match

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrJournalLocked is wrapped by LockJournal when another kisen holds the
// journal.
var ErrJournalLocked = errors.New("journal in use")

// LockJournal makes this process the only kisen writing the journal at
// path, and proves before the game starts that its folder can be written.
// The lock is PATH.lock holding the holder's PID, locked with flock: the
// kernel drops the lock when the holder dies, so a lock left by a killed
// kisen is taken over. Holding the lock, it removes the temporary files a
// killed kisen left half-written beside the journal. unlock releases it.
func LockJournal(path string) (unlock func(), err error) {
	f, err := lockFile(path + ".lock")
	if err != nil {
		return nil, err
	}
	err = f.Truncate(0)
	if err == nil {
		_, err = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("the record's folder %s cannot be written: %w (give a writable --out, or fix the folder, before the game starts)", filepath.Dir(path), err)
	}
	removeStaleTemps(path)
	return func() {
		os.Remove(f.Name())
		f.Close()
	}, nil
}

// holder names the process in a lock file, for the message.
func holder(lock string) string {
	data, _ := os.ReadFile(lock)
	if pid := strings.TrimSpace(string(data)); pid != "" {
		return "PID " + pid
	}
	return "another process"
}

// removeStaleTemps removes .NAME.tmp* and .NAME.link.tmp* beside the
// journal: what sgf.WriteFileAtomic leaves when the process dies between
// creating its temporary file and renaming it.
func removeStaleTemps(path string) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	for _, pat := range []string{"." + base + ".tmp*", "." + base + ".link.tmp*"} {
		matches, _ := filepath.Glob(filepath.Join(dir, globEscape(pat)))
		for _, m := range matches {
			os.Remove(m)
		}
	}
}

// globEscape quotes the glob characters of a file name, keeping a final *.
func globEscape(pat string) string {
	var sb strings.Builder
	for i, r := range pat {
		if strings.ContainsRune(`*?[\`, r) && i != len(pat)-1 {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
