package carrier

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// Kind is the carrier a Spec names.
type Kind int

const (
	// Serial is a serial device or pty path.
	Serial Kind = iota
	// Stdio is the program's standard input and output.
	Stdio
	// Dial connects to a TCP address.
	Dial
	// Listen waits on a TCP address for one peer.
	Listen
)

func (k Kind) String() string {
	switch k {
	case Stdio:
		return "stdio"
	case Dial:
		return "tcp"
	case Listen:
		return "tcp listen"
	}
	return "serial"
}

// Spec is a parsed carrier: its kind and the device path or host:port.
type Spec struct {
	Kind Kind
	Addr string
}

// String gives the spec back in the form Parse reads.
func (s Spec) String() string {
	switch s.Kind {
	case Stdio:
		return "-"
	case Dial, Listen:
		return "tcp://" + s.Addr
	}
	return s.Addr
}

// Parse reads the --port and --listen values: port is a device path, "-"
// (standard input and output) or tcp://HOST:PORT; listen, if not empty,
// is tcp://ADDR:PORT and port must then be empty.
func Parse(port, listen string) (Spec, error) {
	if listen != "" {
		if port != "" {
			return Spec{}, fmt.Errorf("--port %s and --listen %s: give one; --listen waits for the peer to connect, --port opens a device or connects", port, listen)
		}
		addr, err := tcpAddr(listen, "--listen")
		if err != nil {
			return Spec{}, err
		}
		return Spec{Kind: Listen, Addr: addr}, nil
	}
	switch {
	case port == "":
		return Spec{}, fmt.Errorf("no port given: a serial device, - (standard input and output) or tcp://HOST:PORT")
	case port == "-":
		return Spec{Kind: Stdio}, nil
	case hasScheme(port):
		addr, err := tcpAddr(port, "--port")
		if err != nil {
			return Spec{}, err
		}
		host, p, _ := net.SplitHostPort(addr)
		if host == "" || p == "0" {
			return Spec{}, fmt.Errorf("--port %s: want tcp://HOST:PORT with a host and a port to connect to (or --listen %s to wait for the peer)", port, port)
		}
		return Spec{Kind: Dial, Addr: addr}, nil
	}
	return Spec{Kind: Serial, Addr: port}, nil
}

// hasScheme reports whether s looks like a URL ("word://") rather than a
// device path.
func hasScheme(s string) bool {
	i := strings.Index(s, "://")
	return i > 0 && !strings.Contains(s[:i], "/")
}

// tcpAddr checks tcp://HOST:PORT and returns HOST:PORT.
func tcpAddr(s, flag string) (string, error) {
	rest, ok := strings.CutPrefix(s, "tcp://")
	if !ok {
		return "", fmt.Errorf("%s %s: want tcp://HOST:PORT (the only network carrier is tcp)", flag, s)
	}
	host, port, err := net.SplitHostPort(strings.TrimSuffix(rest, "/"))
	if err != nil {
		return "", fmt.Errorf("%s %s: want tcp://HOST:PORT, e.g. tcp://192.168.1.20:6060: %w", flag, s, err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("%s %s: port %q: want a number from 1 to 65535 (0 with --listen: any free port)", flag, s, port)
	}
	return net.JoinHostPort(host, port), nil
}
