#!/bin/sh
# Equal-time match: kisen against any GTP engine (e.g. Pachi at a fixed
# playout count), alternating colours, Japanese rules, komi 6.5, with GNU Go
# 3.8 as the scorer. `kisen match` times the opponent's genmove calls; this
# script adds the load average (sampled every 30 s), re-counts every game
# that ended by two passes with GNU Go's final_score (the opponent's own
# count is not trusted), and prints wins, the 95% Wilson interval, the
# wins by kisen's colour, the opponent's mean seconds per move over all its
# moves, kisen's seconds, new playouts and kept subtree per searched move,
# and kisen's seconds per move over all its moves.
#
# Usage: scripts/gtpmatch.sh "OPPONENT COMMAND" [GAMES] [SIZE] [MOVE_TIME] [DIR] [FIRST]
# MOVE_TIME "root=N" gives kisen a fixed root count, as Pachi's -t =N: it
# stops when its root holds N visits, the subtree kept from the last move
# included (`kisen match --count-kept`), so its time leans to the moves it
# did not expect, as Pachi's does.
# MOVE_TIME "bank=D" makes D kisen's mean time a move (`kisen match
# --bank`): what a move saves, its kept subtree counted as time spent,
# goes to later moves, so it leans as the root count does at a mean set
# by the clock, not by the machine's speed.
# MOVE_TIME "D" (e.g. 1s) is `kisen match --move-time D`, a root count from
# D: the game's first search runs 2.2 D, and the visits its rate gives in
# that time are the root count of every later move. "fixed=D" gives every
# move all of D (`--fixed-time`; plain "D" did so before 2026-11-28).
# MOVE_TIME "main=D" puts both sides on a sudden-death clock of D each
# (`kisen match --main-time D`; the opponent gets time_settings and
# time_left): kisen searches the clock's time window for each move,
# stopping early once the best move is settled, and KISEN_ARGS=--clock-plan
# makes the visit plan a root count from the clock's time for the move.
# MOVE_TIME "=N" gives kisen a fixed N playouts a move instead of a time: a
# match at fixed effort on both sides does not depend on the machine's load,
# so two can run side by side (THREADS=1 each on two cores). THREADS (default
# 2) is kisen's thread count. KISEN_BIN runs that kisen binary (an A/B arm
# built elsewhere) instead of building this tree; the environment is passed
# on to it and to the opponent. KISEN_ARGS adds flags to `kisen match`
# (e.g. KISEN_ARGS=--no-replies for an A/B arm of the same binary).
# The opponent command is split on spaces (a wrapper script that cd's into
# the engine's folder does for engines that load files from there). DIR
# (default ./gtpmatch-SIZE) gets the SGF records, match.txt (the raw
# `kisen match` output), load.txt and result.txt.
set -eu
OPP=${1:?usage: scripts/gtpmatch.sh "OPPONENT COMMAND" [GAMES] [SIZE] [MOVE_TIME] [DIR] [FIRST]}
GAMES=${2:-10}
SIZE=${3:-9}
MOVE_TIME=${4:-1s}
DIR=${5:-gtpmatch-$SIZE}
FIRST=${6:-1}
GNUGO=${GNUGO:-/usr/games/gnugo}
THREADS=${THREADS:-2}

mkdir -p "$DIR"
if [ -n "${KISEN_BIN:-}" ]; then
	KISEN=$KISEN_BIN
	commit="binary $KISEN_BIN"
else
	KISEN=${KISEN:-/tmp/kisen-gtpmatch-$$}
	built=$KISEN
	go build -o "$KISEN" ./cmd/kisen
	commit=$(git rev-parse --short HEAD)
	if ! git diff --quiet HEAD -- . 2>/dev/null; then
		commit="$commit+dirty"
	fi
fi
case $MOVE_TIME in
bank=*) effort="--move-time ${MOVE_TIME#bank=} --bank" ;;
fixed=*) effort="--move-time ${MOVE_TIME#fixed=} --fixed-time" ;;
main=*) effort="--main-time ${MOVE_TIME#main=}" ;;
root=*) effort="--playouts ${MOVE_TIME#root=} --count-kept" ;;
=*) effort="--playouts ${MOVE_TIME#=}" ;;
*) effort="--move-time $MOVE_TIME" ;;
esac
effort="$effort${KISEN_ARGS:+ $KISEN_ARGS}"
{
	echo "commit $commit, started $(date -u '+%F %T') UTC"
	echo "kisen: $effort, $THREADS threads; opponent: $OPP"
} >"$DIR/result.txt"

