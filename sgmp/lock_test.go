//go:build linux

package sgmp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/internal/pty"
)

// TestHelperHoldPort is not a test: TestPortLock runs the test binary
// again with KISEN_HOLD_PORT set, to hold a port from another process.
func TestHelperHoldPort(t *testing.T) {
	name := os.Getenv("KISEN_HOLD_PORT")
	if name == "" {
		t.Skip("helper process only")
	}
	p, err := OpenPort(PortConfig{Name: name, LockDir: os.Getenv("KISEN_LOCK_DIR")})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n') // until the parent says stop
	p.Close()
	os.Exit(0)
}

// TestPortLock: while another process holds a pty, OpenPort fails at once
// with ErrBusy naming that process's PID (even as root, where the
// exclusive-open ioctl does not stop a second open); when the holder dies
// without cleaning up, its stale lock is taken over; Close removes ours.
func TestPortLock(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pa, _, closeFn, err := pty.NullModem(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	dir := t.TempDir()
	// Open through a symbolic link, as socat's link= and by-id names are:
	// the lock is the device's, whatever it is called.
	link := filepath.Join(t.TempDir(), "ttyLINK")
	if err := os.Symlink(pa, link); err != nil {
		t.Fatal(err)
	}

	holder := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperHoldPort$")
	holder.Env = append(os.Environ(), "KISEN_HOLD_PORT="+pa, "KISEN_LOCK_DIR="+dir)
	stdin, _ := holder.StdinPipe()
	stdout, _ := holder.StdoutPipe()
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "ready" {
		t.Fatalf("holder: %q", line)
	}
	defer stdin.Close()

	lock := filepath.Join(dir, "LCK.."+strings.ReplaceAll(strings.TrimPrefix(pa, "/dev/"), "/", "_"))
	data, err := os.ReadFile(lock)
	if err != nil {
		t.Fatalf("no lock file while the holder runs: %v", err)
	}
	if want := fmt.Sprintf("%10d\n", holder.Process.Pid); string(data) != want {
		t.Errorf("lock file holds %q, want %q (HDB UUCP format)", data, want)
	}

	start := time.Now()
	_, err = OpenPort(PortConfig{Name: link, LockDir: dir})
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("second open: %v, want ErrBusy", err)
	}
	if !strings.Contains(err.Error(), "process "+strconv.Itoa(holder.Process.Pid)) {
		t.Errorf("refusal does not name the holder's PID %d: %v", holder.Process.Pid, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusal took %v, want at once", d)
	}
	t.Logf("refused: %v", err)

	// The holder dies without releasing: its lock is stale.
	holder.Process.Kill()
	holder.Wait()
	if _, err := os.Stat(lock); err != nil {
		t.Fatalf("the killed holder's lock should still be there: %v", err)
	}
	p, err := OpenPort(PortConfig{Name: pa, LockDir: dir})
	if err != nil {
		t.Fatalf("stale lock not taken over: %v", err)
	}
	data, _ = os.ReadFile(lock)
	if want := fmt.Sprintf("%10d\n", os.Getpid()); string(data) != want {
		t.Errorf("after take-over the lock holds %q, want %q", data, want)
	}
	p.Close()
	if _, err := os.Stat(lock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Close left the lock file: %v", err)
	}
}

// TestPortLockFolderNotWritable: without a usable lock folder the port
// still opens (the ioctl is the only guard then).
func TestPortLockFolderNotWritable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pa, _, closeFn, err := pty.NullModem(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	p, err := OpenPort(PortConfig{Name: pa, LockDir: filepath.Join(t.TempDir(), "missing")})
	if err != nil {
		t.Fatalf("open without a lock folder: %v", err)
	}
	p.Close()
}

func TestLockName(t *testing.T) {
	for dev, want := range map[string]string{
		"/dev/ttyUSB0":    "LCK..ttyUSB0",
		"/dev/ttyS0":      "LCK..ttyS0",
		"/dev/pts/3":      "LCK..pts_3",
		"/nonexistent/x0": "LCK..nonexistent_x0",
	} {
		if got := lockName(dev); got != want {
			t.Errorf("lockName(%s) = %s, want %s", dev, got, want)
		}
	}
}
