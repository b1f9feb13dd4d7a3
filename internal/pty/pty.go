//go:build linux

package pty

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// Open creates a pseudo-terminal pair and returns its master and the
// slave's path (/dev/pts/N), which can be opened like a serial port. The
// master stays in the runtime poller (Fd is never called), so deadlines on
// it work.
func Open() (master *os.File, slavePath string, err error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, "", fmt.Errorf("pty: open /dev/ptmx: %w", err)
	}
	rc, err := m.SyscallConn()
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("pty: %w", err)
	}
	var n int
	var ierr error
	err = rc.Control(func(fd uintptr) {
		if ierr = unix.IoctlSetPointerInt(int(fd), unix.TIOCSPTLCK, 0); ierr != nil {
			return
		}
		n, ierr = unix.IoctlGetInt(int(fd), unix.TIOCGPTN)
	})
	if err == nil {
		err = ierr
	}
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("pty: unlock/number: %w", err)
	}
	return m, fmt.Sprintf("/dev/pts/%d", n), nil
}

// NullModem makes an in-process virtual null-modem cable: two ptys whose
// masters are relayed to each other, so bytes written to pathA's port
// arrive at pathB's and back. Open both paths with sgmp.OpenPort. closeFn
// (or ctx ending) stops the relay and closes the masters; ports still open
// then see a hang-up.
func NullModem(ctx context.Context) (pathA, pathB string, closeFn func() error, err error) {
	ma, pa, err := Open()
	if err != nil {
		return "", "", nil, err
	}
	mb, pb, err := Open()
	if err != nil {
		ma.Close()
		return "", "", nil, err
	}
	// Raw mode on the slaves now, so nothing is echoed or translated
	// before the ports are opened (OpenPort sets raw mode again). One slave
	// fd per side stays open until closeFn: without it a master read fails
	// with EIO whenever no port has the slave open, and bytes could be lost
	// between a client's close and reopen.
	var holds []*os.File
	for _, p := range []string{pa, pb} {
		h, err := openRaw(p)
		if err != nil {
			for _, h := range holds {
				h.Close()
			}
			ma.Close()
			mb.Close()
			return "", "", nil, err
		}
		holds = append(holds, h)
	}
	var once sync.Once
	var cerr error
	stop := make(chan struct{})
	closeFn = func() error {
		once.Do(func() {
			close(stop)
			cerr = errors.Join(ma.Close(), mb.Close(), holds[0].Close(), holds[1].Close())
		})
		return cerr
	}
	go func() {
		select {
		case <-ctx.Done():
			closeFn()
		case <-stop:
		}
	}()
	go relay(mb, ma)
	go relay(ma, mb)
	return pa, pb, closeFn, nil
}

// relay copies one master into the other until either fails (EIO while no
// slave is open is normal on Linux: keep going until closed).
func relay(dst, src *os.File) {
	buf := make([]byte, 512)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil && errors.Is(werr, os.ErrClosed) {
				return
			}
		}
		if err != nil {
			if errors.Is(err, os.ErrClosed) || errors.Is(err, io.EOF) {
				return
			}
			if errors.Is(err, unix.EIO) {
				// No slave open at the moment: wait a little and retry.
				waitEIO()
				continue
			}
			return
		}
	}
}

// openRaw opens a slave and puts it in raw 8-bit mode.
func openRaw(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, fmt.Errorf("pty: open %s: %w", path, err)
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	var ierr error
	err = rc.Control(func(fd uintptr) {
		var t *unix.Termios
		t, ierr = unix.IoctlGetTermios(int(fd), unix.TCGETS)
		if ierr != nil {
			return
		}
		t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON | unix.IXOFF
		t.Oflag &^= unix.OPOST
		t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
		t.Cflag &^= unix.CSIZE | unix.PARENB
		t.Cflag |= unix.CS8 | unix.CREAD | unix.CLOCAL
		t.Cc[unix.VMIN] = 1
		t.Cc[unix.VTIME] = 0
		ierr = unix.IoctlSetTermios(int(fd), unix.TCSETS, t)
	})
	if err == nil {
		err = ierr
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("pty: raw mode on %s: %w", path, err)
	}
	return f, nil
}
