// analysis: the double-dummy analysis of a finished bridge deal (the
// protocol's `analysis` message, also stored as deals[i].result.analysis):
// the table of the 20 double-dummy results, the par and the cards that cost
// a trick. Used by the deal-over panel of the table and by the replay.

import { h } from './dom.js';
import { t, tn, seatName, cardName, suitSymbol, strainName, hasCatalog } from './i18n.js';

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
  const cs = (par.contracts || []).map((x) => String(x).replace(/(\d)(NT|[CDHS])/, (m, l, s) => l + strainSymbol(s))).join(', ');
  if (!cs) return t('analysis.par') + ': ' + (par.score || 0);
  return t('analysis.parScore', { score: par.score || 0, contracts: cs });
}

// costText says what a costly card cost: "Trick 2 · West: king of hearts cost 1 trick (10 → 11)".
export function costText(x) {
  return t('table.trickN', { n: x.trick }) + ' · ' + seatName(x.seat) + ': ' +
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
export function unavailableText() {
  if (hasCatalog('analysis.unavailable')) return t('analysis.unavailable');
  // Until the catalogs have analysis.unavailable: "Double-dummy table: —",
  // translated in every language.
  return t('analysis.ddTable') + ': —';
}

// costlyKey identifies a costly card by trick and card.
export function costlyKey(trick, card) { return trick + ':' + card; }
