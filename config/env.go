package config

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// field is one configuration key: its path ("game.size"), its variable
// (KISEN_GAME_SIZE) and the struct field it sets.
type field struct {
	path, env string
	index     []int
}

// fields lists every key in the order of the struct, from the yaml tags,
// so that a new key gets its variable without another list to update.
func fields() []field {
	var out []field
	var walk func(t reflect.Type, prefix string, index []int)
	walk = func(t reflect.Type, prefix string, index []int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
			if !f.IsExported() || tag == "" || tag == "-" {
				continue
			}
			path := tag
			if prefix != "" {
				path = prefix + "." + tag
			}
			idx := append(append([]int(nil), index...), i)
			if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[Duration]() {
				walk(f.Type, path, idx)
				continue
			}
			out = append(out, field{path: path, env: "KISEN_" + strings.ToUpper(strings.ReplaceAll(path, ".", "_")), index: idx})
		}
	}
	walk(reflect.TypeFor[Config](), "", nil)
	return out
}

// EnvVars lists the environment variables ApplyEnv reads, with the key
// each one sets: KISEN_ then the key's path in capitals with '_' for '.'.
func EnvVars() [][2]string {
	var out [][2]string
	for _, f := range fields() {
		out = append(out, [2]string{f.env, f.path})
	}
	return out
}

// ApplyEnv sets every key whose KISEN_… variable lookup finds (os.LookupEnv
// in the program, a map in tests); a variable set to "" is ignored. All
// malformed values are reported.
func (c *Config) ApplyEnv(lookup func(string) (string, bool)) error {
	var errs []error
	v := reflect.ValueOf(c).Elem()
	for _, f := range fields() {
		s, ok := lookup(f.env)
		if !ok || s == "" {
			continue // an empty variable is ignored, as if unset
		}
		if err := setValue(v.FieldByIndex(f.index), s); err != nil {
			errs = append(errs, fmt.Errorf("%s=%q: %w", f.env, s, err))
			continue
		}
		if c.origin == nil {
			c.origin = &origin{lines: map[string]int{}, env: map[string]string{}}
		}
		c.origin.env[f.path] = f.env
	}
	if c.origin != nil {
		c.snapshot()
	}
	return errors.Join(errs...)
}

func setValue(v reflect.Value, s string) error {
	s = strings.TrimSpace(s)
	if d, ok := v.Addr().Interface().(*Duration); ok {
		x, err := parseDuration(s)
		if err != nil {
			return errors.New("not a duration: write it like 40m, 90s or 1h30m")
		}
		d.Duration = x
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			return errors.New("not a whole number")
		}
		v.SetInt(int64(n))
	case reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return errors.New("not a non-negative whole number")
		}
		v.SetUint(n)
	case reflect.Float64:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return errors.New("not a number")
		}
		v.SetFloat(x)
	case reflect.Bool:
		switch strings.ToLower(s) {
		case "1", "true", "yes", "on":
			v.SetBool(true)
		case "0", "false", "no", "off":
			v.SetBool(false)
		default:
			return errors.New("not a boolean: use true or false")
		}
	default:
		return fmt.Errorf("kind %s cannot be set from the environment", v.Kind())
	}
	return nil
}
