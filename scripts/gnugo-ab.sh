#!/bin/sh
# A/B against GNU Go level 10 at a fixed number of playouts per move: the
# working tree's kisen and the kisen of git revision REV each play the same
# games (same numbers, so the same colours and GNU Go seeds) against GNU Go,
# side by side, one search thread each. The self-play A/B (ab.sh) measures
# kisen against itself; this one measures the yardstick the issue asks for,
# and a fixed effort keeps it independent of the machine's load, so both
# arms can run at once. With one thread, a fixed playout count and GNU Go's
# seed from the game number, an unchanged engine replays the same games move
# for move: the arms differ only in the games where the change changes a move.
# Usage: scripts/gnugo-ab.sh REV OUTDIR [GAMES] [PLAYOUTS] [FIRST]
# Each arm's records and log go to OUTDIR/new and OUTDIR/base; the last
# line of each log is the arm's result with its 95% interval.
set -eu
REV=${1:?usage: scripts/gnugo-ab.sh REV OUTDIR [GAMES] [PLAYOUTS] [FIRST]}
OUT=${2:?usage: scripts/gnugo-ab.sh REV OUTDIR [GAMES] [PLAYOUTS] [FIRST]}
GAMES=${3:-100}
PLAYOUTS=${4:-20000}
FIRST=${5:-1}
GNUGO=${GNUGO:-/usr/games/gnugo}
. "$(dirname "$0")/twobuilds.sh"
mkdir -p "$OUT/new" "$OUT/base"
for arm in new base; do
	"$tmp/kisen-$arm" match --opponent-cmd "$GNUGO --mode gtp --level 10" \
		--opponent "GNU Go 3.8 level 10" --games "$GAMES" --first "$FIRST" --size 9 \
		--playouts "$PLAYOUTS" --threads 1 --out "$OUT/$arm" >"$OUT/$arm/log.txt" 2>&1 &
done
wait
for arm in new base; do
	printf '%s (%s): %s\n' "$arm" "$([ $arm = new ] && echo 'working tree' || echo "$REV")" "$(tail -n 1 "$OUT/$arm/log.txt")"
done
