// analysis: the double-dummy analysis of a finished bridge deal (the
// protocol's `analysis` message, also stored as deals[i].result.analysis):
// the table of the 20 double-dummy results, the par and the cards that cost
// a trick; and the review of a finished belote deal's card play with all
// cards open (the `beloteAnalysis` message, stored the same way): each
// side's points when the play began and as played, and the cards that cost
// points. Used by the deal-over panel of the table and by the replay.

import { h } from './dom.js';
import { t, tn, seatName, sideName, cardName, suitSymbol, strainName, withDouble } from './i18n.js';

const STRAINS = ['C', 'D', 'H', 'S', 'NT'];

// strainSymbol is the printed strain of a bid ("♠", "NT").
function strainSymbol(s) { return s === 'NT' ? t('strain.NT') : suitSymbol(s); }

// ddTable draws the 20 double-dummy results (protocol.Analysis' dd,
// {N:{C:7,...},...}): rows seats, columns strains.
export function ddTable(tr) {
  if (!tr) return null;
  const tb = h('table', { class: 'dd', 'data-testid': 'dd-table' },
    h('caption', { title: t('analysis.ddTricks') }, t('analysis.ddTable')),
    h('thead', {}, h('tr', {}, h('td'), STRAINS.map((s) => h('th', { scope: 'col' },
      h('span', { 'aria-hidden': 'true' }, strainSymbol(s)), h('span', { class: 'sr-only' }, strainName(s)))))));
  const body = h('tbody');
  for (const seat of ['N', 'S', 'E', 'W']) {
    const row = tr[seat] || {};
    body.appendChild(h('tr', {}, h('th', { scope: 'row' }, seatName(seat)),
      STRAINS.map((s) => h('td', { class: row[s] >= 7 ? 'makes' : '' }, row[s] === undefined ? '' : String(row[s])))));
  }
  tb.appendChild(body);
  return tb;
}

// parText is "Par: 420 (NS 4♠)".
export function parText(par) {
  if (!par) return t('analysis.par');
  // The side or seat that plays it by its name ("NS 4S": "North-South 4♠").
  const cs = (par.contracts || []).map((x) => String(x).replace(/(\d)(NT|[CDHS])(X{0,2})/, (m, l, s, d) => l + withDouble(strainSymbol(s), d))
    .replace(/^(NS|EW|[NESW])(?=\s)/, (m) => (m.length === 2 ? sideName(m) : seatName(m)))).join(', ');
  if (!cs) return t('analysis.par') + t('punct.colon') + (par.score || 0);
  return t('analysis.parScore', { score: par.score || 0, contracts: cs });
}

// costText says what a costly card cost: "Trick 2 · West: king of hearts cost 1 trick (10 → 11)".
export function costText(x) {
  return t('table.trickN', { n: x.trick }) + ' · ' + seatName(x.seat) + t('punct.colon') +
    tn('analysis.cost', x.cost, { card: cardName(x.card) }) + ' (' + x.before + ' → ' + x.after + ')';
}

// costlyList lists the cards that cost a trick; onPick(x), when given,
// makes each entry a button (the replay jumps to that card).
export function costlyList(a, onPick) {
  const list = (a && a.costly) || [];
  if (!list.length) return h('p', { 'data-testid': 'no-costly' }, t('analysis.noMistake'));
  return h('ul', { class: 'costly-list', 'data-testid': 'costly' }, list.map((x) => h('li', {},
    onPick ? h('button', { type: 'button', class: 'linkish', onclick: () => onPick(x) }, costText(x)) : costText(x))));
}

// panel is the whole analysis: the table, the par, the costly cards.
export function panel(a, onPick) {
  return h('div', { class: 'analysis', 'data-testid': 'analysis' },
    ddTable(a.dd),
    h('p', { class: 'par', 'data-testid': 'par' }, parText(a.par)),
    h('h3', {}, t('analysis.costly')), costlyList(a, onPick));
}

// unavailableText is shown when no analysis came in time (the server's
// solver timed out or its queue was full): neutral, no spinner.
export function unavailableText() { return t('analysis.unavailable'); }

// costlyKey identifies a costly card by trick and card.
export function costlyKey(trick, card) { return trick + ':' + card; }

// beloteCostText says what a costly belote card cost: "Trick 7 · South:
// ace of spades cost 10 points (101 → 91)", the side's points with all
// cards open before the card and after.
export function beloteCostText(x) {
  return t('table.trickN', { n: x.trick }) + ' · ' + seatName(x.seat) + t('punct.colon') +
    tn('analysis.beloteCost', x.cost, { card: cardName(x.card) }) + ' (' + x.before + ' → ' + x.after + ')';
}

// belotePanel is the belote analysis (protocol.BeloteAnalysis): each side's
// points with all cards open when the play began and as played, then the
// cards that cost points; onPick(x), when given, makes each entry a button.
export function belotePanel(a, onPick) {
  const row = (label, p, testid) => h('tr', { 'data-testid': testid }, h('th', { scope: 'row' }, label),
    h('td', {}, String((p && p.NS) || 0)), h('td', {}, String((p && p.EW) || 0)));
  const list = (a && a.costly) || [];
  return h('div', { class: 'analysis belote-analysis', 'data-testid': 'analysis' },
    h('table', { class: 'result-table', 'data-testid': 'belote-values' },
      h('thead', {}, h('tr', {}, h('td'), h('th', { scope: 'col' }, sideName('NS')), h('th', { scope: 'col' }, sideName('EW')))),
      h('tbody', {}, row(t('analysis.beloteStart'), a.start, 'belote-start'), row(t('analysis.beloteFinal'), a.final, 'belote-final'))),
    h('h3', {}, t('analysis.beloteCostly')),
    list.length ? h('ul', { class: 'costly-list', 'data-testid': 'costly' }, list.map((x) => h('li', {},
      onPick ? h('button', { type: 'button', class: 'linkish', onclick: () => onPick(x) }, beloteCostText(x)) : beloteCostText(x))))
      : h('p', { 'data-testid': 'no-costly' }, t('analysis.beloteNoMistake')));
}
