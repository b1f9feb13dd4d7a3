# kisen — the two set-up commands are `make demo` and `make test`.
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 20s
BIN     := bin/kisen
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: build test demo bench fuzz fuzz-list fuzz-keep vet lint fmt-check clean timegame match9 ab gnugo-ab arena soak killsoak diskfaults

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/kisen

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

# staticcheck is pinned as a tool in go.mod: nothing to install.
lint:
	$(GO) tool staticcheck $(PKGS)

test: fmt-check vet lint
	$(GO) test -race -timeout 14m $(PKGS)

demo: build
	./$(BIN) demo

# Board playout benchmarks (BenchmarkPlayout9/19, ...) and kisen bench's lines.
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 3s ./board/
	./$(BIN) bench --size 9
	./$(BIN) bench --size 19

# Every native fuzz target in the tree, each for FUZZTIME (make fuzz FUZZTIME=10m
# is the campaign of docs/reliability.md); found inputs stay in each package's
# testdata/fuzz and run in every go test. fuzz-list names the targets.
fuzz-list:
	@grep -rH --include='*_test.go' '^func Fuzz' . | sed 's/:func /:/; s/(.*//' | sed 's|^\./||; s|/[^/:]*:| |'

fuzz: fuzz-list
	@grep -rH --include='*_test.go' '^func Fuzz' . | sed 's/:func /:/; s/(.*//' | while IFS=: read -r file fn; do \
		pkg=$$(dirname $$file); echo "== $$pkg $$fn ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) ./$$pkg || exit 1; \
	done

# After a campaign: copy the inputs the fuzzer found interesting (kept in the Go
# cache) into each package's testdata/fuzz, so every go test replays them.
fuzz-keep:
	@cache=$$($(GO) env GOCACHE)/fuzz/$$($(GO) list -m); \
	grep -rH --include='*_test.go' '^func Fuzz' . | sed 's/:func /:/; s/(.*//' | while IFS=: read -r file fn; do \
		pkg=$$(dirname $$file | sed 's|^\./||'); src=$$cache/$$pkg/$$fn; \
		[ -d "$$src" ] || continue; mkdir -p $$pkg/testdata/fuzz/$$fn; \
		n=$$(ls "$$src" | wc -l); cp -n "$$src"/* $$pkg/testdata/fuzz/$$fn/; echo "$$pkg $$fn: $$n inputs"; \
	done

# Reliability runs (docs/reliability.md): about 50 faulted games (SOAKGAMES,
# SEED) and 20 kill -9/resume cycles (KILLS).
SOAKGAMES ?= 50
KILLS     ?= 20
SEED      ?= 0
soak:
	scripts/soak.sh $(SOAKGAMES) $(SEED)

killsoak:
	scripts/killsoak.sh $(KILLS) $(SEED)

# Four disk faults during real games against GNU Go (needs root, socat,
# strace, gnugo): docs/reliability.md, "Disk faults".
diskfaults: build
	scripts/diskfaults.sh

# Long runs, not part of make test; their figures go into docs/strength.md.
timegame:
	scripts/timegame.sh 40m 19

match9:
	scripts/match.sh 50 9 1s 10

# The working tree against revision REV at 1500 playouts/move (make ab REV=HEAD~1).
ab:
	scripts/ab.sh $(REV) 100 1500 9

# The working tree and revision REV, each against GNU Go level 10 on the same
# 100 games at 20,000 playouts/move (make gnugo-ab REV=HEAD~1); needs gnugo.
gnugo-ab:
	scripts/gnugo-ab.sh $(REV) gnugo-ab 100 20000 1

# kisen refereed by cgoban's arena over stdin/stdout (--port -) against GNU Go
# and itself; needs: sudo apt-get install -y cgoban xvfb gnugo. Not part of make test.
arena:
	scripts/arena.sh

clean:
	rm -rf bin
