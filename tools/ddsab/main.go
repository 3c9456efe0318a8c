//go:build ddsab

// Command ddsab times DDS 2.9 (the system's libdds, through cgo) and the
// Atout solver on the same deals in one process, so that both see the same
// state of a shared machine. It is a measurement aid, built only with the
// ddsab tag (it needs libdds-dev and a C compiler), with the profile that
// `go build ./cmd/atout` uses:
//
//	go build -tags ddsab -pgo=cmd/atout/default.pgo -o /tmp/ddsab ./tools/ddsab
//	/tmp/ddsab [flags] MODE < deals.txt
//
// Modes:
//
//	one     one strain and leader, the optimal trick count (solutions=1);
//	        strain and leader rotate with the deal unless -strain/-leader
//	cards   the same with every card's value (solutions=3)
//	leads   the same after each opening lead (one card per run of the
//	        leader's equivalent cards), each from an empty table: the
//	        searches that every card's value is made of
//	table   full tables on one thread (results checked against DDS)
//	table2  full tables on two threads, wall-clock time
//	strain  each strain's four results alone (DDS: CalcAllTables with the
//	        other strains filtered out), one row per strain and the suits
//	        together; -nodes adds both solvers' positions per strain (DDS's
//	        from four SolveBoard calls that keep its table within the strain)
//	par     DDS's DealerPar against Atout's Par for the four dealers and
//	        vulnerabilities on DDS's tables; prints every difference (every
//	        par with -parall)
//
// The solvers alternate which goes first deal by deal (DDS first on even
// deals), after -warm deals solved by both untimed. -v prints each deal,
// -worst K the K deals with the highest time ratio (and, with positions,
// the highest positions ratio). Each input line starts with a deal in PBN
// ("N:" and four hands).
package main

/*
#cgo LDFLAGS: -ldds
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <dds/dll.h>
static int wall; // time by the clock on the wall (tables on several threads)
static double cpums(void) { struct timespec t; clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static struct ddTableResults lastTable;
static double ddsTable(const char *cards) {
	struct ddTableDealPBN td;
	strcpy(td.cards, cards);
	double a = cpums();
	CalcDDtablePBN(td, &lastTable);
	return cpums() - a;
}
static int tableRes(int ddsStrain, int hand) { return lastTable.resTable[ddsStrain][hand]; }
static struct ddTableDealsPBN strainDeals;
static struct ddTablesRes strainRes;
// ddsStrain times the table of one strain (DDS order S H D C NT).
static double ddsStrain(const char *cards, int strain) {
	int filter[5] = {1, 1, 1, 1, 1};
	filter[strain] = 0;
	strainDeals.noOfTables = 1;
	strcpy(strainDeals.deals[0].cards, cards);
	double a = cpums();
	CalcAllTablesPBN(&strainDeals, -1, filter, &strainRes, NULL);
	return cpums() - a;
}
static int strainResult(int strain, int hand) { return strainRes.results[0].resTable[strain][hand]; }
static long ddsNodes; // DDS's positions (completed tricks) of the last ddsOne
static int ddsScore;
static double ddsOne(const char *cards, int trump, int first, int solutions) {
	struct dealPBN dl; memset(&dl, 0, sizeof dl);
	strcpy(dl.remainCards, cards);
	dl.trump = trump; dl.first = first;
	struct futureTricks ft;
	double a = cpums();
	SolveBoardPBN(dl, -1, solutions, 1, &ft, 0);
	double t = cpums() - a;
	ddsNodes = ft.nodes;
	ddsScore = ft.score[0];
	return t;
}
// ddsAfterLead solves the deal after the opening lead (suit and rank
// in DDS's terms; cards lack the led card), for the side of the second
// hand.
static double ddsAfterLead(const char *cards, int trump, int first, int suit, int rank) {
	struct dealPBN dl; memset(&dl, 0, sizeof dl);
	strcpy(dl.remainCards, cards);
	dl.trump = trump; dl.first = first;
	dl.currentTrickSuit[0] = suit; dl.currentTrickRank[0] = rank;
	struct futureTricks ft;
	double a = cpums();
	SolveBoardPBN(dl, -1, 1, 1, &ft, 0);
	double t = cpums() - a;
	ddsNodes = ft.nodes;
	ddsScore = ft.score[0];
	return t;
}
static long lastNodes(void) { return ddsNodes; }
// ddsForget solves a one-trick deal, so that DDS's next SolveBoard starts
// with an empty table (DDS keeps it for the same deal and strain).
static void ddsForget(void) {
	struct dealPBN dl; memset(&dl, 0, sizeof dl);
	strcpy(dl.remainCards, "N:A... K... Q... J...");
	dl.trump = 4; dl.first = 0;
	struct futureTricks ft;
	SolveBoardPBN(dl, -1, 1, 1, &ft, 0);
}
static int lastScore(void) { return ddsScore; }
static struct parResultsDealer parRes;
static int ddsPar(int dealer, int vul) { DealerPar(&lastTable, &parRes, dealer, vul); return parRes.score; }
static int parNumber(void) { return parRes.number; }
static const char *parContract(int k) { return parRes.contracts[k]; }
static void setup(int threads) { SetResources(0, threads); wall = threads > 1; }
static double now(void) { return cpums(); }
*/
import "C"

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"unsafe"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// ddsTrump maps Atout's strains (C D H S NT) to DDS's (S H D C NT).
var ddsTrump = [5]int{3, 2, 1, 0, 4}

