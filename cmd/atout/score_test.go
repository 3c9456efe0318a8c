package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"atout/bridge"
)

// scoreRun runs one atout command line and returns its exit status and
// output.
func scoreRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// scoreRows reads a TSV test vector file of package bridge (the copies of
// shared/data/bridge-score-dev.tsv and imp-dev.tsv) as rows of columns,
// header first.
func scoreRows(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 2 {
		t.Fatalf("%s: no rows", path)
	}
	return rows
}

func scoreCheckOK(t *testing.T, args []string, want string) {
	t.Helper()
	code, out, errs := scoreRun(args...)
	if code != 0 || out != want+"\n" || errs != "" {
		t.Errorf("atout %s: exit %d, stdout %q, stderr %q; want exit 0, %q", strings.Join(args, " "), code, out, errs, want)
	}
}

// Every row of bridge-score-dev.tsv through `atout score`, with the flag
// after and before the arguments and the contract in lower case.
func TestCLIScoreDevTSV(t *testing.T) {
	rows := scoreRows(t, "../../bridge/testdata/score-dev.tsv")
	head := strings.Join(rows[0], ",")
	if head != "contract,doubled,vul,tricks,result,score,note" {
		t.Fatalf("header %q", head)
	}
	for _, r := range rows[1:] {
		c := r[0]
		if r[1] != "-" {
			c += r[1]
		}
		args := []string{"score", c, r[3]}
		if r[2] == "V" {
			args = append(args, "--vul")
		}
		scoreCheckOK(t, args, r[5])
		alt := []string{"score"}
		if r[2] == "V" {
			alt = append(alt, "-vul")
		}
		alt = append(alt, strings.ToLower(c), r[3])
		scoreCheckOK(t, alt, r[5])
	}
}

// Every row of imp-dev.tsv through `atout imps`.
func TestCLIIMPsDevTSV(t *testing.T) {
	rows := scoreRows(t, "../../bridge/testdata/score-imp-dev.tsv")
	if strings.Join(rows[0], ",") != "diff,imps" {
		t.Fatalf("header %q", rows[0])
	}
	for _, r := range rows[1:] {
		scoreCheckOK(t, []string{"imps", r[0]}, r[1])
	}
}

// The examples of docs/cli.md. "atout imps 420" prints 9, as the WBF table
// and imp-dev.tsv say (370–420 = 9 IMPs), not the 10 an older version of the contract showed.
func TestCLIScoreExamples(t *testing.T) {
	scoreCheckOK(t, []string{"score", "4SX", "8", "--vul"}, "-500")
	scoreCheckOK(t, []string{"score", "--vul", "4SX", "8"}, "-500")
	scoreCheckOK(t, []string{"score", "4SX", "8"}, "-300")
	scoreCheckOK(t, []string{"score", "3N", "10"}, "430")
	scoreCheckOK(t, []string{"score", "7NTXX", "0", "--vul"}, "-7600")
	scoreCheckOK(t, []string{"score", "1NTXX", "13", "--vul"}, "3160")
	scoreCheckOK(t, []string{"score", "4SX", "8", "--vul=false"}, "-300")
	scoreCheckOK(t, []string{"imps", "420"}, "9")
	scoreCheckOK(t, []string{"imps", "-50"}, "-2")
	scoreCheckOK(t, []string{"imps", "0"}, "0")
	scoreCheckOK(t, []string{"imps", "--", "-4000"}, "-24")
	// The extremes of a 64-bit integer: -MinInt overflows, the IMPs must not.
	scoreCheckOK(t, []string{"imps", "9223372036854775807"}, "24")
	scoreCheckOK(t, []string{"imps", "--", "-9223372036854775808"}, "-24")
}

