#!/bin/bash
# Disk faults during a real game (docs/reliability.md, "Disk faults"):
# kisen (White, 9x9) plays GNU Go (Black, --mode sgmp) over a socat pty
# pair while its record folder fails in one of four ways. Needs root (a
# tmpfs mount, setpriv), socat, strace and /usr/games/gnugo. Each fault
# leaves its folders under $WORK/NAME; the summary says what the operator
# saw and which records hold how many moves.
#
#   scripts/diskfaults.sh [readonly|full|eio-once|eio-always]...
set -u
KISEN=${KISEN:-bin/kisen}
WORK=${WORK:-/tmp/kisen-diskfaults}
KISEN=$(realpath "$KISEN")
faults=("$@")
[ ${#faults[@]} -eq 0 ] && faults=(readonly full eio-once eio-always)

# game NAME OUT FAULT DELAY [WRAPPER...]: one game; FAULT runs DELAY s after the start.
game() {
	local name=$1 out=$2 fault=$3 delay=$4; shift 4
	local d=$WORK/$name
	mkdir -p "$d/tmp" "$d/home" && chmod 777 "$d" "$d/tmp" "$d/home"
	socat PTY,link="$d/tty",rawer,wait-slave,perm=0666 \
		EXEC:"/usr/games/gnugo --mode sgmp --color black --boardsize 9 --komi 6.5 --level 1" 2>"$d/socat.err" &
	local sp=$!
	sleep 0.5
	(sleep "$delay"; eval "$fault") &
	local fp=$!
	# GNU Go runs on this machine: kisen does not ponder on its time.
	KISEN_ENGINE_PONDER=false TMPDIR=$d/tmp HOME=$d/home timeout 300 "$@" "$KISEN" play --port "$d/tty" --color white --size 9 --komi 6.5 \
		--move-time 600ms --opponent gnugo --out "$out" --ui plain --log-file "$d/kisen.log" >"$d/out.txt" 2>"$d/err.txt"
	echo "exit=$?" >>"$d/out.txt"
	wait $fp
	kill $sp 2>/dev/null
	echo "== $name"
	grep -h '^notice:' "$d/out.txt" | cut -c1-160
	grep -h '^record:\|^WARNING\|^exit=' "$d/out.txt"
	grep -h '^kisen:' "$d/err.txt"
	find "$d" "$out" -name '*.sgf' | sort -u | while read -r f; do "$KISEN" sgf check "$f"; done
}

rm -rf "$WORK"; mkdir -p "$WORK"; chmod 777 "$WORK"
for f in "${faults[@]}"; do
	case $f in
	readonly) # as a user (root writes through permissions): the folder turns read-only
		mkdir -p "$WORK/readonly/games" && chmod 777 "$WORK/readonly/games"
		game readonly "$WORK/readonly/games" "chmod 555 $WORK/readonly/games" 4 \
			setpriv --reuid=65534 --regid=65534 --clear-groups ;;
	full) # a 256 KiB tmpfs filled up mid-game
		mkdir -p "$WORK/full/games" && mount -t tmpfs -o size=256k tmpfs "$WORK/full/games"
		game full "$WORK/full/games" "dd if=/dev/zero of=$WORK/full/games/fill bs=4k 2>/dev/null" 4
		cp -a "$WORK/full/games" "$WORK/full/games.kept"; umount "$WORK/full/games" ;;
	eio-once) # each thread's 15th fsync fails with EIO
		mkdir -p "$WORK/eio-once/games"
		game eio-once "$WORK/eio-once/games" true 1 \
			strace -f -o "$WORK/eio-once/strace.txt" -e trace=fsync -e inject=fsync:error=EIO:when=15 ;;
	eio-always) # every fsync from each thread's 15th on fails: no folder can be written
		mkdir -p "$WORK/eio-always/games"
		game eio-always "$WORK/eio-always/games" true 1 \
			strace -f -o "$WORK/eio-always/strace.txt" -e trace=fsync -e inject=fsync:error=EIO:when=15+ ;;
	*) echo "unknown fault $f (readonly, full, eio-once, eio-always)"; exit 2 ;;
	esac
done
