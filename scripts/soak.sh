#!/bin/sh
# Faulted null-modem soak: kisen against kisen in one process over a virtual
# cable that corrupts, drops, duplicates, stalls, crosses and unplugs.
# Usage: scripts/soak.sh [GAMES] [SEED] [OUT]   (docs/reliability.md)
# The last line: soak: games=N identical=N lost_moves=0 desyncs=0 stuck=0 ...
set -eu
GAMES=${1:-50}
SEED=${2:-0}
OUT=${3:-games/soak-$(date +%Y%m%d-%H%M%S)}
go build -o /tmp/kisen-soak ./cmd/kisen
exec /tmp/kisen-soak soak --games "$GAMES" --seed "$SEED" --out "$OUT"
