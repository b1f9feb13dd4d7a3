#!/bin/sh
# GNU Go's estimate of a game as it went: estimate_score (GNU Go 3.8,
# level 5, komi included) after every STEP-th move of each record, for
# kisen when PB or PW names it (+: kisen ahead), else for Black. A game
# lost by 100 points shows here whether it went in the opening or in the
# middle game (docs/strength.md, "Corners and the model's weight on
# 19x19").
#
# Usage: scripts/estimates.sh [-s STEP] GAME.sgf...
# Prints per record: the estimates in order, then "<- FILE kisen=B|W|-".
# Environment: GNUGO (default /usr/games/gnugo).
set -eu
STEP=20
if [ "${1:-}" = "-s" ]; then
	STEP=${2:?usage: scripts/estimates.sh [-s STEP] GAME.sgf...}
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: scripts/estimates.sh [-s STEP] GAME.sgf..." >&2; exit 2; }
GNUGO=${GNUGO:-/usr/games/gnugo}
for f in "$@"; do
	n=$(grep -o ';[BW]\[' "$f" | wc -l)
	side=-
	grep -q 'PB\[kisen' "$f" && side=B
	grep -q 'PW\[kisen' "$f" && side=W
	{
		for m in $(seq "$STEP" "$STEP" "$n"); do
			echo "loadsgf $f $m"
			echo estimate_score
		done
		echo quit
	} | "$GNUGO" --mode gtp --level 5 2>/dev/null | grep '^= [BW]+' |
		awk -v f="$f" -v side="$side" '{
			v = substr($2, 3) + 0
			if (substr($2, 1, 1) == "W") v = -v
			if (side == "W") v = -v
			printf "%s ", v
		} END { print "<- " f " kisen=" side }'
done
