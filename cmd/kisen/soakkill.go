package main

import (
	"context"
	"errors"
	"io"
)

type killConfig struct {
	Kills int
	Seed  uint64
	Out   string
	Size  int
}

func runKillHarness(ctx context.Context, cfg killConfig, stdout io.Writer) error {
	return errors.New("not yet")
}
