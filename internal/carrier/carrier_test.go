package carrier

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/kisen-go/kisen/sgmp"
)

func TestParse(t *testing.T) {
	cases := []struct {
		port, listen string
		want         Spec
		err          string
	}{
		{port: "/dev/ttyUSB0", want: Spec{Serial, "/dev/ttyUSB0"}},
		{port: "/tmp/a://b", want: Spec{Serial, "/tmp/a://b"}},
		{port: "COM3", want: Spec{Serial, "COM3"}},
		{port: "-", want: Spec{Stdio, ""}},
		{port: "tcp://127.0.0.1:6060", want: Spec{Dial, "127.0.0.1:6060"}},
		{port: "tcp://[::1]:6060/", want: Spec{Dial, "[::1]:6060"}},
		{port: "tcp://go.example:6060", want: Spec{Dial, "go.example:6060"}},
		{listen: "tcp://0.0.0.0:6060", want: Spec{Listen, "0.0.0.0:6060"}},
		{listen: "tcp://:6060", want: Spec{Listen, ":6060"}},
		{listen: "tcp://127.0.0.1:0", want: Spec{Listen, "127.0.0.1:0"}},
		{port: "", err: "no port given"},
		{port: "udp://1.2.3.4:5", err: "only network carrier is tcp"},
		{port: "tcp://1.2.3.4", err: "want tcp://HOST:PORT"},
		{port: "tcp://:6060", err: "with a host and a port"},
		{port: "tcp://h:0", err: "with a host and a port"},
		{port: "tcp://h:http", err: "want a number"},
		{port: "tcp://h:70000", err: "want a number"},
		{port: "/dev/ttyS0", listen: "tcp://:1", err: "give one"},
		{listen: "/dev/ttyS0", err: "want tcp://HOST:PORT"},
	}
	for _, c := range cases {
		got, err := Parse(c.port, c.listen)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q, %q) = %v, %v; want error with %q", c.port, c.listen, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Parse(%q, %q) = %v, %v; want %v", c.port, c.listen, got, err, c.want)
			continue
		}
		// String gives back what Parse reads.
		p, l := got.String(), ""
		if got.Kind == Listen {
			p, l = "", p
		}
		if again, err := Parse(p, l); err != nil || again != got {
			t.Errorf("Parse(String()) of %v = %v, %v", got, again, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"-", "/dev/ttyUSB0", "tcp://127.0.0.1:6060", "tcp://[::1]:1", "tcp://:0", "x://y"} {
		f.Add(s, "")
		f.Add("", s)
	}
	f.Fuzz(func(t *testing.T, port, listen string) {
		s, err := Parse(port, listen)
		if err != nil {
			return
		}
		switch s.Kind {
		case Dial, Listen:
			if _, _, err := net.SplitHostPort(s.Addr); err != nil {
				t.Fatalf("Parse(%q, %q) gave address %q: %v", port, listen, s.Addr, err)
			}
		case Stdio:
			if port != "-" {
				t.Fatalf("Parse(%q, %q) gave stdio", port, listen)
			}
		case Serial:
			if s.Addr != port || port == "" {
				t.Fatalf("Parse(%q, %q) gave device %q", port, listen, s.Addr)
			}
		}
	})
}

