package bridge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"atout/card"
)

// RecordNoClaim is the value of [Record.Claim] when the play did not end in
// a claim.
const RecordNoClaim = -1

// Record is the record of one board as found in a PBN or LIN file: the
// setting (board number, dealer, vulnerability, deal, players), the auction,
// the play and an optional claim, plus every other tag pair as written. It
// is the common ground of the PBN and LIN readers and writers; it checks no
// rule of the game (replay it through a [Game] for that).
//
// The board number, dealer, vulnerability, deal and player names are typed
// fields; the Board, Dealer, Vulnerable, Deal, West, North, East and South
// tags are not kept in Tags. All other tags are in Tags, in order: first the
// mandatory string tags (Event, Site, Date, Scoring, Declarer, Contract,
// Result, see [Record.Normalize]), then the others as they came, with the
// Auction and Play tags marking where those sections go.
type Record struct {
	Board   int       // board number; 0 when unknown
	Dealer  card.Seat // dealer
	Vul     Vul       // vulnerability
	Deal    Deal      // the four hands; an unknown hand is empty
	Players [4]string // player names indexed by seat; "" when unknown

	Auction []RecordCall // the calls from the dealer on
	Play    []RecordCard // the cards in the order they were played
	Claim   int          // declarer's total tricks when the play ended in a claim, else RecordNoClaim

	Tags     []RecordTag // other tag pairs in order (see above)
	Comments []string    // commentary found before the first tag of Tags
}

// RecordCall is one call of a recorded auction.
type RecordCall struct {
	Call   Call
	Alert  bool     // alerted (LIN "!")
	Note   string   // explanation: a PBN note or a LIN "an" text
	Annots []string // PBN annotations as written: "!", "?!", "$12", "^S"
}

// RecordCard is one card of a recorded play.
type RecordCard struct {
	Seat   card.Seat // the hand the card came from (dummy's seat for dummy's cards)
	Card   card.Card
	Note   string   // PBN note text
	Annots []string // PBN annotations as written
}

// RecordTag is one tag pair kept in a Record. Rows holds the data lines of
// a section tag other than Auction and Play (a table such as
// OptimumResultTable or ScoreTable, or an unknown section), one slice of
// tokens per row. Comments holds the commentary that followed the tag.
type RecordTag struct {
	Name     string
	Value    string
	Rows     [][]string
	Comments []string
}

// MandatoryStringTags are the tags of the PBN mandatory set kept in
// [Record.Tags], in the order Normalize puts them.
var MandatoryStringTags = [...]string{"Event", "Site", "Date", "Scoring", "Declarer", "Contract", "Result"}

// RecordTypedTags are the tags held in typed fields of a Record.
var RecordTypedTags = [...]string{"Board", "Dealer", "Vulnerable", "Deal", "West", "North", "East", "South"}

// IsRecordTypedTag reports whether the tag name is held in a typed field of
// a Record rather than in Tags.
func IsRecordTypedTag(name string) bool { return slices.Contains(RecordTypedTags[:], name) }

// NewRecord returns a record of board number board with the board's dealer
// and vulnerability, the given deal and no auction yet.
func NewRecord(board int, deal Deal) *Record {
	r := &Record{Board: board, Deal: deal, Claim: RecordNoClaim}
	if board > 0 {
		r.Dealer, r.Vul = BoardDealer(board), BoardVul(board)
	}
	return r
}

