package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateBeloteScore = flag.Bool("update-belote-score", false, "rewrite the golden output of atout belote score")

// beloteTestdata is the belote package's testdata, which holds the
// scenario file and the golden files of the score command.
var beloteTestdata = filepath.Join("..", "..", "belote", "testdata")

func runBeloteScoreCLI(t testing.TB, stdin string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run([]string{"belote", "score"}, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestBeloteScoreScenarios runs every line of belote-scenarios.jsonl
// through the command and compares the fields its want holds.
func TestBeloteScoreScenarios(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(beloteTestdata, "scenarios.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var sc struct {
			In   json.RawMessage            `json:"in"`
			Want map[string]json.RawMessage `json:"want"`
			ID   string                     `json:"id"`
		}
		if err := json.Unmarshal(line, &sc); err != nil {
			t.Fatal(err)
		}
		n++
		code, out, errs := runBeloteScoreCLI(t, string(sc.In)+"\n")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", sc.ID, code, errs)
			continue
		}
		if strings.Count(out, "\n") != 1 {
			t.Errorf("%s: want one output line, got %q", sc.ID, out)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: output %q: %v", sc.ID, out, err)
		}
		for k, w := range sc.Want {
			if !sameJSON(got[k], w) {
				t.Errorf("%s: %s = %s, want %s", sc.ID, k, got[k], w)
			}
		}
	}
	if n != 50 {
		t.Errorf("%d scenario lines, want 50", n)
	}
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}

// TestBeloteScoreFormat checks the exact bytes of an output line: field
// order, made and litige always present, one line per input line.
func TestBeloteScoreFormat(t *testing.T) {
	in := `{"mode":"coinche","rules":"maison","announcements":true,
"trump":"H","takers":"NS","bid":100,"coinche":1,"hands":{"S":["7S","8S","9S","TS"],"N":["KH","QH"]},"silent":[],"cardPoints":{"NS":40,"EW":122},"tricks":{"NS":2,"EW":6},"belote":null,"reserve":0}`
	in = strings.ReplaceAll(in, "\n", "")
	code, out, errs := runBeloteScoreCLI(t, "\n"+in+"\r\n\n   \n"+in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `{"announcements":{"NS":50,"EW":0},"made":false,"litige":false,"score":{"NS":50,"EW":260},"reserve":0}` + "\n"
	if out != want+want {
		t.Errorf("output\n%s\nwant\n%s", out, want+want)
	}
	if code, out, _ := runBeloteScoreCLI(t, ""); code != 0 || out != "" {
		t.Errorf("empty input: exit %d, output %q", code, out)
	}
}

// TestBeloteScoreGolden compares the command's output on
// score-cli-in.jsonl with score-cli-out.jsonl.
func TestBeloteScoreGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join(beloteTestdata, "score-cli-in.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runBeloteScoreCLI(t, string(in))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	path := filepath.Join(beloteTestdata, "score-cli-out.jsonl")
	if *updateBeloteScore {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update-belote-score creates it)", err)
	}
	if out != string(want) {
		t.Errorf("output differs from %s:\n%s", path, out)
	}
}

