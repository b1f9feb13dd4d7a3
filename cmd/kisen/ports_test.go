package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kisen-go/kisen/sgmp"
)

func TestPrintPorts(t *testing.T) {
	var b bytes.Buffer
	printPorts(&b, []sgmp.PortInfo{
		{Name: "/dev/ttyUSB0", IsUSB: true, VID: "0403", PID: "6001", Serial: "A50285BI", Manufacturer: "FTDI", Product: "FT232R USB UART",
			ByID: "/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0"},
		{Name: "/dev/ttyS0"},
	})
	want := "serial ports (give one to --port or link.port; a by-id name stays the same across reboots):\n" +
		"/dev/ttyUSB0\tUSB 0403:6001 FTDI FT232R USB UART serial A50285BI\tstable name /dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0\n" +
		"/dev/ttyS0\n"
	if b.String() != want {
		t.Fatalf("got\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	printPorts(&b, nil)
	if !strings.HasPrefix(b.String(), "no serial ports found") {
		t.Fatalf("got %q", b.String())
	}
}

// TestPortsVerb runs `kisen ports` on this machine: whatever it finds, it
// answers without error.
func TestPortsVerb(t *testing.T) {
	out, _, err := runT(t, "ports")
	if err != nil || out == "" {
		t.Fatalf("ports: %v %q", err, out)
	}
	if _, _, err := runT(t, "ports", "extra"); exitCode(err) != 2 {
		t.Fatalf("extra argument: %v", err)
	}
}
