// Package sgf reads and writes Go game records in SGF FF[4]
// (https://www.red-bean.com/sgf/) as kisen needs them: one main line, root
// game-info properties, one node per move with the mover's time left, and a
// final node carrying territory (TB/TW) and a summary comment.
//
// The reader follows the main line of the first game tree, takes setup
// stones (AB/AW/AE) from the nodes before the first move and keeps every
// property it does not know, so that a record written by another program
// can be resumed, scored and written again. Record.Replay is the one replay
// of a record onto a board (setup stones, then moves alternating in
// colour); Check validates a record with it and says where in the file a
// problem lies. The reader bounds what it holds (limits.go): a file over
// 4 MB, too many nodes or values, or variations nested too deep are
// refused with a SyntaxError, so a hostile file cannot exhaust memory.
package sgf
