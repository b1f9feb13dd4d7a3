// Package pty opens Linux pseudo-terminals on golang.org/x/sys/unix, for
// tests and `kisen demo`: Open gives a master and a slave path that
// sgmp.OpenPort opens like a serial port; NullModem joins two of them into a
// virtual null-modem cable inside the process (no socat needed).
package pty
