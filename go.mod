module github.com/kisen-go/kisen

go 1.26.0

require (
	github.com/gdamore/tcell/v2 v2.13.10
	github.com/google/go-cmp v0.7.0
	github.com/rs/zerolog v1.35.1
	go.bug.st/serial v1.8.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/gdamore/encoding v1.0.1 // indirect
	github.com/lucasb-eyer/go-colorful v1.3.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/text v0.31.0 // indirect
)
