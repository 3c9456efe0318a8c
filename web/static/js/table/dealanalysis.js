// dealanalysis: the analysis of a finished deal at the table: the wait
// for the `analysis` (or `beloteAnalysis`) message, and its place in the
// deal-over panel: computing, unavailable, or shown; at a table that
// compares its deals (a casual bridge table scored by duplicate), the
// analyses of the deals played before the page opened, for the sheet.

import { api } from '../api.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';
import * as analysisUI from '../analysis.js';
import { testHooks } from './hooks.js';

// ANALYSIS_WAIT is how long a finished deal waits for its analysis before
// the panel says it is unavailable: the server sends none when its solver
// times out (60 s) or its queue is full. A test may shorten it with
// window.__atoutTest.analysisWait (milliseconds).
const ANALYSIS_WAIT = 90000;

// analysisWaits keeps one timer per finished deal waiting for its analysis
// in ui (ui.analysis, ui.analysisGaveUp by deal); redraw is called when a
// wait gives up.
export function analysisWaits(ui, redraw) {
  const waits = new Map();
  return {
    // start starts the wait for the analysis of the deal of state m, when
    // it is over and nothing came or is awaited yet.
    start(m) {
      const deal = m.table.deal;
      if (!playedOut(m) || ui.analysis[deal] || waits.has(deal) || ui.analysisGaveUp[deal]) return;
      const hooks = testHooks();
      const ms = hooks && typeof hooks.analysisWait === 'number' ? hooks.analysisWait : ANALYSIS_WAIT;
      waits.set(deal, setTimeout(() => {
        waits.delete(deal);
        if (ui.analysis[deal]) return;
        ui.analysisGaveUp[deal] = true;
        redraw();
      }, ms));
    },
    // arrived keeps analysis message m; a late analysis still shows.
    arrived(m) {
      const deal = m.deal;
      ui.analysis[deal] = m;
      delete ui.analysisGaveUp[deal];
      if (waits.has(deal)) { clearTimeout(waits.get(deal)); waits.delete(deal); }
    },
    stop() {
      for (const id of waits.values()) clearTimeout(id);
      waits.clear();
    },
  };
}

// playedOut reports whether the deal of state m is over with a play to
// analyse (a belote deal all passed has none).
function playedOut(m) {
  const v = m.view;
  return m.table.game === 'bridge' ? !!(v && v.phase === 'over')
    : !!(v && v.deal && v.deal.phase === 'done' && !v.deal.passed);
}

// analysisPart is the analysis' place in the deal-over panel: the analysis
// drawn by draw(a), or that it is unavailable, or that it is computing.
export function analysisPart(c, draw) {
  const deal = c.table.deal;
  const a = c.ui.analysis[deal];
  if (a) return draw(a);
  if (c.ui.analysisGaveUp[deal]) return h('p', { class: 'muted', 'data-testid': 'analysis-unavailable' }, analysisUI.unavailableText());
  return h('p', { class: 'muted', 'data-testid': 'analysis-pending', role: 'status' }, t('analysis.computing'));
}

// compares reports whether the table compares each deal with par and with
// the bots' table (the analysis' compare, protocol.Comparison): a casual
// bridge table scored by duplicate. A competition's table compares its
// boards in the competition.
export function compares(c) {
  const s = c.table.settings || {};
  return c.game === 'bridge' && !s.tournament && (s.scoring || 'duplicate') === 'duplicate';
}

// earlierAnalyses fetches once the analyses of the deals finished before
// the page opened (a reload, a player coming back), stored with each
// deal's result (GET /api/games/{id}: deals[i].result.analysis), so that
// the sheet of a comparing table shows every deal. The server gives a game
// that is not over to its players only: a watcher sees the deals analysed
// while he watches.
export function earlierAnalyses(c) {
  if (c.ui.earlierAsked || !compares(c)) return;
  const lines = (c.table.sheet && c.table.sheet.lines) || [];
  const missing = lines.some((l, i) => i + 1 !== c.table.deal && !c.ui.analysis[i + 1]);
  if (!missing) return;
  c.ui.earlierAsked = true;
  api.get('/api/games/' + encodeURIComponent(c.table.id)).then((rec) => {
    for (const d of (rec && rec.deals) || []) {
      const a = d.result && d.result.analysis;
      if (a && a.type === 'analysis' && !c.ui.analysis[d.no]) {
        c.ui.analysis[d.no] = a;
      }
    }
    c.ui.earlierDone = true;
    c.redraw();
  }).catch(() => {
    // The sheet shows what came over the table's connection.
    c.ui.earlierDone = true;
    c.redraw();
  });
}
