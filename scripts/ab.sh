#!/bin/sh
# A/B strength test at a fixed number of playouts per move: the working
# tree's kisen against the kisen of git revision REV, one thread each,
# alternating colours. A fixed effort makes the result independent of the
# machine's speed and load, so it can run beside other work; it measures
# the playout policy and the search, not their speed.
# With MAIN_TIME set (e.g. MAIN_TIME=60s) both play under a sudden-death
# clock instead, each with MAIN_TIME for the game: that measures the time
# plan too, and needs a machine with nothing else running.
# Usage: [MAIN_TIME=60s] scripts/ab.sh REV [GAMES] [PLAYOUTS] [SIZE]
set -eu
REV=${1:?usage: scripts/ab.sh REV [GAMES] [PLAYOUTS] [SIZE]}
GAMES=${2:-100}
PLAYOUTS=${3:-1500}
SIZE=${4:-9}
. "$(dirname "$0")/twobuilds.sh"
# The effort: the base is told the clock by kisen match (time_settings),
# so only a fixed playout count goes on its command line.
effort="--playouts $PLAYOUTS" base_effort="--playouts $PLAYOUTS"
if [ -n "${MAIN_TIME:-}" ]; then
	effort="--main-time $MAIN_TIME" base_effort=""
fi
# $effort and $base_effort are split on spaces on purpose.
"$tmp/kisen-new" match \
	--opponent-cmd "$tmp/kisen-base gtp $base_effort --threads 1" \
	$effort --threads 1 --games "$GAMES" --size "$SIZE"
