package sgmp

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// DefaultLockDir is where UUCP-style port locks live on Linux (minicom,
// cu, picocom and ModemManager look there).
const DefaultLockDir = "/var/lock"

// errLockDir says the lock folder cannot be used; the port is opened
// without a lock file then.
var errLockDir = errors.New("lock folder not usable")

// lockName is the UUCP lock file name for a device: LCK.. and the device's
// path under /dev with slashes as underscores (/dev/ttyUSB0 → LCK..ttyUSB0,
// /dev/pts/3 → LCK..pts_3). Symbolic links (by-id names, socat links) are
// followed first, so every name of one device shares one lock.
func lockName(dev string) string {
	if real, err := filepath.EvalSymlinks(dev); err == nil {
		dev = real
	}
	dev = strings.TrimPrefix(filepath.Clean(dev), "/dev/")
	dev = strings.TrimPrefix(dev, "/")
	return "LCK.." + strings.ReplaceAll(dev, "/", "_")
}

// lockPort takes the lock file for dev in dir, holding our PID in the HDB
// UUCP format (ten ASCII digits right-aligned, a newline). A lock whose
// process is gone is stale and taken over. It returns the release
// function, an error wrapping ErrBusy that names the holder, or one
// wrapping errLockDir when dir is not writable.
func lockPort(dir, dev string) (func(), error) {
	path := filepath.Join(dir, lockName(dev))
	content := fmt.Appendf(nil, "%10d\n", os.Getpid())
	for range 3 {
		tmp, err := os.CreateTemp(dir, ".kisen-lock-*")
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errLockDir, err)
		}
		_, werr := tmp.Write(content)
		cerr := tmp.Close()
		if werr != nil || cerr != nil {
			os.Remove(tmp.Name())
			return nil, fmt.Errorf("%w: %v", errLockDir, errors.Join(werr, cerr))
		}
		// A hard link is atomic: exactly one of two racing programs gets
		// the name.
		err = os.Link(tmp.Name(), path)
		os.Remove(tmp.Name())
		if err == nil {
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%w: %v", errLockDir, err)
		}
		pid, alive := lockHolder(path)
		if alive {
			return nil, fmt.Errorf("%w: %s is in use by process %d%s (lock file %s); stop that program first",
				ErrBusy, dev, pid, processName(pid), path)
		}
		// Stale: its process is gone. Remove it and try again.
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: removing the stale lock %s: %v", errLockDir, path, err)
		}
	}
	return nil, fmt.Errorf("%w: %s: the lock file %s keeps coming back; another program is starting on the port", ErrBusy, dev, path)
}

// lockHolder reads a lock file's PID (ASCII, or the old 4-byte binary
// form) and says whether that process is alive. An unreadable lock counts
// as stale; a lock we hold ourselves counts as held.
func lockHolder(path string) (int, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(data)))
	if err != nil && len(data) == 4 {
		pid = int(data[0]) | int(data[1])<<8 | int(data[2])<<16 | int(data[3])<<24
	} else if err != nil {
		return 0, false
	}
	if pid <= 0 {
		return pid, false
	}
	err = syscall.Kill(pid, 0)
	return pid, err == nil || errors.Is(err, syscall.EPERM)
}

// processName is " (name)" for a PID where /proc tells it, else "".
func processName(pid int) string {
	if pid == os.Getpid() {
		return " (this kisen)"
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || len(data) == 0 {
		return ""
	}
	args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
	name := filepath.Base(args[0])
	if len(args) > 1 {
		name += " " + strings.Join(args[1:], " ")
	}
	if len(name) > 60 {
		name = name[:57] + "..."
	}
	return " (" + name + ")"
}
