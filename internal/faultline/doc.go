// Package faultline is a fault-injecting virtual null-modem cable for the
// soak and kill harnesses: two pseudo-terminals whose masters are relayed
// to each other inside the process, so the real serial code (sgmp.OpenPort,
// termios, the session's reader) runs on both ends.
//
// The relay frames the byte stream into 4-byte SGMP packets and single
// bytes, and hurts packets as a plan drawn from a seed says: corrupted
// bits, dropped bytes, duplicated packets, talk noise between packets,
// stalls longer than the resend timeout, crossings (both sides' commands on
// the wire at once) and a pulled-and-replugged cable. It never reorders the
// bytes of one direction: a serial wire does not, and a one-bit sequence
// number cannot tell a late old packet from a new one.
package faultline
