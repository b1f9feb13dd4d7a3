// Package soak plays many games between two kisen sides in one process
// over a faultline cable and checks, game by game, that both records hold
// the same moves and that neither side hung. The sides themselves (engine,
// SGMP session, referee) are built by the caller's SideFunc, so the soak
// runs the same wiring as `kisen play`. A failing game keeps its plan,
// both records, both packet traces and the fault log in a folder that
// Replay plays again.
package soak
