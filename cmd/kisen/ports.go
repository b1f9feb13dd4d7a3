package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kisen-go/kisen/sgmp"
)

// runPorts lists the serial ports with their USB details.
func runPorts(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("ports", "", "List the serial ports with their USB details and stable /dev/serial/by-id names.", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("ports: unexpected argument %q", fs.Arg(0))}
	}
	ports, err := sgmp.ListPorts()
	if err != nil {
		return fmt.Errorf("listing serial ports: %w", err)
	}
	printPorts(stdout, ports)
	return nil
}

// printPorts writes one line per port: the device, the stable by-id name
// to put in the configuration, and what the USB adapter says it is.
func printPorts(w io.Writer, ports []sgmp.PortInfo) {
	if len(ports) == 0 {
		fmt.Fprintln(w, "no serial ports found (plug in the USB adapter; ptys and socat links are not listed but can be given to --port)")
		return
	}
	fmt.Fprintln(w, "serial ports (give one to --port or link.port; a by-id name stays the same across reboots):")
	for _, p := range ports {
		var parts []string
		if p.IsUSB {
			usb := fmt.Sprintf("USB %s:%s", p.VID, p.PID)
			if d := strings.TrimSpace(p.Manufacturer + " " + p.Product); d != "" {
				usb += " " + d
			}
			if p.Serial != "" {
				usb += " serial " + p.Serial
			}
			parts = append(parts, usb)
		}
		if p.ByID != "" {
			parts = append(parts, "stable name "+p.ByID)
		}
		fmt.Fprintln(w, strings.Join(append([]string{p.Name}, parts...), "\t"))
	}
}
