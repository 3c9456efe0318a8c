package server

import (
	"testing"

	"atout/table"
)

// TestCreateSaTaTable: the New game form's sans-atout and tout-atout box
// reaches the table (coinche only).
func TestCreateSaTaTable(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	var out struct{ ID string }
	c.do("POST", "/api/tables", map[string]any{"game": "belote", "mode": "coinche", "sata": true}, &out, 200)
	var info table.Info
	c.do("GET", "/api/tables/"+out.ID, nil, &info, 200)
	if !info.Settings.SaTa || info.Settings.Mode != "coinche" {
		t.Fatalf("the table's settings: %+v", info.Settings)
	}
	c.do("POST", "/api/tables", map[string]any{"game": "belote", "mode": "classic", "sata": true}, nil, 400)
}
