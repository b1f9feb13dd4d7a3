// Package config is kisen's configuration: a YAML file decoded strictly
// (an unknown key is an error), environment overrides (KISEN_…) and a
// Validate that reports every problem at once with its field path and,
// when it came from the file, its line.
//
// Precedence is flags > environment > file > defaults. The defaults are
// the Gifu Challenge rules: 19x19, komi 6.5, Japanese rules, 40 minutes
// sudden death, a 400-move cap, SGMP over a 2400 baud 8N1 line without
// flow control. Flags are applied by cmd/kisen after Load and ApplyEnv.
package config
