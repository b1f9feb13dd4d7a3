//go:build unix

package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// guardStdout gives the link its own descriptor for standard output and
// points descriptor 1 at stderr: a stray print from anywhere in the
// process then lands on stderr instead of corrupting the link, and a peer
// that hangs up makes writes fail with EPIPE instead of killing kisen with
// SIGPIPE (Go's rule for descriptors 1 and 2). Any other writer is kept.
func guardStdout(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok || f.Fd() != 1 {
		return w
	}
	fd, err := unix.Dup(1)
	if err != nil {
		return w
	}
	unix.CloseOnExec(fd)
	if err := unix.Dup2(2, 1); err != nil {
		unix.Close(fd)
		return w
	}
	return os.NewFile(uintptr(fd), "link (standard output)")
}

// foregroundTTY opens the controlling terminal when kisen runs in its
// foreground process group; a background read would stop kisen (SIGTTIN).
func foregroundTTY() (*os.File, bool) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil, false
	}
	pgrp, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP)
	if err != nil || pgrp != unix.Getpgrp() {
		tty.Close()
		return nil, false
	}
	return tty, true
}
