// compare: a deal of a casual duplicate table compared as at a team match,
// from North-South's side (the analysis' compare, protocol.Comparison):
// with par, and with the same deal bid and played by four bots at a second
// table, in IMPs. Drawn in the deal-over panel and on the score sheet, a
// line per deal and the running totals.

import { h } from '../../dom.js';
import { t, seatName, sideName, callShort } from '../../i18n.js';
import { contractText, resultMark } from './contract.js';

// signed writes a score or IMPs as players do: "+420", "−50", "0".
export function signed(n) {
  n = n || 0;
  return n > 0 ? '+' + n : n < 0 ? '−' + (-n) : '0';
}

// impsText is "+3 IMPs", "−10 IMPs".
function impsText(n) { return t('result.imps', { n: signed(n) }); }

// botsResult is the bots' table's contract and result as the sheet writes
// them: "4♠ North =", or passed out.
function botsResult(s) {
  if (!s.contract || s.contract === 'Pass') return t('contract.passedOut');
  return contractText(s.contract) + ' ' + seatName(s.declarer) + ' ' + resultMark(s.contract, s.tricks);
}

// parContracts writes the par contracts: "NS 6♠", or passed out.
function parContracts(par) {
  const cs = (par && par.contracts) || [];
  if (!cs.length) return t('contract.passedOut');
  return cs.map((x) => String(x).replace(/(\d)(NT|[CDHS])/, (m, l, s) => l + contractText(l + s).slice(1))).join(', ');
}

// auctionText writes the bots' calls as the auction does: "1♠ – Pass – 4♠ – …".
function auctionText(calls) {
  return (calls || []).map(callShort).join(' – ');
}

// comparePanel is the comparison in the deal-over panel, or null when the
// analysis has none (a competition's table, rubber, Chicago).
export function comparePanel(a) {
  const cmp = a && a.compare;
  if (!cmp) return null;
  const s = cmp.second;
  return h('div', { class: 'compare', 'data-testid': 'compare' },
    h('h3', {}, t('compare.title')),
    // Par itself is written once, by the analysis below: here only the
    // IMPs against it.
    h('p', { 'data-testid': 'compare-par' },
      h('strong', { class: impsClass(cmp.parIMPs) }, t('compare.vsPar', { imps: impsText(cmp.parIMPs) }))),
    s ? [
      h('p', { 'data-testid': 'compare-bots' }, t('compare.botsResult', { result: botsResult(s), score: t('a11y.score', { side: sideName('NS'), n: signed(s.scoreNS) }) }) + ' · ',
        h('strong', { class: impsClass(s.imps) }, t('compare.vsBots', { imps: impsText(s.imps) }))),
      h('p', { class: 'muted compare-auction', 'data-testid': 'compare-auction' }, t('compare.botsAuction', { calls: auctionText(s.auction) })),
    ] : botsAwaited(cmp, 'p', 'muted', 'compare-bots'));
}

// botsAwaited says why the bots' table is not shown: it is still being
// played (the analysis comes again with it), or it could not be.
function botsAwaited(cmp, tag, cls, testid) {
  return cmp.secondPending
    ? h(tag, { class: cls, 'data-testid': testid + '-pending' }, t('compare.botsPending'))
    : h(tag, { class: cls, 'data-testid': testid + '-late' }, t('compare.botsLate'));
}

function impsClass(n) { return n > 0 ? 'imps plus' : n < 0 ? 'imps minus' : 'imps'; }

// sheetLine is the comparison of deal line l of the sheet, drawn under its
// line across the columns: the par and the IMPs against it, the bots'
// table and the IMPs against it; when the analysis has not come, that it
// is awaited (waiting) or unavailable; nothing when the analysis has no
// comparison.
export function sheetLine(a, waiting, cols) {
  let body;
  if (a && a.compare) {
    const cmp = a.compare;
    const s = cmp.second;
    body = [
      h('span', { class: 'cmp-part ' + impsClass(cmp.parIMPs), 'data-testid': 'sheet-par' },
        t('compare.linePar', { contracts: parContracts(a.par), score: signed(a.par && a.par.score), imps: impsText(cmp.parIMPs) })),
      ' ',
      s ? h('span', { class: 'cmp-part ' + impsClass(s.imps), 'data-testid': 'sheet-bots' },
        t('compare.lineBots', { result: botsResult(s), score: signed(s.scoreNS), imps: impsText(s.imps) }))
        : botsAwaited(cmp, 'span', 'cmp-part muted', 'sheet-bots'),
    ];
  } else if (a) {
    return null;
  } else {
    body = h('span', { class: 'muted' }, waiting ? t('analysis.computing') : t('analysis.unavailable'));
  }
  return h('tr', { class: 'compare-line', 'data-testid': 'sheet-compare' }, h('td', { colspan: String(cols) }, body));
}

// totalLine is the running total of IMPs of the deals compared so far, for
// North-South: against par and against the bots' table.
export function totalLine(analyses, cols) {
  let par = 0;
  let bots = 0;
  let any = false;
  for (const a of analyses) {
    if (!a || !a.compare) continue;
    any = true;
    par += a.compare.parIMPs || 0;
    if (a.compare.second) bots += a.compare.second.imps || 0;
  }
  if (!any) return null;
  return h('tr', { class: 'compare-total', 'data-testid': 'sheet-compare-total', dataset: { par: String(par), bots: String(bots) } },
    h('td', { colspan: String(cols) }, t('compare.total', { side: sideName('NS'), par: impsText(par), bots: impsText(bots) })));
}
