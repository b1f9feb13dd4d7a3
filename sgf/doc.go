// Package sgf reads and writes Go game records in SGF FF[4]
// (https://www.red-bean.com/sgf/) as kisen needs them: one main line, root
// game-info properties, one node per move with the mover's time left, and a
// final node carrying territory (TB/TW) and a summary comment.
//
// The reader follows the main line of the first game tree, takes setup
// stones (AB/AW/AE) from the nodes before the first move and keeps every
// property it does not know, so that a record written by another program
// can be resumed, scored and written again. Check validates a record
// against the rules by replaying it on a board.
package sgf
