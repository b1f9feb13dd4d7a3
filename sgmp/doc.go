// Package sgmp speaks the Go Modem Protocol (GMP) and its Japanese
// tournament subset SGMP over any io.ReadWriter, usually a serial port
// opened with OpenPort.
//
// A Session runs one game in one goroutine, in layers. A received packet
// goes down through them once and its meaning comes up once:
//   - packet.go: the 4-byte packet codec and a streaming Decoder that
//     resynchronises on start bytes and separates talk text;
//   - link.go: sequence and acknowledgement bits, one outstanding command
//     with resends on our own timer, duplicates and crossings. It reports
//     what a packet means (our command acknowledged, a new command of the
//     peer) and never looks at the game;
//   - handshake.go: the game set-up (SGMP or full GMP), its queries and
//     the checks of the peer's answers;
//   - moves.go: the move API (SendMove, ReceiveMove, Commit), turn and
//     two-pass tracking, and the refusal of moves that cannot belong to the
//     game (before the handshake, out of turn, off the board);
//   - session.go: the loop that joins them; status.go: the state a display
//     shows (Status);
//   - serial.go: go.bug.st/serial behind OpenPort/ListPorts with clear errors.
//
// With Options.HoldOK the OK of a received move waits for Commit: a caller
// that journals moves acknowledges only what it has recorded.
//
// The wire format and GNU Go's behaviour are described in docs/sgmp.md.
package sgmp