// RecordOf returns the record of g as played so far: its board number,
// dealer, vulnerability and deal, the calls, the cards played and the claim,
// with the Contract, Declarer and Result tags once they are known, then
// normalized (see [Record.Normalize]). The caller sets the other tags
// (Event, Scoring, ...): the mandatory ones are in place, so SetTag keeps
// their order. A new game gives the record of a board not yet bid.
func RecordOf(g *Game) *Record {
	r := NewRecord(g.Board(), g.Deal())
	r.Dealer, r.Vul = g.Dealer(), g.Vul()
	auc := g.Auction()
	for _, c := range auc.Calls() {
		r.Auction = append(r.Auction, RecordCall{Call: c})
	}
	if _, ok := g.Dummy(); ok {
		for _, m := range g.Moves()[auc.Len():] {
			if c, err := card.Parse(m.Action); err == nil {
				r.Play = append(r.Play, RecordCard{Seat: m.Seat, Card: c})
			}
		}
	}
	res := g.Result()
	if _, ok := g.Claimed(); ok {
		r.Claim = res.Tricks
	}
	if auc.Done() {
		r.SetTag("Contract", res.Contract.String())
		if !res.Contract.IsPass() {
			r.SetTag("Declarer", res.Declarer.String())
			if res.Done {
				r.SetTag("Result", strconv.Itoa(res.Tricks))
			}
		}
	}
	r.Normalize()
	return r
}

// Clone returns a deep copy of r.
func (r *Record) Clone() *Record {
	c := *r
	c.Auction = slices.Clone(r.Auction)
	for i := range c.Auction {
		c.Auction[i].Annots = slices.Clone(c.Auction[i].Annots)
	}
	c.Play = slices.Clone(r.Play)
	for i := range c.Play {
		c.Play[i].Annots = slices.Clone(c.Play[i].Annots)
	}
	c.Tags = slices.Clone(r.Tags)
	for i := range c.Tags {
		t := &c.Tags[i]
		t.Comments = slices.Clone(t.Comments)
		if t.Rows != nil {
			rows := make([][]string, len(t.Rows))
			for j, row := range t.Rows {
				rows[j] = slices.Clone(row)
			}
			t.Rows = rows
		}
	}
	c.Comments = slices.Clone(r.Comments)
	return &c
}

// tagIndex returns the index of the first tag called name, or -1.
func (r *Record) tagIndex(name string) int {
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			return i
		}
	}
	return -1
}

// Tag returns the value of the first tag called name in Tags.
func (r *Record) Tag(name string) (string, bool) {
	if i := r.tagIndex(name); i >= 0 {
		return r.Tags[i].Value, true
	}
	return "", false
}

// TagRows returns the rows of the first tag called name (a table).
func (r *Record) TagRows(name string) [][]string {
	if i := r.tagIndex(name); i >= 0 {
		return r.Tags[i].Rows
	}
	return nil
}

// SetTag sets the value of the tag called name, adding it at the end of
// Tags if absent. It must not be used for the typed tags (Board, Dealer,
// Vulnerable, Deal and the player names): set the fields instead.
func (r *Record) SetTag(name, value string) {
	if i := r.tagIndex(name); i >= 0 {
		r.Tags[i].Value = value
		return
	}
	r.Tags = append(r.Tags, RecordTag{Name: name, Value: value})
}

// SetTable sets a table tag (such as OptimumResultTable): its header value
// and its rows, adding it at the end of Tags if absent.
func (r *Record) SetTable(name, header string, rows [][]string) {
	if i := r.tagIndex(name); i >= 0 {
		r.Tags[i].Value, r.Tags[i].Rows = header, rows
		return
	}
	r.Tags = append(r.Tags, RecordTag{Name: name, Value: header, Rows: rows})
}

// DeleteTag removes every tag called name from Tags.
func (r *Record) DeleteTag(name string) {
	r.Tags = slices.DeleteFunc(r.Tags, func(t RecordTag) bool { return t.Name == name })
}

// HasAuctionTag and HasPlayTag report whether the record holds an Auction or
// Play section (possibly empty).
func (r *Record) HasAuctionTag() bool { return r.tagIndex("Auction") >= 0 || len(r.Auction) > 0 }

// HasPlayTag reports whether the record holds a Play section (possibly
// empty), or cards, or a claim.
func (r *Record) HasPlayTag() bool {
	return r.tagIndex("Play") >= 0 || len(r.Play) > 0 || r.Claim >= 0
}

// AuctionState sums up a list of calls without checking them against the
// Laws: whether the auction is over, the contract reached and declarer.
type AuctionState struct {
	Done     bool      // three passes after a bid, or four passes
	Contract Contract  // the contract so far (PassedOut if nobody bid)
	Declarer card.Seat // declarer; meaningless when nobody bid
	Bid      bool      // somebody bid
}

