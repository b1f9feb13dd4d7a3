package sgmp

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"go.bug.st/serial"
	"go.bug.st/serial/enumerator"
)

// Errors OpenPort and the port it returns wrap, for callers that branch.
var (
	ErrNoDevice   = errors.New("no such serial device")
	ErrPermission = errors.New("permission denied on serial device")
	ErrBusy       = errors.New("serial port busy")
	ErrNotSerial  = errors.New("not a serial port")
	ErrPortClosed = errors.New("serial port closed or hung up")
	ErrTimeout    = errors.New("serial read timed out")
)

// Port is the serial line as a Session sees it: a byte stream that can be
// closed. OpenPort returns one; tests use ptys or in-memory pipes.
type Port interface {
	io.ReadWriteCloser
}

// timeoutError is a read that waited PortConfig.ReadTimeout for nothing.
// It matches ErrTimeout with errors.Is and answers Timeout() like net
// errors, so callers can tell "no byte yet" from a broken line.
type timeoutError struct{ name string }

func (e *timeoutError) Error() string   { return fmt.Sprintf("%v: %s", ErrTimeout, e.name) }
func (e *timeoutError) Is(t error) bool { return t == ErrTimeout }
func (e *timeoutError) Timeout() bool   { return true }

// PortConfig is a serial line's settings. Zero values take the defaults
// every SGMP implementation uses: 2400 baud, 8 data bits, no parity, 1 stop
// bit, no flow control.
type PortConfig struct {
	Name     string // /dev/ttyUSB0, /dev/serial/by-id/..., a pty path
	Baud     int    // default 2400
	DataBits int    // 5-8, default 8
	Parity   string // none (default), odd, even
	StopBits int    // 1 (default) or 2
	// FlowControl: only "none" (or "") is supported: the library always
	// turns RTS/CTS and XON/XOFF off, and SGMP peers (cgoban, CgfGoBan)
	// use none. A null-modem cable without handshake lines works with it.
	FlowControl string
	// ReadTimeout makes a Read that waits this long for a byte return an
	// error matching ErrTimeout (0: wait for ever).
	ReadTimeout time.Duration
	// LockDir is the folder of UUCP lock files (default /var/lock). The
	// lock keeps a second program off the port even when it runs as root,
	// which the exclusive-open ioctl does not.
	LockDir string
	// Log gets a line when no lock file can be taken.
	Log zerolog.Logger
}

// mode validates c and converts it.
func (c PortConfig) mode() (*serial.Mode, error) {
	m := &serial.Mode{BaudRate: c.Baud, DataBits: c.DataBits, Parity: serial.NoParity, StopBits: serial.OneStopBit}
	if m.BaudRate == 0 {
		m.BaudRate = 2400
	}
	if m.BaudRate < 0 {
		return nil, fmt.Errorf("serial port %s: baud rate %d: want a positive rate such as 2400", c.Name, c.Baud)
	}
	if m.DataBits == 0 {
		m.DataBits = 8
	}
	if m.DataBits < 5 || m.DataBits > 8 {
		return nil, fmt.Errorf("serial port %s: %d data bits: want 5-8 (SGMP needs 8)", c.Name, c.DataBits)
	}
	switch strings.ToLower(c.Parity) {
	case "", "none", "n":
	case "odd", "o":
		m.Parity = serial.OddParity
	case "even", "e":
		m.Parity = serial.EvenParity
	default:
		return nil, fmt.Errorf("serial port %s: parity %q: want none, odd or even", c.Name, c.Parity)
	}
	switch c.StopBits {
	case 0, 1:
	case 2:
		m.StopBits = serial.TwoStopBits
	default:
		return nil, fmt.Errorf("serial port %s: %d stop bits: want 1 or 2", c.Name, c.StopBits)
	}
	switch strings.ToLower(c.FlowControl) {
	case "", "none":
	default:
		return nil, fmt.Errorf("serial port %s: flow control %q is not supported: use none (SGMP peers use none)", c.Name, c.FlowControl)
	}
	return m, nil
}

// OpenPort opens a serial port (or pty) in raw 8-bit mode. Input already
// waiting is kept: a peer's single NEWGAME may be in it. No modem-line
// calls are made, so ptys work.
func OpenPort(cfg PortConfig) (Port, error) {
	if cfg.Name == "" {
		return nil, fmt.Errorf("%w: no serial port name given (kisen ports lists them)", ErrNoDevice)
	}
	m, err := cfg.mode()
	if err != nil {
		return nil, err
	}
	if cfg.ReadTimeout < 0 {
		return nil, fmt.Errorf("serial port %s: read timeout %v: want 0 (none) or more", cfg.Name, cfg.ReadTimeout)
	}
	unlock, err := takeLock(cfg)
	if err != nil {
		return nil, err
	}
	p, err := serial.Open(cfg.Name, m)
	if err != nil {
		unlock()
		return nil, openError(cfg.Name, err)
	}
	if cfg.ReadTimeout > 0 {
		if err := p.SetReadTimeout(cfg.ReadTimeout); err != nil {
			p.Close()
			unlock()
			return nil, fmt.Errorf("serial port %s: read timeout: %w", cfg.Name, err)
		}
	}
	return &port{p: p, name: cfg.Name, unlock: unlock}, nil
}

