// Package tui is kisen's live screen for `kisen play` on a terminal,
// drawn with tcell: the board (star points, the last move, a pass marker,
// dead stones at the end), both clocks ticking with the mover marked,
// prisoners, the link's state with how long it has lasted, the last
// moves, a message log, the operator's pending question and an input
// line. Regions are fixed and redrawn whole, so nothing the operator must
// read or is typing is wiped by a move or a clock tick.
//
// It renders match events and the link status; it holds no game logic.
// Typed lines go back through Options.OnLine to the match.Console, which
// serves the prompts and commands exactly as on a plain terminal.
package tui
