package belotebot

import (
	"context"
	"math/rand/v2"
	"testing"

	"atout/belote"
)

func benchDecision(b *testing.B, lv Level, cards int) {
	t := &testing.T{}
	d := dealInPlay(t, belote.Rules{Mode: belote.Classic, Announcements: true}, 8, cards)
	bot := NewStrong(lv, 1)
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), d, d.Turn()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFastCardTrick1(b *testing.B)   { benchDecision(b, LevelFast, 1) }
func BenchmarkFastCardTrick3(b *testing.B)   { benchDecision(b, LevelFast, 9) }
func BenchmarkStrongCardTrick2(b *testing.B) { benchDecision(b, LevelStrong, 5) }
func BenchmarkStrongCardTrick3(b *testing.B) { benchDecision(b, LevelStrong, 9) }

func BenchmarkRuleCard(b *testing.B) {
	d := dealInPlay(&testing.T{}, belote.Rules{Mode: belote.Classic}, 8, 5)
	st := Observe(d, d.Turn()).playState()
	for b.Loop() {
		ruleCard(st)
	}
}

func BenchmarkSamplePlay(b *testing.B) {
	d := dealInPlay(&testing.T{}, belote.Rules{Mode: belote.Classic}, 8, 9)
	k := Observe(d, d.Turn())
	rnd := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		if _, ok := k.SamplePlay(rnd); !ok {
			b.Fatal("no sample")
		}
	}
}