// a timed job: one deal (and strain) solved by both.
type job struct {
	deal     int
	label    string
	dsT, atT float64 // ms
	dsN, atN int64   // positions (0 when not counted)
}

func summary(name string, v []float64) {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	n := len(s)
	fmt.Printf("  %-6s median %7.1f mean %7.1f p90 %7.1f max %7.1f ms\n", name, s[n/2], sum/float64(n), s[n*9/10], s[n-1])
}

// report prints the figures of a row of jobs.
func report(name string, js []job) {
	if len(js) == 0 {
		return
	}
	var ds, at, r []float64
	var sd, sa float64
	var nd, na int64
	for _, j := range js {
		ds = append(ds, j.dsT)
		at = append(at, j.atT)
		r = append(r, j.atT/j.dsT)
		sd += j.dsT
		sa += j.atT
		nd += j.dsN
		na += j.atN
	}
	sort.Float64s(r)
	fmt.Printf("%s (%d):\n", name, len(js))
	summary("DDS", ds)
	summary("Atout", at)
	fmt.Printf("  per-deal ratio median %.3f, ratio of totals %.3f", r[len(r)/2], sa/sd)
	if nd > 0 {
		fmt.Printf(", positions DDS %d Atout %d (%.3f)", nd, na, float64(na)/float64(nd))
	}
	fmt.Println()
}

func worst(js []job, k int) {
	if k <= 0 {
		return
	}
	byTime := append([]job(nil), js...)
	sort.Slice(byTime, func(a, b int) bool {
		return byTime[a].atT/byTime[a].dsT > byTime[b].atT/byTime[b].dsT
	})
	fmt.Println("worst by time ratio:")
	for _, j := range byTime[:min(k, len(byTime))] {
		printJob(j)
	}
	if js[0].dsN == 0 {
		return
	}
	byN := append([]job(nil), js...)
	sort.Slice(byN, func(a, b int) bool {
		ra := float64(byN[a].atN) / float64(max(byN[a].dsN, 1))
		rb := float64(byN[b].atN) / float64(max(byN[b].dsN, 1))
		return ra > rb
	})
	fmt.Println("worst by positions ratio:")
	for _, j := range byN[:min(k, len(byN))] {
		printJob(j)
	}
	byExcess := append([]job(nil), js...)
	sort.Slice(byExcess, func(a, b int) bool {
		return byExcess[a].atN-byExcess[a].dsN > byExcess[b].atN-byExcess[b].dsN
	})
	fmt.Println("most excess positions:")
	for _, j := range byExcess[:min(k, len(byExcess))] {
		printJob(j)
	}
}

func printJob(j job) {
	fmt.Printf("  deal %3d %-5s DDS %8.1f ms Atout %8.1f ms (%.2f)", j.deal, j.label, j.dsT, j.atT, j.atT/j.dsT)
	if j.dsN > 0 {
		fmt.Printf(" positions %9d %9d (%.2f)", j.dsN, j.atN, float64(j.atN)/float64(j.dsN))
	}
	fmt.Println()
}

func parseSeat(s string) card.Seat {
	for _, st := range card.Seats {
		if st.String() == s {
			return st
		}
	}
	panic("seat: N, E, S or W")
}

func parseStrain(s string) bridge.Strain {
	for _, st := range bridge.Strains {
		if st.String() == s || (st == bridge.NoTrump && s == "N") {
			return st
		}
	}
	panic("strain: C, D, H, S or NT")
}

