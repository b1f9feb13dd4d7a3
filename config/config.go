package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is the whole configuration. The zero value is not useful: start
// from Default or Load.
type Config struct {
	Player   string `yaml:"player"`   // our program's name (PB/PW)
	Opponent string `yaml:"opponent"` // the other program's name
	Game     Game   `yaml:"game"`
	Link     Link   `yaml:"link"`
	Engine   Engine `yaml:"engine"`
	Event    Event  `yaml:"event"`
	Output   Output `yaml:"output"`
	Log      Log    `yaml:"log"`
	UI       string `yaml:"ui"` // auto|tui|plain

	origin *origin // where values came from, for Validate's messages
}

// Game is the game's rules and clock.
type Game struct {
	Size     int      `yaml:"size"`
	Komi     float64  `yaml:"komi"`
	Rules    string   `yaml:"rules"` // japanese|chinese
	Handicap int      `yaml:"handicap"`
	MainTime Duration `yaml:"main_time"` // sudden death, per player
	MoveCap  int      `yaml:"move_cap"`  // the game stops at this move (a pass counts)
	Color    string   `yaml:"color"`     // our colour: black|white
}

// Link is the serial line and the protocol on it.
type Link struct {
	Mode          string   `yaml:"mode"` // sgmp|gmp
	Port          string   `yaml:"port"` // e.g. /dev/ttyUSB0, COM3
	Baud          int      `yaml:"baud"`
	DataBits      int      `yaml:"data_bits"`
	Parity        string   `yaml:"parity"` // none|odd|even
	StopBits      int      `yaml:"stop_bits"`
	FlowControl   string   `yaml:"flow_control"` // none
	ResendTimeout Duration `yaml:"resend_timeout"`
	AllowUndo     bool     `yaml:"allow_undo"`
}

// Engine is our player.
type Engine struct {
	Kind            string  `yaml:"kind"`    // embedded|gtp|manual
	Command         string  `yaml:"command"` // for kind gtp: the program and its arguments
	Threads         int     `yaml:"threads"` // 0 = all cores
	MaxMemoryMB     int     `yaml:"max_memory_mb"`
	Resign          bool    `yaml:"resign"`
	ResignThreshold float64 `yaml:"resign_threshold"` // resign below this winning rate
	Ponder          bool    `yaml:"ponder"`
	Widening        bool    `yaml:"widening"`        // progressive widening (off by default: not yet shown to gain)
	TreePerThread   bool    `yaml:"tree_per_thread"` // each search thread its own tree (off by default: one shared tree)
	VisitPlan       bool    `yaml:"visit_plan"`      // a move's time sets a root count at the game's first-search rate (off by default: a time window with an early stop)
	Seed            uint64  `yaml:"seed"`            // 0 = from the clock
}

// Event is written into the SGF record (EV, RO, PC).
type Event struct {
	Name  string `yaml:"name"`
	Round string `yaml:"round"`
	Place string `yaml:"place"`
}

// Output is where records go.
type Output struct {
	Dir string `yaml:"dir"`
}

// Log is the optional JSON log file (trace level) and the console level.
type Log struct {
	File  string `yaml:"file"`
	Level string `yaml:"level"` // trace|debug|info|warn|error
}

// Default returns the Gifu Challenge defaults.
func Default() Config {
	return Config{
		Player:   "kisen",
		Opponent: "opponent",
		Game: Game{Size: 19, Komi: 6.5, Rules: "japanese", MainTime: Duration{40 * time.Minute},
			MoveCap: 400, Color: "black"},
		Link: Link{Mode: "sgmp", Baud: 2400, DataBits: 8, Parity: "none", StopBits: 1,
			FlowControl: "none"}, // ResendTimeout 0: the protocol's own (20 s sgmp, 4 s gmp)
		// Pondering is on: at the tournament each program has a machine of
		// its own, and the opponent's time is search kisen gets for free
		// (docs/strength.md, "Pondering at the tournament table"). It
		// stops at half the tree's memory, and one 19x19 move of the
		// 40-minute plan grows about 200 MB on two threads: 1 GB leaves
		// it room on machines with more cores too.
		Engine: Engine{Kind: "embedded", MaxMemoryMB: 1024, Resign: true, ResignThreshold: 0.1, Ponder: true},
		Output: Output{Dir: "./games"},
		Log:    Log{Level: "info"},
		UI:     "auto",
	}
}

// origin remembers the file and line of each key read, and the variable
// of each value set from the environment.
type origin struct {
	file  string
	lines map[string]int    // field path -> line
	env   map[string]string // field path -> variable
	// values as loaded: a value changed since (by a flag) is not blamed
	// on the file or the environment
	loaded map[string]any
}

// snapshot records the current values as the loaded ones.
func (c *Config) snapshot() {
	if c.origin == nil {
		return
	}
	c.origin.loaded = map[string]any{}
	v := reflect.ValueOf(c).Elem()
	for _, f := range fields() {
		c.origin.loaded[f.path] = v.FieldByIndex(f.index).Interface()
	}
}

