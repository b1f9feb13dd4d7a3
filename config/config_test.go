package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var ignoreOrigin = cmpopts.IgnoreUnexported(Config{})

func TestDefaultsAreGifu(t *testing.T) {
	c := Default()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.Game.Size != 19 || c.Game.Komi != 6.5 || c.Game.Rules != "japanese" || c.Game.MainTime.Duration != 40*time.Minute ||
		c.Game.MoveCap != 400 || c.Link.Mode != "sgmp" || c.Link.Baud != 2400 || c.Link.DataBits != 8 ||
		c.Link.Parity != "none" || c.Link.StopBits != 1 || c.Link.FlowControl != "none" || c.Output.Dir != "./games" ||
		c.Player != "kisen" || c.Log.Level != "info" {
		t.Errorf("defaults are not the Gifu rules: %+v", c)
	}
	// Each program has its own machine at the tournament, and pondering
	// needs room beside a 19x19 search.
	if !c.Engine.Ponder || c.Engine.MaxMemoryMB < 1024 {
		t.Errorf("the tournament default does not ponder with room: ponder %v, %d MB", c.Engine.Ponder, c.Engine.MaxMemoryMB)
	}
}

// TestGiven: Given tells a key set by the file or the environment from a
// default, whatever the value.
func TestGiven(t *testing.T) {
	c, err := LoadBytes("k.yaml", []byte("engine:\n  ponder: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"KISEN_ENGINE_THREADS": "2"}
	if err := c.ApplyEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok }); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"engine.ponder": true, "engine.threads": true, "engine.seed": false, "engine": true, "game.size": false} {
		if got := c.Given(path); got != want {
			t.Errorf("Given(%q) = %v, want %v", path, got, want)
		}
	}
	def := Default()
	if def.Given("engine.ponder") {
		t.Errorf("the defaults say engine.ponder was given")
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.yaml")
	os.WriteFile(path, []byte("# our side\nplayer: MyGo\ngame:\n  size: 9\n  main_time: 5m\nlink:\n  resend_timeout: 3s\n"), 0o644)
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Player, want.Game.Size = "MyGo", 9
	want.Game.MainTime.Duration, want.Link.ResendTimeout.Duration = 5*time.Minute, 3*time.Second
	if d := cmp.Diff(want, c, ignoreOrigin); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestLoadEmptyIsDefaults(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n", "---\n", "game:\n"} {
		c, err := LoadBytes("x.yaml", []byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if d := cmp.Diff(Default(), c, ignoreOrigin); d != "" {
			t.Errorf("%q: not the defaults: %s", in, d)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	cases := map[string][]string{
		"game:\n  size: 9\n  bual: 3\n":     {`x.yaml: line 3: unknown key "bual" in game`},
		"colour: black\n":                   {`x.yaml: line 1: unknown key "colour" in the top level`},
		"game:\n  komi: six\n  size: big\n": {"x.yaml: line 2: cannot unmarshal !!str `six` into float64", "x.yaml: line 3: cannot unmarshal !!str `big` into int"},
		"game:\n  main_time: 40 minutes\n":  {`x.yaml: line 2: "40 minutes" is not a duration`},
		"player: a\n---\nplayer: b\n":       {"x.yaml: line 2: more than one YAML document"},
		"player: a\nplayer: b\n":            {`x.yaml: line 2: mapping key "player" already defined at line 1`},
		"game:\n\tsize: 9\n":                {"x.yaml: line 2: found character that cannot start any token"},
		"link: [1, 2]\n":                    {"x.yaml: line 1: cannot unmarshal !!seq into config.Link"},
		"engine:\n  seed: -1\n":             {"line 2: cannot unmarshal !!int `-1` into uint64"},
		"engine:\n  threads: 1.5\n":         {"x.yaml: line 2: engine.threads: 1.5 is not a whole number"},
	}
	for in, wants := range cases {
		_, err := LoadBytes("x.yaml", []byte(in))
		if err == nil {
			t.Errorf("%q: accepted", in)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %q lacks %q", in, err, w)
			}
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml")); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

func TestValidateAllAtOnceWithLines(t *testing.T) {
	in := "player: \"\"\ngame:\n  size: 23\n  komi: 6.3\n  rules: korean\n  color: red\nlink:\n  baud: 2401\n  parity: mark\nlog:\n  level: loud\n"
	c, err := LoadBytes("k.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	err = c.Validate()
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("Validate = %v, want ErrInvalid", err)
	}
	got := strings.Split(err.Error(), "\n")
	want := []string{
		"k.yaml: line 1: player: must not be empty: it is written into the SGF record",
		"k.yaml: line 3: game.size: 23 is out of range: 2 to 22 (19 at tournaments; SGMP cannot address more than 22)",
		"k.yaml: line 4: game.komi: 6.3 is not a multiple of 0.5 (Gifu: 6.5)",
		`k.yaml: line 5: game.rules: "korean" is not one of japanese, chinese`,
		`k.yaml: line 6: game.color: "red" is not one of black, white`,
		"k.yaml: line 8: link.baud: 2401 is not a standard rate (Gifu: 2400; 300 to 115200)",
		`k.yaml: line 9: link.parity: "mark" is not one of none, odd, even`,
		`k.yaml: line 11: log.level: "loud" is not one of trace, debug, info, warn, error`,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Path != "player" {
		t.Errorf("errors.As FieldError: %v", fe)
	}
	// A value changed after loading (by a flag) is not blamed on the file.
	c.Game.Size = 40
	if err := c.Validate(); !strings.Contains(err.Error(), "\ngame.size: 40 is out of range") {
		t.Errorf("flag value: %v", err)
	}
}

func TestValidateRules(t *testing.T) {
	cases := map[string]func(*Config){
		"game.handicap":           func(c *Config) { c.Game.Handicap = 1 },
		"game.main_time":          func(c *Config) { c.Game.MainTime.Duration = 0 },
		"game.move_cap":           func(c *Config) { c.Game.MoveCap = 0 },
		"engine.command":          func(c *Config) { c.Engine.Kind = "gtp" },
		"engine.resign_threshold": func(c *Config) { c.Engine.ResignThreshold = 0.7 },
		"link.resend_timeout":     func(c *Config) { c.Link.ResendTimeout.Duration = 500 * time.Millisecond },
		"link.flow_control":       func(c *Config) { c.Link.FlowControl = "rtscts" },
		"ui":                      func(c *Config) { c.UI = "fancy" },
		"output.dir":              func(c *Config) { c.Output.Dir = "" },
		"opponent":                func(c *Config) { c.Opponent = "a\x1bb" },
	}
	for path, mod := range cases {
		c := Default()
		mod(&c)
		err := c.Validate()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Path != path {
			t.Errorf("%s: Validate = %v", path, err)
		}
	}
	c := Default()
	c.Game.Size, c.Game.Handicap = 13, 9
	if err := c.Validate(); err != nil {
		t.Errorf("9 stones on 13x13: %v", err)
	}
	c.Game.Size = 11
	if err := c.Validate(); err == nil {
		t.Error("handicap on 11x11 accepted")
	}
}

func TestApplyEnv(t *testing.T) {
	env := map[string]string{
		"KISEN_PLAYER": "EnvGo", "KISEN_GAME_SIZE": "13", "KISEN_GAME_KOMI": "0.5", "KISEN_GAME_MAIN_TIME": "10m",
		"KISEN_LINK_PORT": "/dev/ttyS1", "KISEN_LINK_ALLOW_UNDO": "true", "KISEN_ENGINE_SEED": "42",
		"KISEN_EVENT_NAME": "Cup", "KISEN_LOG_LEVEL": "debug",
	}
	c, err := LoadBytes("f.yaml", []byte("player: FileGo\ngame:\n  size: 9\n"))
	if err != nil {
		t.Fatal(err)
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if err := c.ApplyEnv(lookup); err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Player, want.Game.Size, want.Game.Komi, want.Game.MainTime.Duration = "EnvGo", 13, 0.5, 10*time.Minute
	want.Link.Port, want.Link.AllowUndo, want.Engine.Seed, want.Event.Name, want.Log.Level = "/dev/ttyS1", true, 42, "Cup", "debug"
	if d := cmp.Diff(want, c, ignoreOrigin); d != "" {
		t.Errorf("env over file (-want +got):\n%s", d)
	}
	// A bad value from the environment names the variable.
	env = map[string]string{"KISEN_GAME_SIZE": "40"}
	c.ApplyEnv(lookup)
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "game.size (from KISEN_GAME_SIZE): 40 is out of range") {
		t.Errorf("Validate = %v", err)
	}
	env = map[string]string{"KISEN_GAME_SIZE": ""}
	if err := c.ApplyEnv(lookup); err != nil || c.Game.Size != 40 {
		t.Errorf("empty variable: %v, size %d", err, c.Game.Size)
	}
	env = map[string]string{"KISEN_GAME_SIZE": "big", "KISEN_LINK_ALLOW_UNDO": "maybe", "KISEN_GAME_MAIN_TIME": "soon"}
	err = c.ApplyEnv(lookup)
	for _, w := range []string{`KISEN_GAME_SIZE="big": not a whole number`, `KISEN_LINK_ALLOW_UNDO="maybe": not a boolean`, `KISEN_GAME_MAIN_TIME="soon": not a duration`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("ApplyEnv error %v lacks %q", err, w)
		}
	}
}

func TestEnvVarsCoverEveryKey(t *testing.T) {
	vars := EnvVars()
	if len(vars) != 36 {
		t.Errorf("%d variables, want one per key (36): %v", len(vars), vars)
	}
	doc, err := os.ReadFile("../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vars {
		if !strings.Contains(string(doc), v[0]) {
			t.Errorf("docs/config.md does not list %s (%s)", v[0], v[1])
		}
	}
}

func TestYAMLRoundTrip(t *testing.T) {
	c := Default()
	c.Game.MainTime.Duration = 90 * time.Minute
	c.Link.ResendTimeout.Duration = 1500 * time.Millisecond
	c.Event.Name = "Cup: \"x\"\n2"
	out := c.YAML()
	for _, s := range []string{"main_time: 90m\n", "resend_timeout: 1.5s\n", "move_cap: 400\n"} {
		if !strings.Contains(string(out), s) {
			t.Errorf("YAML lacks %q:\n%s", s, out)
		}
	}
	back, err := LoadBytes("y", out)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(c, back, ignoreOrigin); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s := Default().YAML(); !strings.Contains(string(s), "main_time: 40m\n") || !strings.Contains(string(s), "resend_timeout: 0s\n") {
		t.Errorf("defaults:\n%s", s)
	}
}

func TestExampleFile(t *testing.T) {
	c, err := Load("../docs/kisen.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	// The example shows the defaults, plus a port and an event.
	want := Default()
	want.Link.Port = "/dev/ttyUSB0"
	want.Event = Event{Name: "Gifu Challenge", Round: "1", Place: "Gifu"}
	if d := cmp.Diff(want, c, ignoreOrigin); d != "" {
		t.Errorf("example differs from the defaults (-want +got):\n%s", d)
	}
}

func FuzzLoad(f *testing.F) {
	ex, _ := os.ReadFile("../docs/kisen.example.yaml")
	f.Add(ex)
	f.Add([]byte("game:\n  size: 9\n  main_time: 1h\n"))
	f.Add([]byte("a: [\n"))
	f.Add([]byte("player: x\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := LoadBytes("fuzz.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.yaml: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if c.Validate() != nil {
			return
		}
		back, err := LoadBytes("again.yaml", c.YAML())
		if err != nil {
			t.Fatalf("YAML() of a valid config does not load: %v\n%s", err, c.YAML())
		}
		if d := cmp.Diff(c, back, ignoreOrigin); d != "" {
			t.Fatalf("YAML round trip (-want +got):\n%s", d)
		}
	})
}