// takeLock takes the port's lock file; a lock folder we cannot write is
// logged and the port is opened without one (the exclusive-open ioctl
// still keeps other users' programs out).
func takeLock(cfg PortConfig) (func(), error) {
	dir := cfg.LockDir
	if dir == "" {
		dir = DefaultLockDir
	}
	if _, err := os.Stat(cfg.Name); err != nil {
		return func() {}, nil // serial.Open says what is wrong with the name
	}
	unlock, err := lockPort(dir, cfg.Name)
	if errors.Is(err, errLockDir) {
		cfg.Log.Warn().Err(err).Str("port", cfg.Name).Str("dir", dir).
			Msg("no lock file for the port: another program could open it too")
		return func() {}, nil
	}
	return unlock, err
}

func openError(name string, err error) error {
	var pe *serial.PortError
	code := serial.PortErrorCode(-1)
	if errors.As(err, &pe) {
		code = pe.Code()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist) || code == serial.PortNotFound:
		return fmt.Errorf("%w: %s does not exist; check the cable's adapter is plugged in and the name (kisen ports lists ports): %v", ErrNoDevice, name, err)
	case errors.Is(err, fs.ErrPermission) || code == serial.PermissionDenied:
		return fmt.Errorf("%w: %s: add the user to group dialout (sudo usermod -aG dialout $USER) and log in again: %v", ErrPermission, name, err)
	case code == serial.PortBusy || errors.Is(err, syscall.EBUSY):
		return fmt.Errorf("%w: %s is open in another program; close it (another kisen, a terminal, ModemManager): %v", ErrBusy, name, err)
	case code == serial.InvalidSerialPort:
		return fmt.Errorf("%w: %s: %v", ErrNotSerial, name, err)
	}
	return fmt.Errorf("serial port %s: %w", name, err)
}

// port adapts serial.Port: clear errors, and a hang-up seen as EOF.
type port struct {
	p      serial.Port
	name   string
	closed atomic.Bool
	unlock func()
}

func (p *port) Read(b []byte) (int, error) {
	n, err := p.p.Read(b)
	if err != nil {
		if p.closed.Load() {
			return n, fmt.Errorf("%w: %s was closed by us", ErrPortClosed, p.name)
		}
		var pe *serial.PortError
		if errors.As(err, &pe) && pe.Code() == serial.PortClosed {
			// The far end went away (cable pulled, USB unplugged, socat gone).
			return n, fmt.Errorf("%w: %s hung up (cable pulled or peer gone): %w", ErrPortClosed, p.name, io.EOF)
		}
		return n, fmt.Errorf("serial port %s: read: %w", p.name, err)
	}
	if n == 0 {
		// go.bug.st/serial reports a read timeout as (0, nil), which
		// io.ReadFull would loop on for ever: make it a timeout error.
		return 0, &timeoutError{p.name}
	}
	return n, nil
}

func (p *port) Write(b []byte) (int, error) {
	n, err := p.p.Write(b)
	if err != nil {
		if p.closed.Load() {
			return n, fmt.Errorf("%w: %s was closed by us", ErrPortClosed, p.name)
		}
		return n, fmt.Errorf("%w: %s: write failed (cable pulled or port gone): %w", ErrPortClosed, p.name, err)
	}
	return n, nil
}

func (p *port) Close() error {
	if p.closed.Swap(true) {
		return nil
	}
	err := p.p.Close()
	p.unlock()
	return err
}

// PortInfo describes a serial port found on this machine.
type PortInfo struct {
	Name                  string
	IsUSB                 bool
	VID, PID, Serial      string
	Manufacturer, Product string
	// ByID is the stable /dev/serial/by-id name of the port, if any: it
	// survives replugging, /dev/ttyUSB0 may not.
	ByID string
}

// ListPorts lists serial ports with USB details (ptys are not listed).
func ListPorts() ([]PortInfo, error) {
	ds, err := enumerator.GetDetailedPortsList()
	if err != nil {
		return nil, fmt.Errorf("listing serial ports: %w", err)
	}
	out := make([]PortInfo, 0, len(ds))
	for _, d := range ds {
		out = append(out, PortInfo{Name: d.Name, IsUSB: d.IsUSB, VID: d.VID, PID: d.PID, Serial: d.SerialNumber,
			Manufacturer: d.Manufacturer, Product: d.Product, ByID: byID(d.Name)})
	}
	return out, nil
}

// byID finds the /dev/serial/by-id link that points at dev ("" if none).
func byID(dev string) string {
	links, _ := filepath.Glob("/dev/serial/by-id/*")
	real, err := filepath.EvalSymlinks(dev)
	if err != nil {
		return ""
	}
	for _, l := range links {
		if t, err := filepath.EvalSymlinks(l); err == nil && t == real {
			return l
		}
	}
	return ""
}
