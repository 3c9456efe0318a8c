package bridgebot

import (
	"errors"
	"fmt"

	"atout/bridge"
	"atout/card"
)

// ErrNoSample is returned when no deal fits what is known: the knowledge is
// contradictory (cards and shown voids that cannot be dealt).
var ErrNoSample = errors.New("bridgebot: no deal fits what is known")

// relaxTries is how many failed attempts the sampler makes at each level of
// relaxation of the auction's constraints before moving to the next:
// level 0 takes the constraints as shown, 1 widens them by 2 HCP and one
// card each way, 2 by 5 HCP and two cards, 3 drops them (only the hard
// facts remain: cards seen and voids shown).
var relaxTries = [...]int{4000, 2000, 1000, 1000}

// Sampler draws deals consistent with a [Knowledge]: the hands the seat
// sees as they are, the other cards dealt at random to the hidden seats so
// that each gets the right number, nobody receives a card of a suit it has
// shown out of, and (as far as possible) each hand fits what its calls
// showed. Soft constraints (the auction's) are relaxed step by step when
// they cannot be met; the hard ones never are.
type Sampler struct {
	k      *Knowledge
	hidden []card.Seat
	cards  []card.Card // unseen cards, most constrained first
	groups []int       // ends of the groups of cards with the same number of eligible seats
	elig   []uint8     // seats (bit per seat) that may hold cards[i]
	shown  [4]Constraint
	relax  int
	Tries  int // dealing attempts so far
	// stop, when set, ends a Sample call that is still trying when it
	// closes (with errStopped).
	stop <-chan struct{}
	// check, when set, must also accept a deal (whole original hands of
	// the hidden seats): the auction replayed by the bidding system
	// ([Bot.auctionCheck]), which counts the calls a deal does not
	// replay. When it rejects nearly every deal that fits the
	// constraints, it admits one call not replayed, then two, and then
	// it is given up (a bidder that is not ours).
	check          func(d *bridge.Deal, limit int) int
	checked, kept  int // deals the check saw and kept, at every tolerance
	tolChecked     int // deals the check saw at the current tolerance
	tolKept        int // and kept
	tol            int // calls a kept deal may fail to replay
	checkAbandoned bool
}

// maxCheckTolerance is the most calls of the auction a sampled deal may
// fail to replay before the check is given up. When no deal among many
// replays the whole auction (a rare sequence, or calls the meanings
// describe loosely), the deals that replay all of it but one call are
// still far closer to it than those the meanings alone admit.
const maxCheckTolerance = 2

// checkTriesFactor multiplies the dealing attempts at the first level
// while the check is on: the deals it accepts are worth the wait.
const checkTriesFactor = 4

// checkPatience is how many deals the check may reject for each one it
// accepts before the sampler gives it up.
const checkPatience = 150

// errStopped is returned by Sample when its stop channel closed.
var errStopped = errors.New("bridgebot: sampling stopped")

// NewSampler prepares sampling for k.
func NewSampler(k *Knowledge) (*Sampler, error) {
	s := &Sampler{k: k}
	var hiddenMask uint8
	room := 0
	for _, seat := range card.Seats {
		if !k.Known[seat] {
			s.hidden = append(s.hidden, seat)
			hiddenMask |= 1 << seat
			room += k.Need(seat)
		}
	}
	unseen := k.Unseen()
	if unseen.Len() != room {
		return nil, fmt.Errorf("bridgebot: %d unseen cards for %d places in the hidden hands", unseen.Len(), room)
	}
	// group the cards by how many seats may hold them
	all := unseen.Cards()
	for want := 1; want <= 4; want++ {
		for _, c := range all {
			m := hiddenMask
			for _, seat := range s.hidden {
				if k.Voids[seat]>>c.Suit()&1 != 0 {
					m &^= 1 << seat
				}
			}
			if m == 0 && want == 1 {
				return nil, fmt.Errorf("%w: nobody may hold %s", ErrNoSample, c)
			}
			if popcount8(m) == want {
				s.cards = append(s.cards, c)
				s.elig = append(s.elig, m)
			}
		}
		if len(s.groups) == 0 || s.groups[len(s.groups)-1] != len(s.cards) {
			s.groups = append(s.groups, len(s.cards))
		}
	}
	s.setRelax(0)
	return s, nil
}