// TestTCP connects a Dial port to a Listen port over loopback, passes bytes
// both ways, and checks that the peer's close reads as a hang-up (io.EOF
// in sgmp.ErrPortClosed), as a pulled cable does on a serial line.
func TestTCP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	addr := make(chan string, 1)
	type result struct {
		p   sgmp.Port
		err error
	}
	lc := make(chan result, 1)
	go func() {
		p, err := Open(ctx, Spec{Listen, "127.0.0.1:0"}, Options{Notify: func(s string) {
			if a, ok := strings.CutPrefix(s, "waiting for the peer at tcp://"); ok {
				addr <- a
			}
		}})
		lc <- result{p, err}
	}()
	var a string
	select {
	case a = <-addr:
	case r := <-lc:
		t.Fatalf("listen: %v", r.err)
	}
	d, err := Open(ctx, Spec{Dial, a}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r := <-lc
	if r.err != nil {
		t.Fatal(r.err)
	}
	l := r.p
	if _, err := d.Write([]byte{0x00, 0x80, 0x80, 0x80}); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	if _, err := io.ReadFull(l, buf); err != nil || buf[0] != 0 || buf[3] != 0x80 {
		t.Fatalf("read %x, %v", buf, err)
	}
	// The listener is closed once the peer is in: a second program is refused.
	if c, err := net.DialTimeout("tcp", a, time.Second); err == nil {
		c.Close()
		t.Fatal("a second peer could connect")
	}
	l.Close()
	_, err = d.Read(buf)
	if !errors.Is(err, sgmp.ErrPortClosed) || !errors.Is(err, io.EOF) {
		t.Fatalf("read after the peer closed: %v; want a hang-up (ErrPortClosed, io.EOF)", err)
	}
	if _, err := l.Read(buf); !errors.Is(err, sgmp.ErrPortClosed) || !strings.Contains(err.Error(), "closed by us") {
		t.Fatalf("read after our close: %v", err)
	}
}

// TestDialWaitsForListener: the side that connects may start first; it
// retries a refused connection until the listener is up.
func TestDialWaitsForListener(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := ln.Addr().String()
	ln.Close()
	var told []string
	done := make(chan error, 1)
	go func() {
		p, err := Open(ctx, Spec{Dial, a}, Options{DialWait: 10 * time.Second, Notify: func(s string) { told = append(told, s) }})
		if err == nil {
			p.Close()
		}
		done <- err
	}()
	time.Sleep(500 * time.Millisecond)
	ln, err = net.Listen("tcp", a)
	if err != nil {
		t.Skipf("the port was taken meanwhile: %v", err)
	}
	defer ln.Close()
	if c, err := ln.Accept(); err == nil {
		c.Close()
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(told) != 2 || !strings.Contains(told[0], "nobody listens") || !strings.Contains(told[1], "connected to") {
		t.Fatalf("notices: %q", told)
	}

	// Nobody ever listens: a clear error once DialWait is over.
	_, err = Open(ctx, Spec{Dial, a + "0"}, Options{DialWait: 300 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "--listen") {
		t.Fatalf("dial with nobody listening: %v", err)
	}
}

func TestListenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := Open(ctx, Spec{Listen, "127.0.0.1:0"}, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("listen after cancel: %v", err)
	}
}

// TestStdio: the end of standard input is a hang-up, and so is a write
// once the reader of standard output is gone.
func TestStdio(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p, err := Open(context.Background(), Spec{Kind: Stdio}, Options{Stdin: inR, Stdout: outW})
	if err != nil {
		t.Fatal(err)
	}
	go func() { inW.Write([]byte{1, 2}); inW.Close() }()
	buf := make([]byte, 8)
	if n, err := p.Read(buf); n != 2 || err != nil {
		t.Fatalf("read %d, %v", n, err)
	}
	if _, err := p.Read(buf); !errors.Is(err, sgmp.ErrPortClosed) || !errors.Is(err, io.EOF) {
		t.Fatalf("read at the end of input: %v", err)
	}
	go io.Copy(io.Discard, outR)
	if _, err := p.Write([]byte{0, 0x80, 0x80, 0x80}); err != nil {
		t.Fatal(err)
	}
	outR.Close()
	if _, err := p.Write([]byte{0}); !errors.Is(err, sgmp.ErrPortClosed) {
		t.Fatalf("write with the reader gone: %v", err)
	}
	if _, err := Open(context.Background(), Spec{Kind: Stdio}, Options{}); err == nil {
		t.Fatal("stdio without streams opened")
	}
}
