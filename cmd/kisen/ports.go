package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/kisen-go/kisen/sgmp"
)

// runPorts lists the serial ports with their USB details.
func runPorts(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ports", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	ports, err := sgmp.ListPorts()
	if err != nil {
		return fmt.Errorf("listing serial ports: %w", err)
	}
	if len(ports) == 0 {
		fmt.Fprintln(stdout, "no serial ports found (plug in the USB adapter; ptys and /dev/serial/by-id links are not listed but can be given to --port)")
		return nil
	}
	for _, p := range ports {
		if p.IsUSB {
			fmt.Fprintf(stdout, "%s\tUSB %s:%s serial %s\n", p.Name, p.VID, p.PID, p.Serial)
		} else {
			fmt.Fprintf(stdout, "%s\n", p.Name)
		}
	}
	return nil
}
