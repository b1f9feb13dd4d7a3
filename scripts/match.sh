#!/bin/sh
# Strength match: kisen against GNU Go 3.8 over GTP, alternating colours,
# Japanese rules, komi 6.5. Usage: scripts/match.sh [GAMES] [SIZE] [MOVE_TIME] [LEVEL]
# Records go to ./match-sgf-SIZE; the last line has wins, losses, 95% interval.
set -eu
GAMES=${1:-50}
SIZE=${2:-9}
MOVE_TIME=${3:-1s}
LEVEL=${4:-10}
go build -o /tmp/kisen-match ./cmd/kisen
exec /tmp/kisen-match match \
	--opponent-cmd "/usr/games/gnugo --mode gtp --level $LEVEL" \
	--games "$GAMES" --size "$SIZE" --move-time "$MOVE_TIME" \
	--out "match-sgf-$SIZE"