// cameFrom reports whether the value at path is still the one loaded.
func (c *Config) cameFrom(path string) bool {
	if c.origin == nil || c.origin.loaded == nil {
		return false
	}
	v := reflect.ValueOf(c).Elem()
	for _, f := range fields() {
		if f.path == path {
			return reflect.DeepEqual(v.FieldByIndex(f.index).Interface(), c.origin.loaded[path])
		}
	}
	return false
}

// Given reports whether the configuration file or a KISEN_ variable set
// the key at path (e.g. "engine.ponder"), rather than the default.
func (c *Config) Given(path string) bool {
	if c.origin == nil {
		return false
	}
	_, inFile := c.origin.lines[path]
	_, inEnv := c.origin.env[path]
	return inFile || inEnv
}

// ErrMultipleDocuments is returned by Load for a file holding more than one
// YAML document.
var ErrMultipleDocuments = errors.New("more than one YAML document")

// Load reads the file at path over the defaults. An empty file gives the
// defaults. Errors name the file and the line.
func Load(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	return LoadBytes(path, data)
}

// MaxFileSize bounds a configuration file: the annotated example is about
// 3 KB, and YAML decoding of hostile megabytes can be slow.
const MaxFileSize = 64 << 10

// LoadBytes is Load for data already read; name is used in messages.
func LoadBytes(name string, data []byte) (Config, error) {
	if len(data) > MaxFileSize {
		return Config{}, fmt.Errorf("%s: %d bytes is too large for a configuration file (at most %d)", name, len(data), MaxFileSize)
	}
	cfg := Default()
	cfg.origin = &origin{file: name, lines: map[string]int{}, env: map[string]string{}}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(&cfg)
	if errors.Is(err, io.EOF) {
		cfg.snapshot()
		return cfg, nil // empty or only comments: the defaults
	}
	if err != nil {
		return Config{}, yamlError(name, err)
	}
	var second yaml.Node
	if err := dec.Decode(&second); !errors.Is(err, io.EOF) {
		line := second.Line
		if err != nil {
			return Config{}, yamlError(name, err)
		}
		return Config{}, fmt.Errorf("%s: line %d: %w: a configuration file holds one document; remove the second '---'", name, line, ErrMultipleDocuments)
	}
	var root yaml.Node
	floats := map[string]*yaml.Node{}
	if yaml.Unmarshal(data, &root) == nil && len(root.Content) > 0 {
		recordLines(root.Content[0], "", cfg.origin.lines, floats)
	}
	// yaml.v3 truncates 1.5 into an int without a word; refuse it.
	var errs []error
	v := reflect.ValueOf(cfg)
	for _, f := range fields() {
		if n, ok := floats[f.path]; ok {
			switch v.FieldByIndex(f.index).Kind() {
			case reflect.Int, reflect.Uint64:
				errs = append(errs, fmt.Errorf("%s: line %d: %s: %s is not a whole number", name, n.Line, f.path, n.Value))
			}
		}
	}
	if len(errs) > 0 {
		return Config{}, errors.Join(errs...)
	}
	cfg.snapshot()
	return cfg, nil
}

func recordLines(n *yaml.Node, prefix string, lines map[string]int, floats map[string]*yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		path := k.Value
		if prefix != "" {
			path = prefix + "." + k.Value
		}
		lines[path] = k.Line
		if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!float" {
			floats[path] = v
		}
		recordLines(v, path, lines, floats)
	}
}

var (
	notFound = regexp.MustCompile(`^(line \d+): field (\S+) not found in type config\.(\w+)$`)
	sections = map[string]string{"Config": "the top level", "Game": "game", "Link": "link", "Engine": "engine",
		"Event": "event", "Output": "output", "Log": "log"}
)

// yamlError names the file in each of yaml.v3's messages and says what
// an unknown key means.
func yamlError(name string, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var errs []error
	for _, m := range te.Errors {
		if s := notFound.FindStringSubmatch(m); s != nil {
			m = fmt.Sprintf("%s: unknown key %q in %s (check the spelling; docs/config.md lists the keys)", s[1], s[2], sections[s[3]])
		}
		errs = append(errs, fmt.Errorf("%s: %s", name, m))
	}
	return errors.Join(errs...)
}

// YAML returns the configuration as a YAML document, e.g. the effective
// configuration after file, environment and flags.
func (c Config) YAML() []byte {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return []byte(fmt.Sprintf("# cannot encode the configuration: %v\n", err))
	}
	enc.Close()
	return buf.Bytes()
}

// Duration is a time.Duration written in YAML as "40m" or "20s".
type Duration struct{ time.Duration }

// UnmarshalYAML accepts a Go duration string ("40m", "1h30m", "20s").
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := parseDuration(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %q is not a duration: write it like 40m, 90s or 1h30m", n.Line, n.Value)}}
	}
	d.Duration = v
	return nil
}

// MarshalYAML writes whole minutes as "40m", whole seconds as "20s".
func (d Duration) MarshalYAML() (any, error) { return d.String(), nil }

func (d Duration) String() string {
	switch v := d.Duration; {
	case v != 0 && v%time.Minute == 0:
		return fmt.Sprintf("%dm", v/time.Minute)
	case v%time.Second == 0:
		return fmt.Sprintf("%ds", v/time.Second)
	default:
		return v.String()
	}
}

func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, nil
	}
	return time.ParseDuration(s)
}