// Bad input: exit 2, one line on stderr naming the command and what was
// wrong, nothing on stdout.
func TestCLIScoreBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"score"}, "CONTRACT TRICKS"},
		{[]string{"score", "4S"}, "CONTRACT TRICKS"},
		{[]string{"score", "4S", "10", "11"}, "CONTRACT TRICKS"},
		{[]string{"score", "8S", "10"}, `contract "8S"`},
		{[]string{"score", "0S", "10"}, `contract "0S"`},
		{[]string{"score", "4Z", "10"}, `contract "4Z"`},
		{[]string{"score", "4SXXX", "10"}, `contract "4SXXX"`},
		{[]string{"score", "", "10"}, `contract ""`},
		{[]string{"score", "Pass", "0"}, "passed-out"},
		{[]string{"score", "4S", "14"}, `tricks "14"`},
		{[]string{"score", "4S", "-1"}, `tricks "-1"`},
		{[]string{"score", "4S", "ten"}, `tricks "ten"`},
		{[]string{"score", "4S", "1e1"}, `tricks "1e1"`},
		{[]string{"score", "4S", "10", "--vulnerable"}, "flag"},
		{[]string{"score", "4S", "10", "--vul=maybe"}, "vul"},
		{[]string{"imps"}, "one score difference"},
		{[]string{"imps", "1", "2"}, "one score difference"},
		{[]string{"imps", "abc"}, `difference "abc"`},
		{[]string{"imps", "1.5"}, `difference "1.5"`},
		{[]string{"imps", "99999999999999999999"}, "difference"},
		{[]string{"imps", "--x"}, "flag"},
	} {
		code, out, errs := scoreRun(tc.args...)
		name := tc.args[0]
		if code != 2 || out != "" {
			t.Errorf("atout %q: exit %d, stdout %q; want exit 2 and no output", tc.args, code, out)
		}
		if !strings.HasPrefix(errs, "atout "+name+": ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
			t.Errorf("atout %q: stderr %q, want one line starting %q", tc.args, errs, "atout "+name+": ")
		}
		if !strings.Contains(errs, tc.says) {
			t.Errorf("atout %q: stderr %q does not mention %q", tc.args, errs, tc.says)
		}
	}
}

// Every contract, trick count and vulnerability through the CLI agrees with
// bridge.Score.
func TestCLIScoreAll(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for l := 1; l <= 7; l++ {
		for _, s := range bridge.Strains {
			for _, x := range []string{"", "X", "XX"} {
				c, err := bridge.ParseContract(strconv.Itoa(l) + s.String() + x)
				if err != nil {
					t.Fatal(err)
				}
				for tr := 0; tr <= 13; tr++ {
					for _, vul := range []bool{false, true} {
						args := []string{"score", c.String(), strconv.Itoa(tr)}
						if vul {
							args = append(args, "--vul")
						}
						scoreCheckOK(t, args, strconv.Itoa(bridge.Score(c, tr, vul)))
					}
				}
			}
		}
	}
}

// FuzzScoreArgs: any arguments to `atout score` either succeed with one
// integer equal to bridge.Score, or fail with exit 2, one line on stderr and
// nothing on stdout.
func FuzzScoreArgs(f *testing.F) {
	f.Add("4SX", "8", true)
	f.Add("3NT", "10", false)
	f.Add("7ntxx", "0", true)
	f.Add("Pass", "0", false)
	f.Add("8S", "-1", false)
	f.Add("--vul", "4S", true)
	f.Add("1N", "13", false)
	f.Fuzz(func(t *testing.T, contract, tricks string, vul bool) {
		args := []string{"score", contract, tricks}
		if vul {
			args = append(args, "--vul")
		}
		code, out, errs := scoreRun(args...)
		switch code {
		case 0:
			if errs != "" {
				t.Fatalf("%q: stderr %q on success", args, errs)
			}
			n, err := strconv.Atoi(strings.TrimSuffix(out, "\n"))
			if err != nil || !strings.HasSuffix(out, "\n") {
				t.Fatalf("%q: stdout %q", args, out)
			}
			c, err1 := bridge.ParseContract(contract)
			tr, err2 := strconv.Atoi(tricks)
			if err1 == nil && err2 == nil && n != bridge.Score(c, tr, vul) {
				t.Fatalf("%q: %d, want %d", args, n, bridge.Score(c, tr, vul))
			}
			if n < -7600 || n > 3160 {
				t.Fatalf("%q: %d out of bounds", args, n)
			}
		case 2:
			if out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "atout score: ") {
				t.Fatalf("%q: stdout %q stderr %q", args, out, errs)
			}
		default:
			t.Fatalf("%q: exit %d (%q)", args, code, errs)
		}
	})
}

// FuzzIMPsArgs: `atout imps` prints bridge.IMPs of any integer, and refuses
// anything else with exit 2.
func FuzzIMPsArgs(f *testing.F) {
	for _, s := range []string{"420", "-50", "0", "abc", "-", "--", "1e3", "-4000", "7600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, diff string) {
		code, out, errs := scoreRun("imps", diff)
		switch code {
		case 0:
			n, err := strconv.Atoi(diff)
			if err != nil {
				t.Fatalf("imps %q accepted: %q", diff, out)
			}
			if errs != "" || out != strconv.Itoa(bridge.IMPs(n))+"\n" {
				t.Fatalf("imps %q: stdout %q stderr %q, want %d", diff, out, errs, bridge.IMPs(n))
			}
		case 2:
			if out != "" || strings.Count(errs, "\n") != 1 {
				t.Fatalf("imps %q: stdout %q stderr %q", diff, out, errs)
			}
		default:
			t.Fatalf("imps %q: exit %d", diff, code)
		}
	})
}
