package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"atout/store"
	"atout/table"
)

// TestAbandonTable: the owner of an unfinished casual table closes it; it
// is finished in the store and gone from the hub. Another user, a
// competition's table, a request without the CSRF token and a finished
// game are refused.
func TestAbandonTable(t *testing.T) {
	env := newEnv(t, table.Config{})
	owner := newClient(t, env.ts.URL)
	other := newClient(t, env.ts.URL)
	id := owner.createTable(table.Settings{Game: "bridge", Scoring: "rubber", Seed: 7})
	if env.hub.Len() != 1 {
		t.Fatalf("%d live tables, want 1", env.hub.Len())
	}

	// Without the CSRF token.
	req, _ := http.NewRequest("DELETE", env.ts.URL+"/api/tables/"+id, nil)
	resp, err := owner.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("DELETE without the CSRF token: %d, want 403", resp.StatusCode)
	}
	// Another user's table.
	other.do("DELETE", "/api/tables/"+id, nil, nil, http.StatusForbidden)
	// A competition's table, though the user created it.
	seats := [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: owner.id}, {Bot: "easy"}}
	comp, err := env.st.CreateGame(context.Background(), store.NewGame{Kind: "bridge",
		Settings: json.RawMessage(`{"game":"bridge","tournament":"t1"}`), CreatedBy: owner.id, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	owner.do("DELETE", "/api/tables/"+comp.ID, nil, nil, http.StatusForbidden)
	owner.do("DELETE", "/api/tables/nosuchtable", nil, nil, http.StatusNotFound)
	if g, _ := env.st.GetGame(context.Background(), id); g.Status != store.StatusOpen {
		t.Fatalf("refused closes changed the game: %q", g.Status)
	}

	owner.do("DELETE", "/api/tables/"+id, nil, nil, http.StatusNoContent)
	g, err := env.st.GetGame(context.Background(), id)
	if err != nil || g.Status != store.StatusFinished || string(g.Result) != string(store.AbandonedResult) {
		t.Fatalf("after the close: %+v %v", g, err)
	}
	if env.hub.Len() != 0 {
		t.Errorf("%d live tables after the close, want 0", env.hub.Len())
	}
	// The table cannot be reopened, nor closed again.
	owner.do("GET", "/api/tables/"+id, nil, nil, http.StatusNotFound)
	owner.do("DELETE", "/api/tables/"+id, nil, nil, http.StatusConflict)
	// The history lists it as finished.
	var list struct {
		Games []struct{ ID, Status string } `json:"games"`
	}
	owner.do("GET", "/api/games", nil, &list, http.StatusOK)
	for _, x := range list.Games {
		if x.ID == id && x.Status != store.StatusFinished {
			t.Errorf("history: %s is %q", id, x.Status)
		}
	}
	// A new table may be opened in its place.
	owner.createTable(table.Settings{Game: "belote", Seed: 3})
}
