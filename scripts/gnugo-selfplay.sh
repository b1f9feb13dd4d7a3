#!/usr/bin/env bash
# Records for the learned move model on a board where kisen's own play is
# too slow to make a corpus (19x19, 13x13), or of a stronger player: one
# GTP engine plays both colours in one process, game N with random seed N,
# until two passes, a resignation or the 400-move cap, and writes
# DIR/game-NNN.sgf. The engine is GNU Go at LEVEL, or the command in ENGINE
# (named NAME in the records); %d in ENGINE stands for the game's number,
# for an engine that takes its seed on the command line, since not every
# engine knows set_random_seed.
# Run two of these side by side on two cores (FIRST apart).
# Usage: [ENGINE="CMD" NAME=N] scripts/gnugo-selfplay.sh DIR SIZE FIRST LAST [LEVEL]
#   then: go run ./scripts/mmfit -o engine/moves19.model DIR...
set -euo pipefail
DIR=${1:?usage: scripts/gnugo-selfplay.sh DIR SIZE FIRST LAST [LEVEL]}
SIZE=${2:?size}
FIRST=${3:?first game}
LAST=${4:?last game}
LEVEL=${5:-10}
GNUGO=${GNUGO:-/usr/games/gnugo}
ENGINE=${ENGINE:-$GNUGO --mode gtp --level $LEVEL}
NAME=${NAME:-GNU Go $LEVEL}
mkdir -p "$DIR"

# ask sends one GTP command and sets REPLY to the answer's text ("" for
# "="); on a "?" answer it returns 1 with the answer in REPLY.
ask() {
	echo "$1" >&"${G[1]}"
	local line out=""
	while IFS= read -r line <&"${G[0]}"; do
		[ -z "$line" ] && break
		out+="$line"
	done
	case $out in
	"="*) REPLY=${out#=}; REPLY=${REPLY# } ;;
	*) REPLY=$out; return 1 ;;
	esac
}

# must is ask for a command whose refusal would make the record wrong.
must() {
	ask "$1" || { echo "gnugo-selfplay: '$1' answered '$REPLY'" >&2; exit 1; }
}

# sgfpoint prints GTP vertex $1 (Q16, pass) as an SGF point ([] for a pass).
sgfpoint() {
	local v=${1^^} cols=ABCDEFGHJKLMNOPQRST letters=abcdefghijklmnopqrs
	[ "$v" = PASS ] && { printf '[]'; return; }
	local r=${v:1} i=${cols%%"${v:0:1}"*}
	i=${#i}
	printf '[%s%s]' "${letters:i:1}" "${letters:SIZE-r:1}"
}

for ((n = FIRST; n <= LAST; n++)); do
	out=$(printf '%s/game-%03d.sgf' "$DIR" "$n")
	[ -s "$out" ] && continue # a run that was stopped goes on where it was
	# shellcheck disable=SC2086 # the command is split on spaces
	coproc G { exec ${ENGINE//%d/$n}; }
	must "boardsize $SIZE"
	must "clear_board"
	must "komi 6.5"
	ask "set_random_seed $n" || true # the seed may be on the command line
	passes=0 moves=0 colour=black
	sgf="(;GM[1]FF[4]CA[UTF-8]AP[gnugo-selfplay.sh]SZ[$SIZE]KM[6.5]RU[Japanese]PB[$NAME]PW[$NAME]GC[random seed $n]"
	body=""
	while ((moves < 400)); do
		must "genmove $colour"
		moves=$((moves + 1))
		case ${REPLY^^} in
		PASS) passes=$((passes + 1)) ;;
		RESIGN)
			[ $colour = black ] && res=W+R || res=B+R
			break
			;;
		*) passes=0 ;;
		esac
		body+=";${colour:0:1}$(sgfpoint "$REPLY")"
		((passes < 2)) || break
		[ $colour = black ] && colour=white || colour=black
	done
	body=${body//;b/;B}
	body=${body//;w/;W}
	if [ "${REPLY^^}" != RESIGN ]; then
		if ask "final_score"; then
			res=$REPLY
		else
			res=? # the engine does not count; mmfit needs only the moves
		fi
	fi
	printf '%sRE[%s]\n%s)\n' "$sgf" "$res" "$body" >"$out.part"
	mv "$out.part" "$out"
	echo quit >&"${G[1]}"
	wait "$G_PID" 2>/dev/null || true
	echo "game $n: $moves moves, $res"
done
