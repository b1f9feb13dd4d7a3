#!/bin/sh
# GNU Go 3.8's count of a game record's final position: final_score under
# Japanese rules with the record's komi, printed as "B+3.5", "W+0.5" or
# "0". The scorer that scripts/gtpmatch.sh and scripts/judgecheck.sh
# compare kisen with. GNUGO names the binary (default /usr/games/gnugo).
# Usage: scripts/gnugo-count.sh FILE.sgf
set -eu
f=${1:?usage: scripts/gnugo-count.sh FILE.sgf}
printf 'loadsgf %s\nfinal_score\nquit\n' "$f" |
	"${GNUGO:-/usr/games/gnugo}" --mode gtp --japanese-rules | sed -n 's/^= \(.\+\)$/\1/p' | tail -1
