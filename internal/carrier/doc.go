// Package carrier opens the byte stream an SGMP session runs over. One
// seam, sgmp.Port, serves three carriers:
//
//   - a serial device (/dev/ttyUSB0, a pty): the tournament's RS-232C line,
//     opened by sgmp.OpenPort;
//   - standard input and output ("-"): how GMP referees and GUIs such as
//     cgoban's arena run a program;
//   - TCP ("tcp://HOST:PORT" to connect, or a listen address to wait for
//     one peer): serial-over-network servers, remote matches, a hall
//     where machines meet on a switch.
//
// A closed or reset connection reads as io.EOF wrapped in
// sgmp.ErrPortClosed, the same as a serial hang-up, so the session sees a
// pulled cable whatever the carrier.
package carrier
