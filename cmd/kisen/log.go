package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"golang.org/x/term"
)

// newLogger builds the program's one logger: a human console writer on
// stderr at consoleLevel (colour only on a terminal) and, when file is not
// empty, a JSON log appended to file at trace level (protocol bytes go
// there). The returned function syncs and closes the file.
func newLogger(stderr io.Writer, file string, consoleLevel string) (zerolog.Logger, func() error, error) {
	if consoleLevel == "" {
		consoleLevel = "info"
	}
	level, err := zerolog.ParseLevel(strings.ToLower(consoleLevel))
	if err != nil || level == zerolog.NoLevel {
		return zerolog.Nop(), nil, fmt.Errorf("log level %q: want trace, debug, info, warn or error", consoleLevel)
	}
	console := zerolog.ConsoleWriter{Out: stderr, TimeFormat: "15:04:05.000", NoColor: !colourTerminal(stderr)}
	if file == "" {
		l := zerolog.New(console).Level(level).Hook(timeHook{})
		return l, func() error { return nil }, nil
	}
	f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return zerolog.Nop(), nil, fmt.Errorf("log file: %w", err)
	}
	w := zerolog.MultiLevelWriter(
		&zerolog.FilteredLevelWriter{Writer: zerolog.LevelWriterAdapter{Writer: console}, Level: level},
		f,
	)
	// The logger lets everything through; the console filters its own.
	l := zerolog.New(w).Level(zerolog.TraceLevel).Hook(timeHook{})
	closeFn := func() error {
		if err := f.Sync(); err != nil {
			f.Close()
			return fmt.Errorf("log file: %w", err)
		}
		return f.Close()
	}
	return l, closeFn, nil
}

// timeHook stamps each event with the time in nanoseconds (RFC 3339):
// protocol traces need sub-second times, and zerolog's own format setting
// is process-global.
type timeHook struct{}

func (timeHook) Run(e *zerolog.Event, _ zerolog.Level, _ string) {
	e.Str(zerolog.TimestampFieldName, time.Now().Format(time.RFC3339Nano))
}

// colourTerminal reports whether w is a terminal that wants colour.
func colourTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}
