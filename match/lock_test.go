//go:build unix

package match

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Two kisens on one record: the second is refused at once, naming the
// holder's PID; a lock left by a dead kisen is taken over; a killed
// kisen's half-written temporary files go.
func TestLockJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.sgf")
	for _, stray := range []string{".game.sgf.tmp123", ".game.sgf.link.tmp456"} {
		os.WriteFile(filepath.Join(dir, stray), []byte("half"), 0o644)
	}
	os.WriteFile(filepath.Join(dir, ".other.sgf.tmp1"), []byte("not ours"), 0o644)
	os.WriteFile(path+".lock", []byte("999999\n"), 0o644) // a dead holder's, no flock
	unlock, err := LockJournal(path)
	if err != nil {
		t.Fatalf("taking over a stale lock: %v", err)
	}
	if data, _ := os.ReadFile(path + ".lock"); strings.TrimSpace(string(data)) != strconv.Itoa(os.Getpid()) {
		t.Errorf("lock file holds %q, want our PID", data)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != ".other.sgf.tmp1 game.sgf.lock" {
		t.Errorf("folder holds %v, want the stray temporary files of game.sgf gone", names)
	}
	_, err = LockJournal(path)
	if !errors.Is(err, ErrJournalLocked) || !strings.Contains(err.Error(), "another kisen (PID "+strconv.Itoa(os.Getpid())+")") {
		t.Fatalf("second lock: %v", err)
	}
	unlock()
	unlock2, err := LockJournal(path)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	unlock2()
}

// A folder that cannot be written fails at the lock, before any game:
// here a path under a file (a read-only folder does not stop root).
func TestLockJournalUnwritableFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	_, err := LockJournal(filepath.Join(file, "game.sgf"))
	if err == nil || !strings.Contains(err.Error(), "cannot be written") || !strings.Contains(err.Error(), "--out") {
		t.Fatalf("%v", err)
	}
}