(while :; do
	echo "$(date -u +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
	sleep 30
done) >>"$DIR/load.txt" &
sampler=$!
trap 'kill "$sampler" 2>/dev/null; rm -f "${built:-}"' EXIT INT TERM

"$KISEN" match --opponent-cmd "$OPP" --games "$GAMES" --first "$FIRST" --size "$SIZE" \
	$effort --threads "$THREADS" --out "$DIR" | tee "$DIR/match.txt"

# Re-count with GNU Go: a game that ended by two passes or the move cap
# gets GNU Go's final_score (Japanese rules, the record's komi);
# resignations (+R) and illegal moves (+F) keep their result.
g=$FIRST
while [ "$g" -lt $((FIRST + GAMES)) ]; do
	f=$(printf '%s/game-%03d.sgf' "$DIR" "$g")
	[ -f "$f" ] || { g=$((g + 1)); continue; }
	re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
	case $re in
	*+R | *+F) score=$re ;;
	*) score=$(GNUGO="$GNUGO" "$(dirname "$0")/gnugo-count.sh" "$f") ;;
	esac
	us=B
	[ $((g % 2)) -eq 0 ] && us=W
	won=0
	case $score in "$us"+*) won=1 ;; esac
	echo "game $g: kisen $us, record's count $re, GNU Go $score, kisen $([ $won = 1 ] && echo wins || echo loses)"
	g=$((g + 1))
done | tee -a "$DIR/result.txt"
# From the game lines: wins with the 95% Wilson interval, wins by kisen's
# colour, and the games GNU Go counts otherwise than the record does (a
# win follows GNU Go's count).
awk '/^game / {
		n++; c = $4; sub(",", "", c); games[c]++
		if ($NF == "wins") { k++; w[c]++ }
		if ($7 != $10) d = d " " ($2 + 0) # "11:" reads as 11
	}
	END {
		if (n == 0) { print "no games"; exit }
		z = 1.96; p = k / n; q = 1 + z*z/n
		mid = (p + z*z/(2*n)) / q; half = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / q
		lo = mid - half; hi = mid + half; if (lo < 0) lo = 0; if (hi > 1) hi = 1
		printf "wins=%d losses=%d games=%d winrate=%.3f ci95=[%.3f,%.3f]\n", k, n-k, n, p, lo, hi
		printf "kisen as Black %d of %d, as White %d of %d\n", w["B"], games["B"], w["W"], games["W"]
		if (d != "") printf "GNU Go counts otherwise than the record in games%s\n", d
	}' "$DIR/result.txt" | tee -a "$DIR/result.txt"
# The opponent's mean time per move over all its genmoves, and kisen's
# time, new playouts and kept subtree per searched move. A game where kisen
# searched nothing prints no "reused" (the first expression gives it 0)
# and 0 searched moves. kisen's time is also given over all its moves
# (Black's share of the game's moves is the odd-numbered ones), book and
# forced moves counted at nothing, as the opponent's mean counts every
# move it made.
sed -n -e 's/s each, opponent/s each, 0 reused, opponent/' \
	-e 's/^game [0-9]*: kisen \([a-z]*\), .*, moves \([0-9]*\), kisen [a-z]*, searched \([0-9]*\) moves, \([0-9]*\) playouts and \([0-9.]*\)s each, \([0-9]*\) reused, opponent \([0-9.]*\)s per move over \([0-9]*\) moves.*/\3 \5 \7 \8 \4 \6 \2 \1/p' \
	"$DIR/match.txt" | awk '{ km += $1; ks += $1*$2; om += $4; os += $3*$4; kp += $1*$5; kr += $1*$6
		ka += $8 == "black" ? int(($7 + 1) / 2) : int($7 / 2) }
	END { per = km > 0 ? km : 1 # kisen searched nothing: its figures print as 0
		if (om > 0) printf "kisen %.2fs, %.0f playouts and %.0f reused per searched move (%d moves), opponent %.2fs per move (%d moves)\n", ks/per, kp/per, kr/per, km, os/om, om
		if (ka > 0) printf "kisen %.2fs per move over all its %d moves\n", ks/ka, ka }' |
	tee -a "$DIR/result.txt"
awk '{ s += $2; if ($2 > m) m = $2; n++ } END { if (n) printf "load average (1 min): mean %.2f, max %.2f over %d samples\n", s/n, m, n }' \
	"$DIR/load.txt" | tee -a "$DIR/result.txt"
echo "finished $(date -u '+%F %T') UTC" >>"$DIR/result.txt"