// RecordAuctionState reads the calls made from dealer on. It is lenient: an
// insufficient bid or a misplaced double simply counts as made.
func RecordAuctionState(dealer card.Seat, calls []RecordCall) AuctionState {
	var st AuctionState
	passes := 0
	var bidder card.Seat
	var first [2][5]card.Seat
	var named [2][5]bool
	for i, rc := range calls {
		seat := card.Seat((int(dealer) + i) & 3)
		c := rc.Call
		switch c.Kind {
		case Pass:
			passes++
		case Double:
			passes = 0
			st.Contract.Doubled = 1
		case Redouble:
			passes = 0
			st.Contract.Doubled = 2
		case Bid:
			passes = 0
			st.Bid = true
			st.Contract = Contract{Level: c.Level, Strain: c.Strain}
			side := seat.Side()
			if c.Strain <= NoTrump && !named[side][c.Strain] {
				named[side][c.Strain] = true
				first[side][c.Strain] = seat
			}
			bidder = seat
		}
		if (st.Bid && passes >= 3) || (!st.Bid && passes >= 4) {
			st.Done = true
			break
		}
	}
	if st.Bid && st.Contract.Strain <= NoTrump {
		st.Declarer = first[bidder.Side()][st.Contract.Strain]
	}
	if !st.Bid {
		st.Contract = PassedOut
	}
	return st
}

// AuctionComplete reports whether the recorded auction is over.
func (r *Record) AuctionComplete() bool { return RecordAuctionState(r.Dealer, r.Auction).Done }

// FinalContract returns the contract and declarer: from the auction when it
// is complete, otherwise from the Contract and Declarer tags. ok is false
// when neither tells. For a passed-out board the contract is PassedOut.
func (r *Record) FinalContract() (c Contract, declarer card.Seat, ok bool) {
	if st := RecordAuctionState(r.Dealer, r.Auction); st.Done {
		return st.Contract, st.Declarer, true
	}
	cs, _ := r.Tag("Contract")
	c, err := ParseContract(cs)
	if err != nil {
		return Contract{}, 0, false
	}
	if c.IsPass() {
		return c, 0, true
	}
	ds, _ := r.Tag("Declarer")
	d, err := card.ParseSeat(ds)
	if err != nil {
		// A contract with no declarer but an opening leader (some book
		// writers leave Declarer empty): declarer is the leader's
		// right-hand opponent.
		leader, ok := r.playTagSeat()
		if !ok {
			return Contract{}, 0, false
		}
		d = leader.Prev()
	}
	return c, d, true
}

// playTagSeat returns the seat named by the Play tag, or by the first card
// played.
func (r *Record) playTagSeat() (card.Seat, bool) {
	if len(r.Play) > 0 {
		return r.Play[0].Seat, true
	}
	v, _ := r.Tag("Play")
	s, err := card.ParseSeat(strings.TrimSpace(v))
	return s, err == nil
}

