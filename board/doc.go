// Package board holds the rules of Go: stones, chains and their liberties,
// captures, simple ko, suicide, a Zobrist hash with whole-board repetition
// detection, handicap points, undo, coordinate conversions between the forms
// kisen meets (SGMP, GTP, SGF) and scoring (Japanese and area).
//
// It also holds the engine's playout policy (about 1,200 lines), because
// the policy reads the board's internals directly so that a playout makes
// no interface calls and no allocations: RandomMove and the heavy playout
// (playout.go, fast_playout.go: answers to the last move, 3x3 shapes from
// patternTables, captures of chains left in atari), two-liberty tactics
// (tactics.go), ladder reading (ladder.go, Ladders), killing sacrifices in
// dead eye shapes (sacrifice.go, killingShapes) and last-good-reply tables
// (replies.go, Replies). The search's priors read ladders too.
//
// It depends on nothing else in kisen. The same Board value serves the
// referee (full history, repetition detection) and the engine's playouts
// (copy with CopyFrom or Clone, then PlayLegal and HeavyPlayout without
// history): one set of rules, one code path for captures.
//
// Points are indices into a padded array (one border line around the
// board), so that neighbours are p±1 and p±stride without bounds checks.
// A Point only has meaning together with the board size; Pass is 0 on every
// size. Index maps a point to its place in AllPoints order, the index of
// per-point slices.
package board
