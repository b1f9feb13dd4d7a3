#!/bin/sh
# kill -9 anywhere: two `kisen play` processes over a virtual cable; either is
# killed with SIGKILL while sending, waiting for an OK, thinking or writing its
# journal, then resumed with --resume. Usage: scripts/killsoak.sh [KILLS] [SEED] [OUT]
# The last line: kill: kills=N resumed=N same_position=N clocks_within_1s=N ...
set -eu
KILLS=${1:-20}
SEED=${2:-0}
OUT=${3:-games/kill-$(date +%Y%m%d-%H%M%S)}
go build -o /tmp/kisen-kill ./cmd/kisen
exec /tmp/kisen-kill soak --kill "$KILLS" --seed "$SEED" --out "$OUT"
