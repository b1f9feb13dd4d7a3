#!/bin/sh
# kisen refereed by an outside program: cgoban 1.9.14's arena runs two GMP
# programs over their standard input and output (kisen with --port -) and
# plays one 9x9 game, Chinese rules, komi 5.5, for each pairing:
# kisen-gnugo, gnugo-kisen (Black first) and kisen-kisen. A game passes when
# every record written (kisen's SGF, GNU Go's -o SGF) holds the same moves.
# Needs: sudo apt-get install -y cgoban xvfb gnugo
# Usage: scripts/arena.sh [MOVE_TIME]; work files stay in the folder printed.
set -eu
for f in /usr/games/cgoban /usr/games/gnugo; do
	[ -x "$f" ] || { echo "arena: $f is missing: sudo apt-get install -y cgoban xvfb gnugo" >&2; exit 1; }
done
command -v xvfb-run >/dev/null || { echo "arena: xvfb-run is missing: sudo apt-get install -y xvfb" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d /tmp/kisen-arena.XXXXXX)
case "$here$root" in *" "*) echo "arena: cgoban splits its command on blanks: run from a path without spaces" >&2; exit 1 ;; esac
go build -o "$root/kisen" ./cmd/kisen
export ARENA_KISEN="$root/kisen" ARENA_SIZE=9 ARENA_KOMI=5.5 ARENA_MOVE_TIME="${1:-100ms}"
echo "arena: work folder $root"

# moves FILE: the record's moves on one line, B[..] W[..] ...
moves() { grep -o ';[BW]\[[a-z]*\]' "$1" | tr -d ';' | tr '\n' ' '; }

# trailing_pass A B: A is B and one more pass. cgoban ends the game on the
# second pass without passing it on, so the other program's record may
# lack it.
trailing_pass() { [ "$1" = "${2}B[] " ] || [ "$1" = "${2}W[] " ]; }

failed=0
game() {
	name=$1 black=$2 white=$3
	export ARENA_DIR="$root/$name"
	mkdir -p "$ARENA_DIR"
	start=$(date +%s)
	if ! timeout 600 xvfb-run -a /usr/games/cgoban -arena.games 1 -arena.size 9 -arena.komi 5.5 \
		-arena.prog1 "$here/arena-dispatch.sh $black $white" >"$ARENA_DIR/cgoban.out" 2>&1; then
		echo "arena: $name: cgoban failed or timed out (see $ARENA_DIR)"
		failed=1
		return
	fi
	# cgoban exits on the second pass; the programs it started (each in its
	# own session) still judge, count and write their records: wait for them.
	for pid in $(cut -d' ' -f1 "$ARENA_DIR/dispatch.log"); do
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 600 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	done
	secs=$(($(date +%s) - start))
	ref="" refname="" ok=1 results=""
	for rec in "$ARENA_DIR"/kisen-black/*.sgf "$ARENA_DIR"/kisen-white/*.sgf "$ARENA_DIR"/gnugo-*.sgf; do
		[ -f "$rec" ] || continue
		m=$(moves "$rec")
		res=$(grep -o 'RE\[[^]]*\]' "$rec" || echo 'RE[]')
		case "$rec:$res" in */kisen-black/*:"RE[]" | */kisen-white/*:"RE[]")
			echo "arena: $name: kisen's record $rec has no result (see ${rec%/*}.err)"
			ok=0
			;;
		esac
		who=${rec#"$ARENA_DIR"/}
		results="$results ${who%%/*}:$res"
		if [ -z "$refname" ] || trailing_pass "$m" "$ref"; then
			ref=$m refname=$rec
		elif [ "$m" != "$ref" ] && ! trailing_pass "$m" "$ref" && ! trailing_pass "$ref" "$m"; then
			echo "arena: $name: $rec differs from $refname:"
			echo "  $m"
			echo "  $ref"
			ok=0
		fi
	done
	n=$(echo "$ref" | wc -w)
	if [ -z "$refname" ] || [ "$n" -lt 4 ]; then
		echo "arena: $name: no game recorded (see $ARENA_DIR)"
		ok=0
	fi
	if [ $ok = 1 ]; then
		echo "arena: $name: ok, $n moves in ${secs}s, records identical;$results; cgoban: $(tr '\n' ' ' <"$ARENA_DIR/cgoban.out")"
	else
		failed=1
	fi
}

game kisen-gnugo kisen gnugo
game gnugo-kisen gnugo kisen
game kisen-kisen kisen kisen
if [ $failed = 0 ]; then
	echo "arena: all games passed"
	rm -rf "$root"
else
	echo "arena: FAILED (work files in $root)"
	exit 1
fi
