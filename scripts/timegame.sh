#!/bin/sh
# The clock test of issue 5: a whole 19x19 game, kisen against kisen over
# the virtual null-modem pair, 40 minutes sudden death each, 400-move cap.
# Prints the time left every 40 moves and at the end; the target is more
# than 30 s left on each clock. Takes up to 80 minutes of wall time.
# Usage: scripts/timegame.sh [MAIN_TIME] [SIZE]
set -eu
MAIN=${1:-40m}
SIZE=${2:-19}
OUT=${OUT:-timegame-out}
go build -o /tmp/kisen-timegame ./cmd/kisen
/tmp/kisen-timegame demo --size "$SIZE" --main-time "$MAIN" --ui plain --out "$OUT" | grep -v '^move '
REC=$(ls -t "$OUT"/demo-*/black/*.sgf | head -1)
echo "record: $REC"
# One line per move: number, colour, seconds left (BL/WL).
tr -d '\n' < "$REC" | tr ';' '\n' | sed -n 's/^\([BW]\)\[[a-s]*\]\(.*\)/\1 \2/p' |
	sed -n 's/^\([BW]\) .*[BW]L\[\([0-9.]*\)\].*/\1 \2/p' |
	awk '{ n++; left[$1] = $2 }
	     n % 40 == 0 { printf "move %3d  black %7.1f s  white %7.1f s\n", n, left["B"], left["W"] }
	     END { printf "end (%d moves)  black %7.1f s  white %7.1f s\n", n, left["B"], left["W"] }'
