package cluster

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/table"
)

// TestSealAcrossNodes: an onlooker who reaches a competition's table
// through another node than its owner's gets what the owner's judge lets
// him see: nothing of a board the competition does not show yet.
func TestSealAcrossNodes(t *testing.T) {
	_, n1, n2 := twoNodes(t)
	for _, n := range []*node{n1, n2} {
		n.hub.SealWith(func(table.SealQuery) bool { return false })
	}
	ctx := context.Background()
	r := card.NewRand(5)
	deals := []string{bridge.RandomDeal(r).String(), bridge.RandomDeal(r).String()}
	r1, err := n1.hub.Create(ctx, table.Settings{Game: "bridge", Level: "easy", Tournament: table.ParseCompetition("match:closed"), Deals: deals, Seed: 3}, table.Player{})
	must(t, err)
	r2, err := n2.hub.Get(ctx, r1.ID())
	must(t, err)
	sub, err := r2.Subscribe(ctx, "onlooker", "")
	must(t, err)
	defer sub.Close()
	deadline := time.After(60 * time.Second)
	states := 0
	for {
		select {
		case b, ok := <-sub.C():
			if !ok {
				if states == 0 {
					t.Fatal("no state through the other node")
				}
				return
			}
			var m struct {
				Type  string          `json:"type"`
				View  json.RawMessage `json:"view"`
				Table table.Info      `json:"table"`
			}
			must(t, json.Unmarshal(b, &m))
			if m.Type == "analysis" {
				t.Fatalf("an analysis reached the onlooker: %s", b)
			}
			if m.Type != "state" {
				continue
			}
			states++
			if len(m.View) > 0 && string(m.View) != "null" {
				t.Fatalf("the onlooker got a view of a sealed board through node 2: %s", m.View)
			}
			if m.Table.Over {
				return
			}
		case <-deadline:
			t.Fatalf("the bots did not finish (%d states seen)", states)
		}
	}
}