// ParseResult reads the value of a Result tag as declarer's total tricks in
// contract c: a number of tricks ("9"), a side and the tricks that side won
// ("NS 11", "EW 2"; PBN 2.1 allows both), converted with declarer's seat,
// or, as some scoring programs write it, the tricks over or under the
// contract ("=", "+1", "-2"). ok is false for "", "?" and anything else.
func ParseResult(v string, c Contract, declarer card.Seat) (int, bool) {
	v = strings.TrimSpace(v)
	if len(v) > 0 && (v[0] == '=' || v[0] == '+' || v[0] == '-') && c.Level > 0 {
		d := 0
		if v != "=" {
			n, err := strconv.Atoi(v)
			if err != nil || n == 0 {
				return 0, false
			}
			d = n
		}
		n := 6 + int(c.Level) + d
		if n < 0 || n > 13 {
			return 0, false
		}
		return n, true
	}
	f := strings.Fields(v)
	side := -1
	switch {
	case len(f) == 1:
	case len(f) == 2:
		switch strings.ToUpper(f[0]) {
		case "NS", "N-S":
			side = int(card.NS)
		case "EW", "E-W":
			side = int(card.EW)
		default:
			return 0, false
		}
		f = f[1:]
	default:
		return 0, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || n > 13 {
		return 0, false
	}
	if side >= 0 && side != int(declarer.Side()) {
		n = 13 - n
	}
	return n, true
}

// PlayComplete reports whether all 52 cards are recorded.
func (r *Record) PlayComplete() bool { return len(r.Play) == 52 }

// DeclarerTricksPlayed counts the tricks declarer's side won in the
// complete tricks of the recorded play, given the contract's strain and
// declarer.
func (r *Record) DeclarerTricksPlayed(strain Strain, declarer card.Seat) int {
	n := 0
	for k := 0; k+4 <= len(r.Play); k += 4 {
		var cs [4]card.Card
		for i := range cs {
			cs[i] = r.Play[k+i].Card
		}
		if TrickWinner(r.Play[k].Seat, cs, strain).Side() == declarer.Side() {
			n++
		}
	}
	return n
}

// ResultTricks returns declarer's total tricks: from the play when it is
// complete, else from the claim, else from a numeric Result tag.
func (r *Record) ResultTricks() (int, bool) {
	c, decl, ok := r.FinalContract()
	if ok && !c.IsPass() && r.PlayComplete() {
		return r.DeclarerTricksPlayed(c.Strain, decl), true
	}
	if r.Claim >= 0 {
		return r.Claim, true
	}
	v, _ := r.Tag("Result")
	return ParseResult(v, c, decl)
}

// Leader returns the opening leader: the seat of the first card played, or
// the value of the Play tag, or declarer's left-hand opponent.
func (r *Record) Leader() (card.Seat, bool) {
	if len(r.Play) > 0 {
		return r.Play[0].Seat, true
	}
	if v, ok := r.Tag("Play"); ok {
		if s, err := card.ParseSeat(v); err == nil {
			return s, true
		}
	}
	if c, d, ok := r.FinalContract(); ok && !c.IsPass() {
		return d.Next(), true
	}
	return 0, false
}

// Normalize puts r in the canonical form the readers return: the missing
// mandatory string tags are added (Event, Site, Date and Scoring as "?";
// Declarer, Contract and Result worked out from the auction and the play
// when possible, else "?"), and those tags come first in Tags, in the order
// of MandatoryStringTags, followed by the other tags in their order. A
// negative Claim becomes RecordNoClaim.
func (r *Record) Normalize() {
	if r.Claim < 0 {
		r.Claim = RecordNoClaim
	}
	st := RecordAuctionState(r.Dealer, r.Auction)
	defaults := map[string]string{"Event": "?", "Site": "?", "Date": "?", "Scoring": "?", "Declarer": "?", "Contract": "?", "Result": "?"}
	if st.Done {
		if st.Bid {
			defaults["Contract"] = st.Contract.String()
			defaults["Declarer"] = st.Declarer.String()
		} else {
			defaults["Contract"], defaults["Declarer"], defaults["Result"] = "Pass", "", ""
		}
	}
	if _, ok := r.Tag("Result"); !ok {
		if st.Done && st.Bid && r.PlayComplete() {
			defaults["Result"] = strconv.Itoa(r.DeclarerTricksPlayed(st.Contract.Strain, st.Declarer))
		} else if r.Claim >= 0 {
			defaults["Result"] = strconv.Itoa(r.Claim)
		}
	}
	head := make([]RecordTag, 0, len(r.Tags)+len(MandatoryStringTags))
	for _, name := range MandatoryStringTags {
		if i := r.tagIndex(name); i >= 0 {
			head = append(head, r.Tags[i])
		} else {
			head = append(head, RecordTag{Name: name, Value: defaults[name]})
		}
	}
	for _, t := range r.Tags {
		if !slices.Contains(MandatoryStringTags[:], t.Name) {
			head = append(head, t)
		}
	}
	// Keep only the first of each mandatory tag (tagIndex found the first).
	r.Tags = head
}

// ParseRecordDeal reads a PBN deal string leniently: "N:h1 h2 h3 h4" where
// a hand may be "-" (unknown), hands may hold fewer than 13 cards, and "",
// "?" or "-" stand for an unknown deal. Cards may not repeat and no hand may
// hold more than 13. One unknown hand is restored when the other three hold
// 13 cards each.
func ParseRecordDeal(s string) (Deal, error) {
	var d Deal
	t := strings.TrimSpace(s)
	if t == "" || t == "?" || t == "-" {
		return d, nil
	}
	if len(t) < 2 || t[1] != ':' {
		return d, &DealError{s, `want "N:" (first seat) then four hands`}
	}
	first, err := card.ParseSeat(t[:1])
	if err != nil {
		return d, &DealError{s, "bad first seat " + t[:1]}
	}
	hands := strings.Fields(t[2:])
	if len(hands) > 4 {
		return d, &DealError{s, fmt.Sprintf("want 4 hands, found %d", len(hands))}
	}
	for len(hands) < 4 {
		hands = append(hands, "-")
	}
	var seen card.Hand
	for i, hs := range hands {
		seat := card.Seat((int(first) + i) % 4)
		if hs == "-" {
			continue
		}
		h, err := card.ParseHand(hs)
		if err != nil {
			return d, &DealError{s, fmt.Sprintf("%s hand: %v", seat.Name(), err)}
		}
		if h.Len() > 13 {
			return d, &DealError{s, fmt.Sprintf("%s has %d cards", seat.Name(), h.Len())}
		}
		if dup := seen & h; dup != 0 {
			return d, &DealError{s, "card " + dup.Cards()[0].String() + " dealt twice"}
		}
		seen |= h
		d[seat] = h
	}
	return RestoreMissingHand(d), nil
}

// RestoreMissingHand returns d with its one empty hand filled in from the
// other three when they hold 13 cards each and no card twice; otherwise d
// unchanged.
func RestoreMissingHand(d Deal) Deal {
	empty := -1
	var seen card.Hand
	for s := range d {
		switch d[s].Len() {
		case 0:
			if empty >= 0 {
				return d
			}
			empty = s
		case 13:
		default:
			return d
		}
		if seen&d[s] != 0 {
			return d
		}
		seen |= d[s]
	}
	if empty >= 0 {
		d[empty] = card.Full52 &^ seen
	}
	return d
}

// FormatRecordDeal writes a deal as PBN starting with seat first; an empty
// hand is written "-". A deal with no card at all is written "".
func FormatRecordDeal(d Deal, first card.Seat) string {
	if d == (Deal{}) {
		return ""
	}
	var b strings.Builder
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := 0; i < 4; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		h := d[(int(first)+i)%4]
		if h == 0 {
			b.WriteByte('-')
		} else {
			b.WriteString(h.String())
		}
	}
	return b.String()
}

