//go:build linux

package soak

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Config is a soak run: Games games, each with its own seed drawn from
// Seed, Parallel at a time.
type Config struct {
	Games    int
	Parallel int
	Seed     uint64
	Out      string // failing games are kept in Out/gNNNN
	Spec     Spec   // Index and Seed are set per game
	Progress io.Writer
	NewSide  SideFunc
}

// Summary is a run's totals.
type Summary struct {
	Games, Identical, LostMoves, Desyncs, Stuck int
	MaxRecovery                                 time.Duration
	Seed                                        uint64
	Failed                                      []Result
	Took                                        time.Duration
}

// Line is the soak's closing line.
func (s Summary) Line() string {
	return fmt.Sprintf("soak: games=%d identical=%d lost_moves=%d desyncs=%d stuck=%d max_recovery=%.1fs seed=%d",
		s.Games, s.Identical, s.LostMoves, s.Desyncs, s.Stuck, s.MaxRecovery.Seconds(), s.Seed)
}

// OK reports whether every game passed.
func (s Summary) OK() bool { return len(s.Failed) == 0 }

// GameSeed is game i's seed in a run seeded with seed (splitmix64, so
// neighbouring games get unrelated plans).
func GameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Run plays the games and prints one line per game to cfg.Progress.
func Run(ctx context.Context, cfg Config) Summary {
	start := time.Now()
	par := max(1, cfg.Parallel)
	sum := Summary{Seed: cfg.Seed}
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for range par {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games || ctx.Err() != nil {
					return
				}
				spec := cfg.Spec
				spec.Index, spec.Seed = i+1, GameSeed(cfg.Seed, i)
				r := PlayGame(ctx, spec, filepath.Join(cfg.Out, fmt.Sprintf("g%04d", i+1)), cfg.NewSide, false)
				if ctx.Err() != nil {
					return // interrupted: the game proves nothing
				}
				mu.Lock()
				sum.add(r)
				if cfg.Progress != nil {
					fmt.Fprintf(cfg.Progress, "[%d/%d] %s\n", sum.Games, cfg.Games, r.Line1())
					if r.Kept != "" && !r.OK() {
						fmt.Fprintf(cfg.Progress, "        kept in %s (kisen soak --replay %s)\n", r.Kept, r.Kept)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sum.Took = time.Since(start)
	return sum
}

func (s *Summary) add(r Result) {
	s.Games++
	if r.Identical {
		s.Identical++
	}
	if !r.Stuck {
		// A suspended game's records may differ by the move in flight,
		// which the resume delivers; the game counts as stuck.
		s.LostMoves += r.Lost
	}
	if r.Desync {
		s.Desyncs++
	}
	if r.Stuck {
		s.Stuck++
	}
	s.MaxRecovery = max(s.MaxRecovery, r.Line.MaxRecovery)
	if !r.OK() {
		s.Failed = append(s.Failed, r)
	}
}

// ReadSpec reads a kept game's plan.
func ReadSpec(dir string) (Spec, error) {
	data, err := os.ReadFile(filepath.Join(dir, "game.json"))
	if err != nil {
		return Spec{}, fmt.Errorf("replay: %w (give the folder of a failed soak game)", err)
	}
	var s Spec
	if err := json.Unmarshal(data, &s); err != nil {
		return Spec{}, fmt.Errorf("replay: %s/game.json: %w", dir, err)
	}
	return s, nil
}

// Replay plays a kept game's plan again in dir/replay-TIME (always kept).
func Replay(ctx context.Context, dir string, newSide SideFunc) (Result, error) {
	spec, err := ReadSpec(dir)
	if err != nil {
		return Result{}, err
	}
	out := filepath.Join(dir, "replay-"+time.Now().Format("150405"))
	return PlayGame(ctx, spec, out, newSide, true), nil
}
