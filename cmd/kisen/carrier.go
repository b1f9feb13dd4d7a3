package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kisen-go/kisen/config"
	"github.com/kisen-go/kisen/internal/carrier"
	"github.com/kisen-go/kisen/sgmp"
	"github.com/rs/zerolog"
)

// linkIO is what the link gets from runPlay besides the configuration:
// kisen's standard input and output when they carry it (--port -; both nil
// otherwise), and the operator's output for news of a TCP peer.
type linkIO struct {
	in     io.Reader
	out    io.Writer
	notify io.Writer
}

// takeStdio hands standard input and output to the link when the port is
// "-". The operator then gets the terminal (/dev/tty, when kisen runs in
// its foreground) for prompts, display and report, or else stderr and no
// keyboard (a link failure then suspends the game for --resume): nothing
// but packets is ever written to the link. release undoes
// what takeStdio opened.
func takeStdio(port, listen, manual string, stdin io.Reader, stdout, stderr io.Writer) (opIn io.Reader, opOut io.Writer, link linkIO, release func()) {
	if port != "-" || listen != "" || manual == "them" {
		return stdin, stdout, linkIO{notify: stdout}, func() {}
	}
	link = linkIO{in: stdin, out: guardStdout(stdout), notify: stderr}
	// The terminal stands in for the process's own standard input only; a
	// caller that passes other streams (a test) gets stderr.
	if f, ok := stdin.(*os.File); ok && f.Fd() == 0 {
		if tty, ok := foregroundTTY(); ok {
			link.notify = tty
			return tty, tty, link, func() { tty.Close() }
		}
	}
	return strings.NewReader(""), stderr, link, func() {}
}

// openLink opens the carrier the configuration and --listen name: a serial
// device, standard input and output, or TCP. Progress (waiting for a TCP
// peer) is told on link.notify.
func openLink(ctx context.Context, cfg config.Config, listen string, link linkIO, log zerolog.Logger) (sgmp.Port, carrier.Spec, error) {
	spec, err := carrier.Parse(cfg.Link.Port, listen)
	if err != nil {
		return nil, spec, usageError{fmt.Errorf("play: %w", err)}
	}
	port, err := carrier.Open(ctx, spec, carrier.Options{
		Serial: sgmp.PortConfig{Baud: cfg.Link.Baud, DataBits: cfg.Link.DataBits,
			Parity: cfg.Link.Parity, StopBits: cfg.Link.StopBits, FlowControl: cfg.Link.FlowControl, Log: log},
		Stdin: link.in, Stdout: link.out,
		Notify: func(s string) {
			if link.notify != nil {
				fmt.Fprintln(link.notify, s)
			}
		},
	})
	return port, spec, err
}
