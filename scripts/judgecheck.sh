#!/bin/sh
# The judge against GNU Go on game records: for every record in DIR...
# that ended by a count (not by resignation, time or an illegal move),
# `kisen score --json` and GNU Go 3.8's final_score (Japanese rules).
# Prints each record whose two counts differ, then "agree N of M".
# Usage: scripts/judgecheck.sh KISEN_BINARY DIR...   (docs/judgement.md)
set -eu
K=${1:?usage: scripts/judgecheck.sh KISEN_BINARY DIR...}
shift
GNUGO=${GNUGO:-/usr/games/gnugo}
agree=0
n=0
for d in "$@"; do
	for f in "$d"/*.sgf; do
		[ -f "$f" ] || continue
		re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
		case $re in *+R | *+F | *+T | "") continue ;; esac
		k=$("$K" score --json "$f" 2>/dev/null | sed -n 's/.*"result": *"\([^"]*\)".*/\1/p' | head -1)
		g=$(GNUGO="$GNUGO" "$(dirname "$0")/gnugo-count.sh" "$f")
		n=$((n + 1))
		if [ "$k" = "$g" ]; then
			agree=$((agree + 1))
		else
			echo "$f: kisen $k, GNU Go $g, record $re"
		fi
	done
done
echo "agree $agree of $n"