func popcount8(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func (s *Sampler) setRelax(level int) {
	s.relax = level
	for seat := range 4 {
		c := s.k.Shown[seat]
		switch level {
		case 1:
			c = c.Widen(2, 1)
		case 2:
			c = c.Widen(5, 2)
		case 3:
			c = AnyHand()
		}
		s.shown[seat] = c
	}
}

// Relaxation returns the level of relaxation reached: 0 when the auction's
// constraints hold as shown, 3 when they were dropped.
func (s *Sampler) Relaxation() int { return s.relax }

// Sample returns one deal of the cards still held by each seat (the cards of
// the current trick are not in it), consistent with the knowledge.
func (s *Sampler) Sample(r *card.Rand) (bridge.Deal, error) {
	for {
		tries := relaxTries[s.relax]
		if s.relax == 0 && s.check != nil && !s.checkAbandoned {
			tries *= checkTriesFactor
		}
		for try := 0; try < tries; try++ {
			if try&63 == 63 && s.stopped() {
				return bridge.Deal{}, errStopped
			}
			s.Tries++
			d, ok := s.deal(r)
			if ok && s.fits(&d) && s.checks(&d) {
				return d, nil
			}
		}
		if s.relax == 0 && s.check != nil && !s.checkAbandoned {
			// the auction as bid is too rare among the deals that fit its
			// meanings: admit one more call not replayed, then keep the
			// meanings and give up the check
			s.loosenCheck()
			continue
		}
		if s.relax == len(relaxTries)-1 {
			return bridge.Deal{}, ErrNoSample
		}
		s.setRelax(s.relax + 1)
	}
}

// deal places the unseen cards at random: each group of cards in random
// order, each card to one of the seats that may hold it with a chance
// proportional to the room left in its hand (which makes the deal uniform
// when there are no voids).
func (s *Sampler) deal(r *card.Rand) (bridge.Deal, bool) {
	k := s.k
	var d bridge.Deal
	var room [4]int
	for seat := range 4 {
		if k.Known[seat] {
			d[seat] = k.Hands[seat]
		} else {
			room[seat] = k.Need(card.Seat(seat))
		}
	}
	start := 0
	for _, end := range s.groups {
		// Fisher-Yates over the group, dealing as we go
		for i := start; i < end; i++ {
			j := i + r.IntN(end-i)
			s.cards[i], s.cards[j] = s.cards[j], s.cards[i]
			s.elig[i], s.elig[j] = s.elig[j], s.elig[i]
			c, m := s.cards[i], s.elig[i]
			total := 0
			for seat := range 4 {
				if m>>seat&1 != 0 {
					total += room[seat]
				}
			}
			if total == 0 {
				return d, false
			}
			x := r.IntN(total)
			for seat := range 4 {
				if m>>seat&1 == 0 {
					continue
				}
				if x < room[seat] {
					d[seat] = d[seat].Add(c)
					room[seat]--
					break
				}
				x -= room[seat]
			}
		}
		start = end
	}
	return d, true
}

// fits checks the hidden hands, with the cards they played, against the
// auction's constraints at the current relaxation.
func (s *Sampler) fits(d *bridge.Deal) bool {
	for _, seat := range s.hidden {
		c := &s.shown[seat]
		if c.IsAny() {
			continue
		}
		if !c.Fits(d[seat] | s.k.Played[seat]) {
			return false
		}
	}
	return true
}

func (s *Sampler) stopped() bool {
	if s.stop == nil {
		return false
	}
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// checks runs the check, if any and not given up, on a deal that fits the
// constraints: the hidden hands with the cards they played. A deal is kept
// when it fails to replay at most s.tol calls.
func (s *Sampler) checks(d *bridge.Deal) bool {
	if s.check == nil || s.checkAbandoned || s.relax > 0 || s.stopped() {
		return true // when stopped, Sample's caller no longer waits for the deal
	}
	var full bridge.Deal
	for seat := range 4 {
		full[seat] = d[seat] | s.k.Played[seat]
	}
	s.checked++
	s.tolChecked++
	if s.check(&full, s.tol) <= s.tol {
		s.kept++
		s.tolKept++
		return true
	}
	if s.tolChecked-s.tolKept > checkPatience*(s.tolKept+1) {
		s.loosenCheck()
	}
	return false
}

// loosenCheck admits one more call not replayed, or gives the check up.
func (s *Sampler) loosenCheck() {
	if s.tol >= maxCheckTolerance {
		s.checkAbandoned = true
		return
	}
	s.tol++
	s.tolChecked, s.tolKept = 0, 0
}

// Checked returns how many deals the check saw and kept.
func (s *Sampler) Checked() (seen, kept int) { return s.checked, s.kept }
