// Package match is the referee: it runs one game between two Players (the
// embedded engine, a remote program over SGMP, an external GTP program, or
// the operator at the keyboard), keeps both clocks, checks every move on
// the board, stops the game on two passes, resignation, flag fall, the move
// cap, an illegal move or a repeated position, writes the SGF record after
// every move (the journal a crashed game resumes from) and hands events to a
// display.
//
// A Game is a value: two games can run in one process (kisen demo does).
package match
