// dealover: the panel at the end of a belote deal: the result, each
// side's card points, announcements, belote and score, the four hands,
// the analysis of the card play, and the next deal or the game's end.

import { h } from '../../dom.js';
import { t, seatName, sideName } from '../../i18n.js';
import * as analysisUI from '../../analysis.js';
import { handStatic } from '../../cards.js';
import { analysisPart } from '../dealanalysis.js';
import { SEATS, deal, sortHand } from './deal.js';
import { contractBy } from './contract.js';

// dealOver draws the panel once the deal is done, else returns null.
export function dealOver(c) {
  const v = c.view;
  const d = deal(c);
  if (!d || d.phase !== 'done') return null;
  const r = d.result;
  const parts = [h('h2', { id: 'over-title' }, t('table.dealOver'))];
  if (d.passed || !r) parts.push(h('p', { class: 'result', 'data-testid': 'deal-result' }, t('belote.allPassed')));
  else parts.push(...result(d, r, v.totals));
  if (d.hands) parts.push(diagram(d));
  // The card play with all cards open, when it has come.
  if (!d.passed && r) parts.push(analysisPart(c, (a) => analysisUI.belotePanel(a)));
  if (v.over) {
    parts.push(h('p', { 'data-testid': 'game-over' }, t('table.gameOver') + (v.winner ? '. ' + t('table.winner', { side: sideName(v.winner) }) : '')));
  } else {
    parts.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'next-deal', onclick: () => c.send({ type: 'next' }) }, t('table.nextDeal')));
  }
  return h('section', { class: 'deal-over', 'data-testid': 'deal-over', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'over-title' }, parts);
}

function sidesRow(label, p) {
  p = p || {};
  return h('tr', {}, h('th', { scope: 'row' }, label), h('td', {}, String(p.NS || 0)), h('td', {}, String(p.EW || 0)));
}

// result is the contract made, failed or in litige, and the table of each
// side's points (protocol's belote result r); totals are the game's.
function result(d, r, totals) {
  const head = r.litige ? t('belote.litige', { n: r.reserve }) : (r.made ? t('belote.made') : t('belote.failed'));
  const out = [h('p', { class: 'result', 'data-testid': 'deal-result' }, contractBy(d) + t('punct.colon') + head),
    d.claimed ? h('p', { 'data-testid': 'claimed-line' }, t('belote.claimedLine', { seat: seatName(d.claimed.by), side: sideName(d.claimed.rest) })) : null,
    h('table', { class: 'result-table', 'data-testid': 'deal-score' },
      h('thead', {}, h('tr', {}, h('td'), h('th', { scope: 'col' }, sideName('NS')), h('th', { scope: 'col' }, sideName('EW')))),
      h('tbody', {},
        sidesRow(t('belote.cardPoints'), r.cardPoints),
        sidesRow(t('ann.label'), r.announcements),
        r.belote ? h('tr', {}, h('th', { scope: 'row' }, t('ann.belote')), h('td', {}, r.belote === 'NS' ? '20' : ''), h('td', {}, r.belote === 'EW' ? '20' : '')) : null,
        sidesRow(t('result.score'), r.score),
        sidesRow(t('belote.total'), totals)))];
  if (r.reserve && !r.litige) out.push(h('p', {}, t('belote.litige', { n: r.reserve })));
  return out;
}

// diagram shows the four hands of deal d.
function diagram(d) {
  return h('div', { class: 'diagram' }, SEATS.map((s, i) => h('div', { class: 'd-' + s },
    h('div', { class: 'd-seat' }, seatName(s)), handStatic(sortHand(d.hands[i], d), t('a11y.handOf', { seat: seatName(s) })))));
}
