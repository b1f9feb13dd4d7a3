#!/bin/sh
# The game records the learned move model (engine/moves.model) is fitted
# to: kisen against GNU Go 3.8 level 10, and kisen against itself, on 9x9
# at 3000 playouts a move (one thread each), the two streams side by side.
# Both sides' moves are used. kisen plays with --no-model (the hand-set
# priors), so that the records do not depend on an earlier model.
# Usage: scripts/corpus.sh DIR [GAMES]   then   go run ./scripts/mmfit DIR/gg9 DIR/self9
set -eu
DIR=${1:?usage: scripts/corpus.sh DIR [GAMES]}
GAMES=${2:-400}
mkdir -p "$DIR"
go build -o "$DIR/kisen" ./cmd/kisen
K="$DIR/kisen"
"$K" match --no-model --opponent-cmd "/usr/games/gnugo --mode gtp --level 10" --opponent gnugo10 \
	--playouts 3000 --threads 1 --games "$GAMES" --size 9 --out "$DIR/gg9" >"$DIR/gg9.log" 2>&1 &
"$K" match --no-model --opponent-cmd "$K gtp --no-model --playouts 3000 --threads 1" --opponent kisen3000 \
	--playouts 3000 --threads 1 --games "$GAMES" --size 9 --out "$DIR/self9" >"$DIR/self9.log" 2>&1 &
wait
tail -n 1 "$DIR/gg9.log" "$DIR/self9.log"