func main() {
	warm := flag.Int("warm", 4, "deals solved by both untimed before timing")
	verbose := flag.Bool("v", false, "print every deal")
	nWorst := flag.Int("worst", 0, "print the K worst deals")
	nodes := flag.Bool("nodes", false, "strain mode: count DDS's positions too (four SolveBoard calls, untimed)")
	fixStrain := flag.String("strain", "", "one/cards/leads/strain: only this strain (C D H S NT)")
	fixLeader := flag.String("leader", "", "one/cards/leads: only this leader (N E S W)")
	limit := flag.Int("n", 0, "at most this many deals (0: all)")
	parAll := flag.Bool("parall", false, "par mode: print every par, not only the differences")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: ddsab [flags] one|cards|leads|table|table2|strain|par < deals")
		os.Exit(2)
	}
	mode := flag.Arg(0)
	threads := 1
	if mode == "table2" {
		threads = 2 // DDS's threads and Atout's workers, timed on the wall clock
	}
	runtime.GOMAXPROCS(threads)
	C.setup(C.int(threads))

	var deals []bridge.Deal
	var pbns []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		pbn := strings.Join(f[:4], " ")
		d, err := bridge.ParseDeal(pbn)
		if err != nil {
			panic(err)
		}
		deals = append(deals, d)
		pbns = append(pbns, pbn)
		if *limit > 0 && len(deals) == *limit {
			break
		}
	}

	s := dd.NewSolver(0)
	strains := bridge.Strains[:]
	if *fixStrain != "" {
		strains = []bridge.Strain{parseStrain(*fixStrain)}
	}
	var jobs []job
	bad := 0

	// run times the two sides of one job, in the order given by first.
	run := func(ddsFirst bool, dsF, atF func() float64) (float64, float64) {
		if ddsFirst {
			a := dsF()
			return a, atF()
		}
		b := atF()
		return dsF(), b
	}

	// strainLeader is the strain and leader of deal i in the modes of one
	// strain and leader: rotating with the deal unless fixed by the flags.
	strainLeader := func(i int) (bridge.Strain, card.Seat) {
		st, ld := bridge.Strains[i%5], card.Seat(i%4)
		if *fixStrain != "" {
			st = strains[0]
		}
		if *fixLeader != "" {
			ld = parseSeat(*fixLeader)
		}
		return st, ld
	}

	// one deal of a mode; timed is false for the warm-up.
	do := func(i int, timed bool) {
		d, pbn := deals[i], pbns[i]
		cs := C.CString(pbn)
		defer C.free(unsafe.Pointer(cs))
		first := i%2 == 0
		switch mode {
		case "table", "table2":
			var t dd.Table
			dsT, atT := run(first, func() float64 { return float64(C.ddsTable(cs)) }, func() float64 {
				a := C.now()
				var err error
				if mode == "table" {
					t, err = s.Table(d)
				} else {
					t, err = dd.CalcTable(d, 2)
				}
				if err != nil {
					panic(err)
				}
				return float64(C.now() - a)
			})
			for _, st := range bridge.Strains {
				for _, h := range card.Seats {
					if w := int(C.tableRes(C.int(ddsTrump[st]), C.int(h))); t[h][st] != w {
						fmt.Printf("deal %d: %s by %s: Atout %d, DDS %d\n", i, st, h, t[h][st], w)
						bad++
					}
				}
			}
			if timed {
				jobs = append(jobs, job{deal: i, label: "table", dsT: dsT, atT: atT})
			}
		case "strain":
			for _, st := range strains {
				var t dd.Table
				before := s.Nodes()
				dsT, atT := run(first, func() float64 { return float64(C.ddsStrain(cs, C.int(ddsTrump[st]))) }, func() float64 {
					a := C.now()
					var err error
					if t, err = s.StrainRow(d, st); err != nil {
						panic(err)
					}
					return float64(C.now() - a)
				})
				atN := int64(s.Nodes() - before)
				for _, h := range card.Seats {
					if w := int(C.strainResult(C.int(ddsTrump[st]), C.int(h))); t[h][st] != w {
						fmt.Printf("deal %d: %s by %s: Atout %d, DDS %d\n", i, st, h, t[h][st], w)
						bad++
					}
				}
				var dsN int64
				if *nodes {
					// DDS's positions: the four declarers N S E W as
					// Atout's strainRow solves them, one table
					C.ddsForget()
					for _, decl := range []card.Seat{card.North, card.South, card.East, card.West} {
						C.ddsOne(cs, C.int(ddsTrump[st]), C.int(decl.Next()), 1)
						dsN += int64(C.lastNodes())
					}
				}
				if timed {
					jobs = append(jobs, job{deal: i, label: st.String(), dsT: dsT, atT: atT, dsN: dsN, atN: atN})
				}
			}
		case "one", "cards":
			st, ld := strainLeader(i)
			sol := 1
			if mode == "cards" {
				sol = 3
			}
			before := s.Nodes()
			var got int
			dsT, atT := run(first, func() float64 {
				return float64(C.ddsOne(cs, C.int(ddsTrump[st]), C.int(ld), C.int(sol)))
			}, func() float64 {
				s.Reset()
				p := dd.Position{Hands: d, Strain: st, Leader: ld}
				a := C.now()
				var err error
				if mode == "cards" {
					var cv []dd.CardValue
					cv, err = s.CardValues(p)
					for _, v := range cv {
						got = max(got, v.Tricks)
					}
				} else {
					got, err = s.Tricks(p)
				}
				if err != nil {
					panic(err)
				}
				return float64(C.now() - a)
			})
			if w := int(C.lastScore()); got != w {
				fmt.Printf("deal %d: %s, %s leads: Atout %d, DDS %d\n", i, st, ld, got, w)
				bad++
			}
			if timed {
				jobs = append(jobs, job{deal: i, label: st.String() + "/" + ld.String(), dsT: dsT, atT: atT,
					dsN: int64(C.lastNodes()), atN: int64(s.Nodes() - before)})
			}
		case "leads":
			st, ld := strainLeader(i)
			for _, c := range d[ld].Cards() {
				if c.Rank() < card.Ace && d[ld].Has(card.New(c.Suit(), c.Rank()+1)) {
					continue // the card above it stands for both
				}
				after := d
				after[ld] = after[ld].Remove(c)
				ca := C.CString(after.String())
				var got int
				before := s.Nodes()
				dsT, atT := run(first, func() float64 {
					C.ddsForget()
					return float64(C.ddsAfterLead(ca, C.int(ddsTrump[st]), C.int(ld), C.int(ddsTrump[c.Suit()]), C.int(c.Rank())))
				}, func() float64 {
					s.Reset()
					a := C.now()
					var err error
					got, err = s.Tricks(dd.Position{Hands: after, Strain: st, Leader: ld, Trick: []card.Card{c}})
					if err != nil {
						panic(err)
					}
					return float64(C.now() - a)
				})
				C.free(unsafe.Pointer(ca))
				if w := int(C.lastScore()); got != w {
					fmt.Printf("deal %d: %s, %s leads %s: Atout %d, DDS %d\n", i, st, ld, c, got, w)
					bad++
				}
				if timed {
					jobs = append(jobs, job{deal: i, label: st.String() + "/" + c.String(), dsT: dsT, atT: atT,
						dsN: int64(C.lastNodes()), atN: int64(s.Nodes() - before)})
				}
			}
		case "par":
			C.ddsTable(cs)
			var t dd.Table
			for _, st := range bridge.Strains {
				for _, h := range card.Seats {
					t[h][st] = int(C.tableRes(C.int(ddsTrump[st]), C.int(h)))
				}
			}
			ddsVul := map[bridge.Vul]int{bridge.VulNone: 0, bridge.VulAll: 1, bridge.VulNS: 2, bridge.VulEW: 3}
			for _, dealer := range card.Seats {
				for _, v := range []bridge.Vul{bridge.VulNone, bridge.VulNS, bridge.VulEW, bridge.VulAll} {
					score := int(C.ddsPar(C.int(dealer), C.int(ddsVul[v])))
					var cs []string
					for k := 0; k < int(C.parNumber()); k++ {
						cs = append(cs, C.GoString(C.parContract(C.int(k))))
					}
					want := strings.Join(cs, ",")
					p := dd.Par(&t, dealer, v)
					if *parAll || p.Score != score || p.DDSString() != want {
						fmt.Printf("deal %d dealer %s vul %s: Atout %d %s, DDS %d %s (table %v)\n",
							i, dealer, v, p.Score, p.DDSString(), score, want, t)
						bad++
					}
				}
			}
		default:
			panic("mode: one, cards, leads, table, table2, strain or par")
		}
	}

	// warm-up on the last deals, so that the first timed deal is a new
	// deal for DDS (which keeps its table for the same deal)
	for k := 0; k < min(*warm, len(deals)-1) && mode != "par"; k++ {
		do(len(deals)-1-k, false)
	}
	for i := range deals {
		do(i, true)
		if *verbose && len(jobs) > 0 {
			for _, j := range jobs {
				if j.deal == i {
					printJob(j)
				}
			}
		}
	}
	if mode == "par" {
		fmt.Printf("par: %d deals x 16, %d differences\n", len(deals), bad)
		return
	}
	if bad > 0 {
		fmt.Printf("%d RESULTS DIFFER FROM DDS\n", bad)
	}
	if mode == "strain" {
		var suits []job
		for _, st := range strains {
			var row []job
			for _, j := range jobs {
				if j.label == st.String() {
					row = append(row, j)
				}
			}
			if st != bridge.NoTrump {
				suits = append(suits, row...)
			}
			report("strain "+st.String(), row)
		}
		if len(strains) > 1 {
			// per deal: the four suits' rows added up
			var sum []job
			for k := 0; k < len(suits)/4; k++ {
				j := job{deal: suits[k].deal, label: "suits"}
				for _, x := range suits {
					if x.deal == j.deal {
						j.dsT += x.dsT
						j.atT += x.atT
						j.dsN += x.dsN
						j.atN += x.atN
					}
				}
				sum = append(sum, j)
			}
			report("suits (four rows per deal)", sum)
		}
		worst(jobs, *nWorst)
		return
	}
	report(mode, jobs)
	worst(jobs, *nWorst)
}
