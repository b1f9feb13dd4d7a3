#!/bin/sh
# One program of a cgoban arena game. cgoban 1.9.14 forks -arena.prog1
# twice (never -arena.prog2) and splits it on blanks with no shell, so both
# copies run this script with the same two words: the Black program and the
# White one (kisen or gnugo). The copy with the lower process id is Black.
# Settings come from the environment scripts/arena.sh exports.
# Usage (as cgoban runs it): scripts/arena-dispatch.sh BLACK WHITE
set -eu
: "${ARENA_DIR:?run scripts/arena.sh, which sets ARENA_DIR}"
SIZE=${ARENA_SIZE:-9}
KOMI=${ARENA_KOMI:-5.5}

# Wait until cgoban has forked both copies, then compare process ids.
i=0
while [ "$(pgrep -P "$PPID" | wc -l)" -lt 2 ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
first=$(pgrep -P "$PPID" | sort -n | head -n 1)
if [ "$first" = "$$" ]; then
	col=black prog=$1 other=$2
else
	col=white prog=$2 other=$1
fi
echo "$$ $col $prog" >>"$ARENA_DIR/dispatch.log"

# setsid: no controlling terminal, so kisen's display goes to stderr (the
# file below) and never competes for the terminal of whoever ran make. No
# pondering: the arena's other program runs on this machine.
case $prog in
kisen)
	exec env KISEN_GAME_RULES=chinese KISEN_ENGINE_RESIGN=false KISEN_ENGINE_PONDER=false setsid "$ARENA_KISEN" play --port - --mode gmp \
		--color "$col" --size "$SIZE" --komi "$KOMI" --main-time 30m --move-time "${ARENA_MOVE_TIME:-100ms}" \
		--ui plain --out "$ARENA_DIR/kisen-$col" --player "kisen-$col" --opponent "$other-$(test $col = black && echo white || echo black)" \
		--log-file "$ARENA_DIR/kisen-$col.log" 2>"$ARENA_DIR/kisen-$col.err"
	;;
gnugo)
	exec setsid /usr/games/gnugo --mode gmp --chinese-rules --quiet --level "${ARENA_GNUGO_LEVEL:-1}" \
		--color "$col" --boardsize "$SIZE" --komi "$KOMI" -o "$ARENA_DIR/gnugo-$col.sgf" 2>"$ARENA_DIR/gnugo-$col.err"
	;;
*)
	echo "arena-dispatch: unknown program $prog: want kisen or gnugo" >&2
	exit 2
	;;
esac
