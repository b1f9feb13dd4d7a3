// Package oracleset reads the position sets of the strength tools
// (scripts/oracle.py positions, scripts/evalset, scripts/fightset): one
// position a line, tab-separated, beginning with a key, the board size,
// the komi and the moves so far (GTP vertices, Black first, "pass"
// allowed, comma-separated). Each tool gives the later fields its own
// meaning. It also runs a tool's work on the positions in parallel.
package oracleset
