package pbn

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

func TestReadSettings(t *testing.T) {
	data := "% PBN 2.1\n[Board \"2\"]\n[Vulnerable \"N-S\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Auction \"E\"]\n1S 4C* AC 5D=1 XS \"x\n\n" +
		"[Board \"3\"]\n[Dealer \"W\"]\n[Deal \"#\"]\n[Vulnerable \"#\"]\n\n" +
		"[Board \"4\"]\n[Deal \"N:AK AK - -\"]\n"
	s := ReadSettings([]byte(data))
	if len(s) != 3 {
		t.Fatalf("%d settings", len(s))
	}
	if s[0].Err != nil || s[0].Board != 2 || s[0].Dealer != card.East || s[0].Vul != bridge.VulNS || s[0].Deal.Validate() != nil {
		t.Errorf("game 1: %+v", s[0])
	}
	if s[1].Err != nil || s[1].Dealer != card.West || s[1].Vul != bridge.VulNS || s[1].Deal != s[0].Deal || s[1].Line != 8 {
		t.Errorf("game 2 (#): %+v", s[1])
	}
	if s[2].Err == nil || s[2].Err.Line != 14 || !strings.Contains(s[2].Err.Msg, "Deal") {
		t.Errorf("game 3: %v", s[2].Err)
	}
}

func TestSetTags(t *testing.T) {
	data := "[Board \"1\"]\n[OptimumScore \"EW 1\"]\n[OptimumResultTable \"x\"]\nN NT 1\nS NT 2\n[Z \"z\"]\n\n" +
		"[Board \"2\"]\n[Auction \"N\"]\n1S \"x\n  \n[Board \"3\"]\n[X \"y\"]"
	edits := [][]TagEdit{
		{{Name: "OptimumResultTable", Value: "h", Rows: [][]string{{"a", "b"}}}, {Name: "OptimumScore", Value: "EW 2"}, {Name: "New", Value: "n"}},
		{{Name: "New", Value: "2"}},
		{{Name: "New", Value: "3"}},
	}
	got := string(SetTags([]byte(data), edits))
	want := "[Board \"1\"]\n[OptimumScore \"EW 2\"]\n[OptimumResultTable \"h\"]\na b\n[Z \"z\"]\n[New \"n\"]\n\n" +
		"[Board \"2\"]\n[Auction \"N\"]\n1S \"x\n[New \"2\"]\n  \n[Board \"3\"]\n[X \"y\"]\n[New \"3\"]"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	crlf := strings.ReplaceAll(data, "\n", "\r\n")
	if got := string(SetTags([]byte("\ufeff"+crlf), edits)); got != "\ufeff"+strings.ReplaceAll(want, "\n", "\r\n") {
		t.Errorf("CRLF + BOM: got\n%q", got)
	}
}
