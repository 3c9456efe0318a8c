package bridge

import "math"

// Score returns the duplicate score of contract c for declarer's side when
// declarer takes tricks tricks (0..13), vulnerable or not: positive when the
// contract makes, negative for undertricks. A passed-out deal scores 0.
func Score(c Contract, tricks int, vul bool) int {
	if c.IsPass() {
		return 0
	}
	need := 6 + int(c.Level)
	mult := 1 << c.Doubled // 1, 2, 4
	if tricks >= need {
		ts := TrickScore(c)
		s := ts
		switch {
		case ts >= 100 && vul:
			s += 500
		case ts >= 100:
			s += 300
		default:
			s += 50
		}
		switch c.Level {
		case 6:
			s += pick(vul, 750, 500)
		case 7:
			s += pick(vul, 1500, 1000)
		}
		s += 50 * int(c.Doubled)
		over := tricks - need
		if c.Doubled == 0 {
			s += over * strainValue(c.Strain)
		} else {
			s += over * pick(vul, 200, 100) * mult / 2
		}
		return s
	}
	return -Undertricks(need-tricks, vul, c.Doubled)
}

// TrickScore returns the trick score of the odd tricks contracted for,
// doubled or redoubled: 100 or more is a game.
func TrickScore(c Contract) int {
	if c.IsPass() {
		return 0
	}
	ts := int(c.Level) * strainValue(c.Strain)
	if c.Strain == NoTrump {
		ts += 10
	}
	return ts << c.Doubled
}

// OvertrickScore returns the value of over overtricks (above the line in
// rubber bridge).
func OvertrickScore(c Contract, over int, vul bool) int {
	if c.Doubled == 0 {
		return over * strainValue(c.Strain)
	}
	return over * pick(vul, 200, 100) * (1 << c.Doubled) / 2
}

// Undertricks returns the penalty (positive) for down tricks, doubled state
// dbl (0, 1, 2), including the fourth-undertrick step for non-vulnerable
// doubled contracts.
func Undertricks(down int, vul bool, dbl uint8) int {
	if down <= 0 {
		return 0
	}
	if dbl == 0 {
		return down * pick(vul, 100, 50)
	}
	var p int
	for i := 1; i <= down; i++ {
		switch {
		case i == 1:
			p += pick(vul, 200, 100)
		case i <= 3 || vul:
			p += pick(vul, 300, 200)
		default:
			p += 300
		}
	}
	return p << (dbl - 1)
}

func strainValue(s Strain) int {
	if s <= StrainDiamonds {
		return 20
	}
	return 30
}

func pick(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}

var impBounds = [...]int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}

// IMPs converts a score difference to International Match Points on the
// WBF scale; the sign follows the difference.
func IMPs(diff int) int {
	a := diff
	if a < 0 {
		a = -a
		if a < 0 { // -MinInt overflows: still the largest difference
			a = math.MaxInt
		}
	}
	n := 0
	for _, b := range impBounds {
		if a >= b {
			n++
		}
	}
	if diff < 0 {
		return -n
	}
	return n
}
