package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestSolvePBNKeepsTheFile checks that solve --pbn reads only the deals:
// auction tokens it cannot read do not matter, a bad deal leaves its board
// as it is, every byte but the four tags it writes is kept, and those tags
// keep the forms the file used.
func TestSolvePBNKeepsTheFile(t *testing.T) {
	in, err := os.ReadFile("testdata/solve-forms.pbn")
	if err != nil {
		t.Fatal(err)
	}
	for _, crlf := range []bool{false, true} {
		data := in
		if crlf {
			data = bytes.ReplaceAll(in, []byte("\n"), []byte("\r\n"))
		}
		code, out, errs := runAtout(t, "", "solve", "--threads", "1", "--pbn", writeTemp(t, "forms.pbn", string(data)))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if !strings.Contains(errs, "line 40: Deal") || !strings.Contains(errs, "board 4 left as it is") || strings.Count(errs, "\n") != 1 {
			t.Errorf("stderr %q", errs)
		}
		eol := "\n"
		if crlf {
			eol = "\r\n"
			if strings.Count(out, "\n") != strings.Count(out, "\r\n") {
				t.Errorf("CRLF file written with LF line ends")
			}
		}
		// The par of board 2 (dealer E, N-S vulnerable) is EW 1S+2, 140 for
		// EW: the file's forms are kept.
		for _, want := range []string{
			`[OptimumScore "EW 140"]` + eol + `[ParContract "EW 1S+2"]` + eol,
			`[MyTag "kept byte for byte"]` + eol + `[DoubleDummyTricks "54644546447969979699"]` + eol +
				`[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]` + eol + "N NT 5" + eol,
			"W C 9" + eol + eol + `[Event "Club pairs"]`,
			// The end position: three cards a hand.
			`[Contract "3NT"]` + eol + `[DoubleDummyTricks "22302023000103011031"]`,
			"S H 3" + eol, "W D 3" + eol,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
		// Every line of the file is still there, in order, but the two
		// tags replaced.
		got := strings.Split(out, eol)
		k := 0
		for _, line := range strings.Split(string(data), eol) {
			if strings.HasPrefix(line, "[OptimumScore") || strings.HasPrefix(line, "[ParContract") {
				continue
			}
			for k < len(got) && got[k] != line {
				k++
			}
			if k == len(got) {
				t.Errorf("line %q lost or moved", line)
				break
			}
		}
		if strings.Count(out, "DoubleDummyTricks") != 2 || strings.Count(out, "ParContract") != 1 {
			t.Errorf("analysis tags added to the wrong games:\n%s", out)
		}
	}
}

func TestSolvePBNForms(t *testing.T) {
	// Without a ParContract or OptimumScore in the file: the side NS and
	// the contract without overtricks, as before.
	data := "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"N:QT94.QT983.2.T87 KJ8.J64.98.AQ643 65.A52.AQT54.K95 A732.K7.KJ763.J2\"]\n"
	code, out, errs := runAtout(t, "", "solve", "--threads", "1", "--pbn", writeTemp(t, "f.pbn", data))
	if code != 0 || !strings.Contains(out, `[OptimumScore "NS -140"]`+"\n"+`[ParContract "EW 1S"]`+"\n") || !strings.HasPrefix(out, data) {
		t.Errorf("exit %d %q:\n%s", code, errs, out)
	}
	// A file without any board.
	if code, _, _ := runAtout(t, "", "solve", "--pbn", writeTemp(t, "e.pbn", "% nothing\n")); code != 2 {
		t.Errorf("empty file: exit %d", code)
	}
}

func TestParContractForms(t *testing.T) {
	// Board 2 of solve-forms.pbn: par EW 1S+2 (140), dealer E, N-S vulnerable.
	base := "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"N:QT94.QT983.2.T87 KJ8.J64.98.AQ643 65.A52.AQT54.K95 A732.K7.KJ763.J2\"]\n"
	for old, want := range map[string]string{
		"EW 1S+2": "EW 1S+2", // kept
		"EW 3S":   "EW 3S",   // the level made: kept
		"ew 3s":   "ew 3s",   // the same, as written
		"EW 1S":   "EW 1S",
		"EW 2H+1": "EW 1S+2", // stale, overtrick form
		"NS 4S":   "EW 1S",   // stale
		"":        "EW 1S",
	} {
		code, out, errs := runAtout(t, "", "solve", "--threads", "1", "--pbn", writeTemp(t, "f.pbn", base+"[ParContract \""+old+"\"]\n"))
		if code != 0 || !strings.Contains(out, "[ParContract \""+want+"\"]") {
			t.Errorf("ParContract %q: exit %d %q, want %q:\n%s", old, code, errs, want, out)
		}
	}
}

// TestSolvePBNEndPosition: an end position (PBN 2.1 §3.10) gets its
// double-dummy tricks out of the tricks left, and no par.
func TestSolvePBNEndPosition(t *testing.T) {
	in, err := os.ReadFile("testdata/endposition.pbn")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runAtout(t, "", "solve", "--pbn", "testdata/endposition.pbn")
	// North in NT, East on lead: East cashes nothing (spades only, under
	// North's AK) but keeps the last spade; South's hearts and West's
	// diamonds win three tricks for their sides as declarers.
	want := string(in) + "[DoubleDummyTricks \"22302023000103011031\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 2\n"
	if code != 0 || errs != "" || !strings.HasPrefix(out, want) || strings.Contains(out, "OptimumScore") || strings.Contains(out, "ParContract") {
		t.Errorf("exit %d %q:\n%s", code, errs, out)
	}
	for _, row := range []string{"S H 3\n", "W D 3\n", "E D 3\n", "N H 3\n"} {
		if !strings.Contains(out, row) {
			t.Errorf("no row %q", row)
		}
	}
}
