package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScore judges and counts a GNU Go game that ended on two passes: the
// JSON has the fields and GNU Go's result; --move counts an
// earlier position; --compare says whether another count agrees.
func TestScore(t *testing.T) {
	rec := filepath.Join("..", "..", "sgf", "testdata", "gnugo-9x9.sgf")
	out, _, err := runT(t, "score", "--json", rec)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Size  int      `json:"size"`
		Komi  float64  `json:"komi"`
		Rules string   `json:"rules"`
		Move  int      `json:"move"`
		Dead  []string `json:"dead"`
		Seki  []string `json:"seki"`
		Black struct {
			Territory, Prisoners int
		} `json:"black"`
		White struct {
			Territory, Prisoners int
		} `json:"white"`
		Result   string `json:"result"`
		Recorded string `json:"recorded"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Size != 9 || got.Komi != 6.5 || got.Rules != "japanese" || got.Result != "W+38.5" || got.Recorded != "W+38.5" ||
		got.Seki == nil || len(got.Dead) != 7 || got.White.Territory != 29 || got.White.Prisoners != 8 {
		t.Fatalf("%+v", got)
	}

	out, _, err = runT(t, "score", "--json", "--move", "10", rec)
	if err != nil || !strings.Contains(out, `"move":10`) || strings.Contains(out, `"recorded"`) {
		t.Fatalf("--move 10: %v %s", err, out)
	}
	if _, _, err := runT(t, "score", "--move", "999", rec); exitCode(err) != 2 || !strings.Contains(err.Error(), "past the end") {
		t.Fatalf("--move 999: %v", err)
	}

	dead := strings.Join(got.Dead, " ")
	out, _, err = runT(t, "score", "--compare", "B 5 W 43.5 dead "+dead, rec)
	if err != nil || !strings.Contains(out, "agree to the point") {
		t.Fatalf("same count: %v\n%s", err, out)
	}
	out, _, err = runT(t, "score", "--compare", "B 5 W 42.5 dead "+strings.Join(got.Dead[1:], " "), rec)
	if exitCode(err) != 1 || !strings.Contains(out, got.Dead[0]+" ") || !strings.Contains(out, "White total: kisen 43.5, other 42.5") {
		t.Fatalf("different count: %v\n%s", err, out)
	}
	if _, _, err := runT(t, "score", "--compare", "B five", rec); exitCode(err) != 2 {
		t.Fatalf("bad count: %v", err)
	}
	if _, _, err := runT(t, "score", "no-such.sgf"); err == nil || !strings.Contains(err.Error(), "no-such.sgf") {
		t.Fatalf("missing file: %v", err)
	}
}

// TestRecordsWithOneColourTwiceAreRefused: a record with two moves of one
// colour in a row is not a game record for score, submit and sgf check,
// and each says which move.
func TestRecordsWithOneColourTwiceAreRefused(t *testing.T) {
	isolate(t)
	os.WriteFile("twice.sgf", []byte("(;GM[1]FF[4]SZ[9]DT[2026-11-24];B[dd];W[ee];W[ff])"), 0o644)
	os.Mkdir("usb", 0o755)
	for _, args := range [][]string{{"score", "twice.sgf"}, {"submit", "twice.sgf", "usb"}, {"sgf", "check", "twice.sgf"}} {
		out, errOut, err := runT(t, args...)
		if all := out + errOut + fmt.Sprint(err); err == nil || !strings.Contains(all, "move 3") || !strings.Contains(all, "white moves twice in a row") {
			t.Errorf("%v: %v\n%s", args, err, all)
		}
	}
}
