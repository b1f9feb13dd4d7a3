// Package engine is kisen's player: Monte-Carlo tree search with UCT-RAVE,
// priors on new nodes, heavy ("moggy"-style) playouts from the board
// package's fast path (board/fast_playout.go), a bounded node pool reused
// between moves, a shared tree searched by all threads under one lock with
// virtual loss, and a sudden-death time plan (time.go). It also judges dead
// stones at the end of a game (judge.go).
//
// Rules: the table plays Japanese rules; playouts and two-pass leaves count
// area (stones plus surrounded empty regions). The difference matters only
// after the opponent passes, where GenMove passes as soon as passing wins
// about as often as the best move, so it does not fill its own territory.
package engine
