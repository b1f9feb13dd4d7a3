// Package sgmp speaks the Go Modem Protocol (GMP) and its Japanese
// tournament subset SGMP over any io.ReadWriter, usually a serial port
// opened with OpenPort.
//
// Layers, bottom up:
//   - packet.go: the 4-byte packet codec and a streaming Decoder that
//     resynchronises on start bytes and separates talk text;
//   - link.go: sequence/ack bits, one outstanding command, resends driven by
//     our own timer, duplicates and crossings;
//   - session.go: the game handshake (SGMP or full GMP) and the move API the
//     match package uses;
//   - serial.go: go.bug.st/serial behind OpenPort/ListPorts with clear errors.
//
// The wire format and GNU Go's behaviour are described in docs/sgmp.md.
package sgmp