// TestBeloteScoreBadInput checks exit 2, nothing on stdout and one stderr
// line naming the line number and the field.
func TestBeloteScoreBadInput(t *testing.T) {
	good := `{"mode":"classic","rules":"maison","trump":"H","takers":"NS","cardPoints":{"NS":100,"EW":62},"tricks":{"NS":5,"EW":3}}`
	with := func(extra string) string { return strings.TrimSuffix(good, "}") + "," + extra + "}" }
	coinche := func(extra string) string {
		return with(`"mode":"coinche","bid":100` + map[bool]string{true: "", false: "," + extra}[extra == ""])
	}
	tests := []struct {
		name, input, want string
	}{
		{"malformed JSON", good + "\n{\"mode\":", "line 2: json"},
		{"trailing garbage", good + " x", "line 1: json"},
		{"unknown mode", with(`"mode":"tarot"`), "line 1: mode"},
		{"missing mode", `{"takers":"NS"}`, "line 1: mode"},
		{"unknown rules", with(`"rules":"strict"`), "line 1: rules"},
		{"bad trump", with(`"trump":"Z"`), "line 1: trump"},
		{"trump in no-trump", with(`"mode":"notrump"`), "line 1: trump"},
		{"takers missing", with(`"takers":null`), "line 1: takers"},
		{"bad takers", with(`"takers":"N"`), "line 1: takers"},
		{"bad card", with(`"hands":{"S":["SA","Z9"]}`), "line 1: hands.S"},
		{"card outside the belote deck", with(`"hands":{"S":["S6"]}`), "line 1: hands.S"},
		{"card in two hands", with(`"hands":{"S":["SA"],"W":["AS"]}`), "line 1: hands.W"},
		{"nine cards", with(`"hands":{"N":["S7","S8","S9","ST","SJ","SQ","SK","SA","HA"]}`), "line 1: hands.N"},
		{"bad seat", with(`"hands":{"X":[]}`), "line 1: hands"},
		{"bad silent seat", with(`"silent":["NE"]`), "line 1: silent"},
		{"bid off the scale", coinche(`"bid":85`), "line 1: bid"},
		{"bid too high", coinche(`"bid":200`), "line 1: bid"},
		{"bid missing", with(`"mode":"coinche"`), "line 1: bid"},
		{"bid as a string", coinche(`"bid":"100"`), "line 1: bid"},
		{"coinche 3", coinche(`"coinche":3`), "line 1: coinche"},
		{"tricks not 8", with(`"tricks":{"NS":5,"EW":2}`), "line 1: tricks"},
		{"tricks missing", with(`"tricks":null`), "line 1: tricks"},
		{"card points not T", with(`"cardPoints":{"NS":100,"EW":61}`), "line 1: cardPoints"},
		{"bad belote", with(`"belote":"S"`), "line 1: belote"},
		{"belote in no-trump", with(`"mode":"notrump","trump":null,"belote":"NS","cardPoints":{"NS":70,"EW":60}`), "line 1: belote"},
		{"negative reserve", with(`"reserve":-1`), "line 1: reserve"},
		{"error on a later line", good + "\n\n" + good + "\n" + with(`"tricks":{"NS":9,"EW":-1}`), "line 4: tricks"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runBeloteScoreCLI(t, tc.input)
			if code != 2 {
				t.Fatalf("exit %d, want 2 (stderr %q)", code, errs)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q, want one line containing %q", errs, tc.want)
			}
		})
	}
	if code, _, _ := runBeloteScoreCLI(t, good); code != 0 {
		t.Fatalf("the base line is bad")
	}
	if code, _, errs := runBeloteScoreCLI(t, good); code != 0 {
		t.Fatal(errs)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"belote", "score", "extra"}, strings.NewReader(good), &out, &errb); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}

// FuzzBeloteScoreLine feeds arbitrary lines to the scorer: it must never
// panic, and what it accepts must produce one valid output object.
func FuzzBeloteScoreLine(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join(beloteTestdata, "score-cli-in.jsonl")); err == nil {
		for _, l := range bytes.Split(data, []byte("\n")) {
			f.Add(l)
		}
	}
	f.Add([]byte(`{"mode":"coinche","trump":"H","takers":"NS","bid":250,"coinche":4,"cardPoints":{"NS":162,"EW":0},"tricks":{"NS":8,"EW":0}}`))
	f.Add([]byte(`{"mode":"classic","trump":"H","takers":"NS","cardPoints":{"NS":1e99,"EW":0},"tricks":{"NS":-8,"EW":16}}`))
	f.Add([]byte(`{"mode":"notrump","takers":"EW","hands":{"N":["as","ah","ad","ac","10s","th"]},"cardPoints":{"ns":65,"ew":65},"tricks":{"NS":4,"EW":4},"reserve":99999999999999}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, line []byte) {
		out, err := scoreBeloteLine(line)
		if err != nil {
			if out != nil {
				t.Fatalf("output %q with error %v", out, err)
			}
			return
		}
		var got struct {
			Announcements, Score map[string]int
			Made, Litige         bool
			Reserve              int
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("output %q: %v", out, err)
		}
		if got.Score["NS"] < 0 || got.Score["EW"] < 0 || got.Reserve < 0 || (got.Made && got.Litige) {
			t.Fatalf("line %q: output %s", line, out)
		}
	})
}

func BenchmarkBeloteScoreCLI(b *testing.B) {
	in, err := os.ReadFile(filepath.Join(beloteTestdata, "score-cli-in.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var out, errb bytes.Buffer
		if code := run([]string{"belote", "score"}, bytes.NewReader(in), &out, &errb); code != 0 {
			b.Fatal(errb.String())
		}
	}
}
