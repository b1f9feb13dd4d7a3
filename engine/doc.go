// Package engine is kisen's player: Monte-Carlo tree search with UCT-RAVE,
// priors on new nodes from a learned move model where one is fitted for the
// board size (model.go, features.go: 3x3 shapes with liberties, captures,
// escapes read for ladders, distances to the last moves, and larger
// patterns; fitted by scripts/mmfit to strong programs' 19x19 games, and
// given 9x9's own line values on 9x9 by scripts/sizemodel; on 9x9 alone,
// on 19x19 added to the hand-set priors)
// and hand-set elsewhere (prior.go), a playout value
// that is mostly the win and a little the margin (playoutValue), heavy
// ("moggy"-style) playouts from the board package's fast path
// (board/fast_playout.go) that also play each search thread's last good
// replies (board/replies.go), run from atari only where no ladder catches
// the chain, and sacrifice stones inside an eye space when that kills
// (board/sacrifice.go), a bounded node pool reused
// between moves (and grown on the opponent's time when pondering is on), a
// tree shared by all threads without a lock (atomic.go) with virtual loss
// (or, as an option, a tree per thread summed at the root: roots.go), and a
// sudden-death time plan (time.go); a time a move without a clock may be
// spent as a root count set by the game's first search (plan.go). On 9x9
// an opening book (book.go, book9.txt) answers tengen first and the
// positions of the first four moves that kisen's opponents most often
// lead to. It also judges dead stones at the end of a game (judge.go:
// playouts, then local readings of dead shapes, races and seki, and chains
// in atari in judge_local.go, judge_race.go, judge_atari.go and
// judge_weak.go).
//
// Rules: the table plays Japanese rules; playouts and two-pass leaves count
// area (stones plus surrounded empty regions). Passing is decided with the
// judge, not by the search alone: kisen passes only when no boundary is
// open, no stone's status is unclear and no chain in atari can still be
// saved or taken — or when its lead is larger than all of those together
// could change — so it neither passes too early nor fills its own
// territory after the opponent has passed. After the opponent's pass,
// when the count loses and something is still open, the search leaves
// its own pass out and plays where the count can still change.
package engine
