//go:build ddsab

// Command ddsab times DDS 2.9 (the system's libdds, through cgo) and the
// Atout solver on the same deals, one after the other for each deal, so that
// both see the same state of a shared machine. It is a measurement aid, built
// only with the ddsab tag (it needs libdds-dev and a C compiler):
//
//	go build -tags ddsab -o /tmp/ddsab ./tools/ddsab
//	/tmp/ddsab table < deals.txt   # or one, cards (strain and leader rotating)
//	/tmp/ddsab table2 < deals.txt  # tables on 2 threads, wall-clock time
//
// Each input line starts with a deal in PBN ("N:" and four hands).
package main

/*
#cgo LDFLAGS: -ldds
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <dds/dll.h>
static int wall; // time by the clock on the wall (tables on several threads)
static double cpums(void) { struct timespec t; clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static double ddsTable(const char *cards) {
	struct ddTableDealPBN td; struct ddTableResults tr;
	strcpy(td.cards, cards);
	double a = cpums();
	CalcDDtablePBN(td, &tr);
	return cpums() - a;
}
static long ddsNodes; // DDS's positions (completed tricks) of the last ddsOne
static double ddsOne(const char *cards, int trump, int first, int solutions) {
	struct dealPBN dl; memset(&dl, 0, sizeof dl);
	strcpy(dl.remainCards, cards);
	dl.trump = trump; dl.first = first;
	struct futureTricks ft;
	double a = cpums();
	SolveBoardPBN(dl, -1, solutions, 1, &ft, 0);
	double t = cpums() - a;
	ddsNodes = ft.nodes;
	return t;
}
static long lastNodes(void) { return ddsNodes; }
static void setup(int threads) { SetResources(0, threads); wall = threads > 1; }
static double now(void) { return cpums(); }
*/
import "C"

import (
	"bufio"
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

func summary(name string, v []float64) {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	n := len(s)
	fmt.Printf("%-14s median %7.1f mean %7.1f p90 %7.1f max %7.1f ms\n", name, s[n/2], sum/float64(n), s[n*9/10], s[n-1])
}

func main() {
	mode := os.Args[1]
	threads := 1
	if mode == "table2" {
		threads = 2 // DDS's threads and Atout's workers, timed on the wall clock
	}
	runtime.GOMAXPROCS(threads)
	C.setup(C.int(threads))
	sc := bufio.NewScanner(os.Stdin)
	var dsT, atT []float64
	var dsN, atN int64 // positions searched (one and cards)
	s := dd.NewSolver(0)
	i := 0
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
		cs := C.CString(pbn)
		switch mode {
		case "table":
			dsT = append(dsT, float64(C.ddsTable(cs)))
			a := C.now()
			if _, err := s.Table(d); err != nil {
				panic(err)
			}
			atT = append(atT, float64(C.now()-a))
		case "table2":
			dsT = append(dsT, float64(C.ddsTable(cs)))
			a := C.now()
			if _, err := dd.CalcTable(d, 2); err != nil {
				panic(err)
			}
			atT = append(atT, float64(C.now()-a))
		case "one", "cards":
			st := bridge.Strains[i%5]
			ld := card.Seat(i % 4)
			ddsTrump := [5]int{3, 2, 1, 0, 4}[st]
			sol := 1
			if mode == "cards" {
				sol = 3
			}
			dsT = append(dsT, float64(C.ddsOne(cs, C.int(ddsTrump), C.int(ld), C.int(sol))))
			dsN += int64(C.lastNodes())
			before := s.Nodes()
			s.Reset()
			p := dd.Position{Hands: d, Strain: st, Leader: ld}
			a := C.now()
			var err error
			if mode == "cards" {
				_, err = s.CardValues(p)
			} else {
				_, err = s.Tricks(p)
			}
			if err != nil {
				panic(err)
			}
			atT = append(atT, float64(C.now()-a))
			atN += int64(s.Nodes() - before)
		default:
			panic("mode: one, cards, table or table2")
		}
		C.free(unsafe.Pointer(cs))
		i++
	}
	summary("DDS "+mode, dsT)
	summary("Atout "+mode, atT)
	var r []float64
	for k := range dsT {
		r = append(r, atT[k]/dsT[k])
	}
	sort.Float64s(r)
	var sa, sd float64
	for k := range dsT {
		sa += atT[k]
		sd += dsT[k]
	}
	if dsN > 0 {
		fmt.Printf("positions: DDS %d, Atout %d (%.3f)\n", dsN, atN, float64(atN)/float64(dsN))
	}
	fmt.Printf("per-deal ratio median %.2f, ratio of totals %.3f\n", r[len(r)/2], sa/sd)
}