// PlayFromTricks turns tricks written by seat (as in a PBN Play section:
// tricks[k][seat] is the card seat played to trick k, 0 for none) into the
// order of play, starting with leader and finding each trick's winner with
// the strain. known is false when the strain is unknown: then at most one
// complete trick may be given. The cards of a trick are taken clockwise from
// its leader and stop at the first missing card; the tricks after an
// incomplete one must be empty.
func PlayFromTricks(leader card.Seat, strain Strain, known bool, tricks [][4]card.Card) ([]RecordCard, error) {
	var out []RecordCard
	ended := false
	for k, t := range tricks {
		n := 0
		for i := 0; i < 4; i++ {
			seat := card.Seat((int(leader) + i) & 3)
			if t[seat] == 0 {
				for j := i + 1; j < 4; j++ {
					if s := card.Seat((int(leader) + j) & 3); t[s] != 0 {
						return nil, fmt.Errorf("trick %d: %s played %s after %s played no card", k+1, s, t[s], seat)
					}
				}
				break
			}
			if ended {
				return nil, fmt.Errorf("trick %d: cards after an incomplete trick", k+1)
			}
			out = append(out, RecordCard{Seat: seat, Card: t[seat]})
			n++
		}
		if n < 4 {
			ended = true
			continue
		}
		if !known && k+1 < len(tricks) {
			if next := tricks[k+1]; next != ([4]card.Card{}) {
				return nil, fmt.Errorf("trick %d: no contract, so the winner of trick %d is unknown", k+2, k+1)
			}
		}
		cs := [4]card.Card{}
		for i := range cs {
			cs[i] = out[len(out)-4+i].Card
		}
		leader = TrickWinner(leader, cs, strain)
	}
	return out, nil
}

