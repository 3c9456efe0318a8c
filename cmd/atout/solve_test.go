package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// line 4 of dd-dev100.tsv: EW make 6D (par -920).
const solveDeal = "N:73.A3.632.AK9543 98.KQ97.J854.T76 KT6.J862.Q7.QJ82 AQJ542.T54.AKT9."

func runAtout(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSolveJSON(t *testing.T) {
	code, out, errs := runAtout(t, "", "solve", solveDeal, "--json", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Deal   string                    `json:"deal"`
		Tricks map[string]map[string]int `json:"tricks"`
		Par    struct {
			Score     int      `json:"score"`
			Contracts []string `json:"contracts"`
		} `json:"par"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// C_N..NT_W from the TSV
	want := map[string][4]int{"C": {8, 5, 8, 5}, "D": {1, 12, 1, 12}, "H": {3, 9, 4, 9}, "S": {1, 11, 2, 11}, "NT": {3, 6, 7, 6}}
	for st, w := range want {
		for i, seat := range []string{"N", "E", "S", "W"} {
			if got.Tricks[seat][st] != w[i] {
				t.Errorf("%s %s: %d, want %d", seat, st, got.Tricks[seat][st], w[i])
			}
		}
	}
	if got.Par.Score != -920 || len(got.Par.Contracts) != 1 || got.Par.Contracts[0] != "EW 6D" {
		t.Errorf("par %+v, want -920 [EW 6D]", got.Par)
	}
	if !strings.HasPrefix(out, `{"deal":"N:73.A3.632.AK9543 `) || !strings.Contains(out, `"tricks":{"N":{"C":8,"D":1,"H":3,"S":1,"NT":3},"E":`) {
		t.Errorf("key order: %s", out)
	}
}

func TestSolveBadDealsExit2(t *testing.T) {
	cases := []struct{ stdin, want string }{
		{"\n" + solveDeal[:len(solveDeal)-1] + "\n", "line 2"},              // 12 cards in West
		{"N:AA.A3.632.AK9543 - - -\n", "line 1"},                            // bad syntax
		{strings.Replace(solveDeal, "98.", "93.", 1) + "\n", "dealt twice"}, // duplicate card
	}
	for _, c := range cases {
		code, out, errs := runAtout(t, c.stdin, "solve")
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("stdin %q: exit %d, stdout %q, stderr %q; want 2 and %q", c.stdin, code, out, errs, c.want)
		}
	}
	if code, _, _ := runAtout(t, "", "solve", solveDeal, "--vul", "Sometimes"); code != 2 {
		t.Errorf("bad --vul: exit %d", code)
	}
}
