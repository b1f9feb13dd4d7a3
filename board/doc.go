// Package board holds the rules of Go: stones, chains and their liberties,
// captures, simple ko, suicide, a Zobrist hash with whole-board repetition
// detection, handicap points, undo, coordinate conversions between the forms
// kisen meets (SGMP, GTP, SGF, CgfGoBan) and scoring (Japanese and area).
//
// It depends on nothing else in kisen. The same Board value serves the
// referee (full history, repetition detection) and the engine's playouts
// (copy with Clone, then PlayFast without history): one set of rules, one
// code path for captures.
//
// Points are indices into a padded array (one border line around the
// board), so that neighbours are p±1 and p±stride without bounds checks.
// A Point only has meaning together with the board size; Pass is 0 on every
// size.
package board
