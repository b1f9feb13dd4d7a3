package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kisen-go/kisen/config"
)

func errHelp() error { return flag.ErrHelp }

func runConfig(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("config: want a sub-command: kisen config check [--config FILE]")}
	}
	switch args[0] {
	case "check":
		return runConfigCheck(ctx, args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprintln(stderr, "Usage: kisen config check [--config FILE]")
		return errHelp()
	default:
		return usageError{fmt.Errorf("config: unknown sub-command %q: kisen config check [--config FILE]", args[0])}
	}
}

// runConfigCheck prints the effective configuration (defaults, file,
// environment) as YAML, or every error in it, one per line.
func runConfigCheck(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("config check", "[--config FILE | FILE]",
		"Reads the configuration as every verb does (defaults, then the file, then KISEN_ variables),\n"+
			"validates it and prints the result as YAML, or all the errors. Exit 0 when valid, 1 otherwise.", stderr)
	path := fs.String("config", "", "configuration file (default: $KISEN_CONFIG, ./kisen.yaml, or the user's config dir)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 1 || fs.NArg() == 1 && *path != "":
		return usageError{errors.New("config check: give one file, as --config FILE or FILE")}
	case fs.NArg() == 1:
		*path = fs.Arg(0)
	}
	file, err := configPath(*path)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
		for _, l := range lines {
			fmt.Fprintln(stderr, l)
		}
		return fmt.Errorf("config check: %s in the configuration", plural(len(lines), "problem"))
	}
	src := "defaults only (no configuration file)"
	if file != "" {
		src = file
	}
	var envs []string
	for _, v := range config.EnvVars() {
		if _, ok := os.LookupEnv(v[0]); ok {
			envs = append(envs, v[0])
		}
	}
	fmt.Fprintf(stdout, "# effective configuration: %s\n", src)
	if len(envs) > 0 {
		fmt.Fprintf(stdout, "# overridden by the environment: %s\n", strings.Join(envs, ", "))
	}
	_, err = stdout.Write(cfg.YAML())
	return err
}

// configPath finds the file to read: the one given, else $KISEN_CONFIG,
// else ./kisen.yaml, else kisen/config.yaml in the user's config
// directory; "" when none exists (defaults only). A file named explicitly
// must exist.
func configPath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	if p, ok := os.LookupEnv("KISEN_CONFIG"); ok && p != "" {
		return p, nil
	}
	candidates := []string{"kisen.yaml"}
	if dir, err := os.UserConfigDir(); err == nil {
		candidates = append(candidates, filepath.Join(dir, "kisen", "config.yaml"))
	}
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c, nil
		}
	}
	return "", nil
}

// loadConfig is the one place every verb gets its configuration: the
// defaults, the file (see configPath), the KISEN_ variables, then
// Validate. Flags are applied by the verb afterwards (and it validates
// again). On a validation error the configuration is returned too.
func loadConfig(path string) (config.Config, error) {
	file, err := configPath(path)
	if err != nil {
		return config.Config{}, err
	}
	cfg := config.Default()
	if file != "" {
		if cfg, err = config.Load(file); err != nil {
			return config.Config{}, err
		}
	}
	if err := cfg.ApplyEnv(os.LookupEnv); err != nil {
		return config.Config{}, fmt.Errorf("environment: %w", err)
	}
	return cfg, cfg.Validate()
}
