/* Measurement harness only (not part of Atout): times the system's DDS 2.9
   on the same deals as bridge/dd's TestStats. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <dds/dll.h>

/* CPU time of the process, or wall time when several threads solve a table */
static int wall;
static double now(void) { struct timespec t; clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
static void summary(const char *name, double *v, int n) {
  double s = 0; for (int i = 0; i < n; i++) s += v[i];
  qsort(v, n, sizeof *v, cmp);
  printf("%-6s n=%d median %.2f ms mean %.2f p90 %.2f max %.2f\n", name, n, v[n / 2], s / n, v[n * 9 / 10], v[n - 1]);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  int threads = argc > 2 ? atoi(argv[2]) : 1;
  SetResources(0, threads);
  char line[256]; int k = 0;
  static char cards[1000][80]; int trumps[1000], firsts[1000], wants[1000];
  double t1[1000], t3[1000], tt[1000]; long nodes = 0;
  while (k < n && fgets(line, sizeof line, stdin)) {
    char d1[32], d2[32], d3[32], d4[32], st[8], ld[8]; int want = -1;
    if (sscanf(line, "%s %s %s %s %s %s %d", d1, d2, d3, d4, st, ld, &want) < 6) continue;
    snprintf(cards[k], 80, "%.19s %.19s %.19s %.19s", d1, d2, d3, d4);
    trumps[k] = !strcmp(st, "S") ? 0 : !strcmp(st, "H") ? 1 : !strcmp(st, "D") ? 2 : !strcmp(st, "C") ? 3 : 4;
    firsts[k] = ld[0] == 'N' ? 0 : ld[0] == 'E' ? 1 : ld[0] == 'S' ? 2 : 3;
    wants[k] = want;
    k++;
  }
  for (int sol = 1; sol <= 3; sol += 2)
    for (int i = 0; i < k; i++) {
      struct dealPBN dl; memset(&dl, 0, sizeof dl);
      strcpy(dl.remainCards, cards[i]);
      dl.trump = trumps[i]; dl.first = firsts[i];
      struct futureTricks ft;
      double a = now();
      int rc = SolveBoardPBN(dl, -1, sol, 1, &ft, 0);
      double el = now() - a;
      if (rc != 1) { printf("error %d\n", rc); return 1; }
      if (sol == 1) {
        t1[i] = el; nodes += ft.nodes;
        if (getenv("V")) printf("deal %d: %d nodes %.1f ms\n", i, ft.nodes, el);
        if (wants[i] >= 0 && ft.score[0] != wants[i]) printf("deal %d: dds %d atout %d\n", i, ft.score[0], wants[i]);
      } else t3[i] = el;
    }
  wall = threads > 1; /* DDS's threads share a table's strains: time it on the wall clock */
  for (int i = 0; i < k; i++) {
    struct ddTableDealPBN td; struct ddTableResults tr;
    strcpy(td.cards, cards[i]);
    double a = now();
    CalcDDtablePBN(td, &tr);
    tt[i] = now() - a;
  }
  summary("one", t1, k); summary("cards", t3, k); summary("table", tt, k);
  printf("nodes (solutions=1) total %ld, per solve %ld\n", nodes, nodes / k);
  return 0;
}
