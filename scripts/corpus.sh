#!/bin/sh
# The game records the learned move model (engine/moves.model) is fitted
# to: kisen against GNU Go 3.8 level 10, and kisen against itself, on 9x9
# at PLAYOUTS playouts a move (one thread each), the two streams side by
# side. Both sides' moves are used. With PRIORS=hand (the default, as for
# the first model) kisen plays with --no-model, so that the records do not
# depend on an earlier model; PRIORS=model lets the current model play,
# for records of stronger play (docs/model.md).
# Usage: scripts/corpus.sh DIR [GAMES] [PLAYOUTS]   then   go run ./scripts/mmfit DIR/gg9 DIR/self9
set -eu
DIR=${1:?usage: scripts/corpus.sh DIR [GAMES] [PLAYOUTS]}
GAMES=${2:-400}
PLAYOUTS=${3:-3000}
case ${PRIORS:-hand} in
hand) NM=--no-model ;;
model) NM= ;;
*) echo "PRIORS is hand or model" >&2; exit 2 ;;
esac
mkdir -p "$DIR"
go build -o "$DIR/kisen" ./cmd/kisen
K="$DIR/kisen"
"$K" match $NM --opponent-cmd "/usr/games/gnugo --mode gtp --level 10" --opponent gnugo10 \
	--playouts "$PLAYOUTS" --threads 1 --games "$GAMES" --size 9 --out "$DIR/gg9" >"$DIR/gg9.log" 2>&1 &
"$K" match $NM --opponent-cmd "$K gtp $NM --playouts $PLAYOUTS --threads 1" --opponent "kisen$PLAYOUTS" \
	--playouts "$PLAYOUTS" --threads 1 --games "$GAMES" --size 9 --out "$DIR/self9" >"$DIR/self9.log" 2>&1 &
wait
tail -n 1 "$DIR/gg9.log" "$DIR/self9.log"