// TricksBySeat groups the recorded play into tricks of four cards written by
// seat (the inverse of PlayFromTricks): trick k, card of seat s at
// [k][s]. It fails when two cards of one trick come from the same seat.
func (r *Record) TricksBySeat() ([][4]card.Card, error) {
	var out [][4]card.Card
	for k := 0; k < len(r.Play); k += 4 {
		var t [4]card.Card
		for i := k; i < k+4 && i < len(r.Play); i++ {
			pc := r.Play[i]
			if t[pc.Seat&3] != 0 {
				return nil, fmt.Errorf("trick %d: two cards from %s", k/4+1, pc.Seat)
			}
			t[pc.Seat&3] = pc.Card
		}
		out = append(out, t)
	}
	return out, nil
}

// SeatPlay assigns seats to cards given in the order of play, as a LIN file
// gives them: when the strain is known, the opening leader plays first and
// each trick's winner leads the next; otherwise each card is given to the
// hand of deal that holds it (or to the next seat clockwise if none does).
func SeatPlay(cards []card.Card, leader card.Seat, strain Strain, known bool, deal Deal) []RecordCard {
	out := make([]RecordCard, len(cards))
	seat := leader
	for i, c := range cards {
		if known {
			if i%4 == 0 && i > 0 {
				var cs [4]card.Card
				for j := range cs {
					cs[j] = cards[i-4+j]
				}
				seat = TrickWinner(out[i-4].Seat, cs, strain)
			}
		} else if s, ok := deal.Owner(c); ok {
			seat = s
		} else if i > 0 {
			seat = out[i-1].Seat.Next()
		}
		out[i] = RecordCard{Seat: seat, Card: c}
		seat = seat.Next()
	}
	return out
}

// ScoreNSRecord returns the result of a record for North-South in the
// duplicate form: contract, declarer, declarer's tricks and score. ok is
// false when the contract or the tricks are not known.
func (r *Record) ScoreNSRecord() (c Contract, declarer card.Seat, tricks, scoreNS int, ok bool) {
	c, declarer, ok = r.FinalContract()
	if !ok {
		return
	}
	if c.IsPass() {
		return c, 0, 0, 0, true
	}
	tricks, ok = r.ResultTricks()
	if !ok {
		return
	}
	return c, declarer, tricks, ScoreNS(c, declarer, tricks, r.Vul), true
}

// MinimalAuction returns the shortest auction from dealer that reaches
// contract c by declarer: passes up to declarer, the bid, a double by
// declarer's left-hand opponent and a redouble by dummy when needed, then
// three passes (four passes for a passed-out board). It stands in for the
// auction of a record that gives only the contract, where a format needs
// calls (LIN) or a replay does.
func MinimalAuction(dealer card.Seat, c Contract, declarer card.Seat) []RecordCall {
	var out []RecordCall
	add := func(c Call) { out = append(out, RecordCall{Call: c}) }
	if c.IsPass() {
		for range 4 {
			add(PassCall)
		}
		return out
	}
	for s := dealer; s != declarer; s = s.Next() {
		add(PassCall)
	}
	add(NewBid(int(c.Level), c.Strain))
	if c.Doubled > 0 {
		add(DoubleCall)
		if c.Doubled > 1 {
			add(RedoubleCall)
		}
	}
	for range 3 {
		add(PassCall)
	}
	return out
}
