# Sourced by ab.sh and gnugo-ab.sh: builds the kisen of git revision $REV
# as $tmp/kisen-base and the working tree's as $tmp/kisen-new, in a
# temporary folder $tmp that is removed when the calling script exits.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/base"
git archive "$REV" | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/kisen-base" ./cmd/kisen)
go build -o "$tmp/kisen-new" ./cmd/kisen
