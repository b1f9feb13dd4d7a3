package carrier

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/kisen-go/kisen/sgmp"
)

// Options are what Open needs beyond the Spec.
type Options struct {
	// Serial is the serial line's settings; its Name is the Spec's path.
	Serial sgmp.PortConfig
	// Stdin and Stdout carry the link for Stdio; Open takes them over.
	Stdin  io.Reader
	Stdout io.Writer
	// DialWait is how long Dial keeps retrying a refused connection (the
	// peer not listening yet); 0 means one minute.
	DialWait time.Duration
	// Notify, if set, gets one line per step worth telling the operator:
	// the address listened on, a refused connection being retried, the
	// peer that connected.
	Notify func(string)
}

func (o Options) notify(format string, a ...any) {
	if o.Notify != nil {
		o.Notify(fmt.Sprintf(format, a...))
	}
}

// Open opens the carrier s names. It waits (until ctx ends) for the peer
// of a Listen spec and, for a while, for a Dial peer to start listening.
func Open(ctx context.Context, s Spec, opt Options) (sgmp.Port, error) {
	switch s.Kind {
	case Stdio:
		if opt.Stdin == nil || opt.Stdout == nil {
			return nil, errors.New("carrier: standard input and output not given")
		}
		return &stdio{r: opt.Stdin, w: opt.Stdout}, nil
	case Dial:
		return dial(ctx, s.Addr, opt)
	case Listen:
		return listen(ctx, s.Addr, opt)
	}
	cfg := opt.Serial
	cfg.Name = s.Addr
	return sgmp.OpenPort(cfg)
}

func dial(ctx context.Context, addr string, opt Options) (sgmp.Port, error) {
	wait := opt.DialWait
	if wait <= 0 {
		wait = time.Minute
	}
	deadline := time.Now().Add(wait)
	var d net.Dialer
	told := false
	for {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			opt.notify("connected to %s", c.RemoteAddr())
			return newTCP(c, "tcp://"+addr), nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("connecting to tcp://%s: %w", addr, ctx.Err())
		}
		if !errors.Is(err, syscall.ECONNREFUSED) || time.Now().After(deadline) {
			return nil, fmt.Errorf("%w: connecting to tcp://%s: %w; check the address, and that the other side runs with --listen (it starts first)", sgmp.ErrNoDevice, addr, err)
		}
		if !told {
			opt.notify("nobody listens at tcp://%s yet; retrying for %v", addr, wait)
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("connecting to tcp://%s: %w", addr, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func listen(ctx context.Context, addr string, opt Options) (sgmp.Port, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%w: listening on tcp://%s: %w; check the address is this machine's and the port is free", sgmp.ErrBusy, addr, err)
	}
	defer ln.Close()
	opt.notify("waiting for the peer at tcp://%s", ln.Addr())
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	c, err := ln.Accept()
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("waiting for the peer at tcp://%s: %w", addr, ctx.Err())
		}
		return nil, fmt.Errorf("waiting for the peer at tcp://%s: %w", addr, err)
	}
	opt.notify("the peer connected from %s", c.RemoteAddr())
	// One peer: the listener closes now, a second program is refused.
	return newTCP(c, "tcp://"+ln.Addr().String()), nil
}

// tcpPort is a TCP connection as a serial line: a reset or closed
// connection is a hang-up.
type tcpPort struct {
	c      net.Conn
	name   string
	closed atomic.Bool
}

func newTCP(c net.Conn, name string) *tcpPort {
	if tc, ok := c.(*net.TCPConn); ok {
		// Packets are 4 bytes and each waits for its answer: send at once.
		tc.SetNoDelay(true)
	}
	return &tcpPort{c: c, name: name}
}

func (p *tcpPort) Read(b []byte) (int, error) {
	n, err := p.c.Read(b)
	if err != nil {
		err = p.wrap("read", err)
	}
	return n, err
}

func (p *tcpPort) Write(b []byte) (int, error) {
	n, err := p.c.Write(b)
	if err != nil {
		err = p.wrap("write", err)
	}
	return n, err
}

func (p *tcpPort) wrap(op string, err error) error {
	switch {
	case p.closed.Load():
		return fmt.Errorf("%w: %s was closed by us", sgmp.ErrPortClosed, p.name)
	case errors.Is(err, io.EOF), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return fmt.Errorf("%w: %s: the connection dropped (peer gone or network down): %w", sgmp.ErrPortClosed, p.name, io.EOF)
	}
	return fmt.Errorf("%w: %s: %s: %w", sgmp.ErrPortClosed, p.name, op, err)
}

func (p *tcpPort) Close() error {
	if p.closed.Swap(true) {
		return nil
	}
	return p.c.Close()
}

// stdio is standard input and output as a serial line: the end of input
// is a hang-up.
type stdio struct {
	r      io.Reader
	w      io.Writer
	closed atomic.Bool
}

func (s *stdio) Read(b []byte) (int, error) {
	n, err := s.r.Read(b)
	if err != nil {
		switch {
		case s.closed.Load():
			err = fmt.Errorf("%w: standard input was closed by us", sgmp.ErrPortClosed)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrClosedPipe):
			err = fmt.Errorf("%w: standard input ended (the referee or peer program is gone): %w", sgmp.ErrPortClosed, io.EOF)
		default:
			err = fmt.Errorf("%w: standard input: %w", sgmp.ErrPortClosed, err)
		}
	}
	return n, err
}

func (s *stdio) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	if err != nil {
		if s.closed.Load() {
			return n, fmt.Errorf("%w: standard output was closed by us", sgmp.ErrPortClosed)
		}
		return n, fmt.Errorf("%w: standard output (the referee or peer program is gone): %w", sgmp.ErrPortClosed, err)
	}
	return n, nil
}

// Close closes both streams where they can be closed, which ends a
// blocked read on a pipe.
func (s *stdio) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	var errs []error
	if c, ok := s.w.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	if c, ok := s.r.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
