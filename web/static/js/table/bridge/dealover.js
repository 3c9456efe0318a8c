// dealover: the panel at the end of a bridge deal: the result and the
// score, the four hands (the cards that cost a trick marked), the
// double-dummy analysis (at a casual duplicate table, the deal compared
// with par and the bots' table first), and the next deal.

import { h } from '../../dom.js';
import { t, tn, seatName, sideName } from '../../i18n.js';
import * as analysisUI from '../../analysis.js';
import { parsePBNDeal, handBySuit } from '../../cards.js';
import { analysisPart } from '../dealanalysis.js';
import { contractText, resultMark } from './contract.js';
import { comparePanel } from './compare.js';

// dealOver draws the panel once the deal is over, else returns null.
export function dealOver(c) {
  const v = c.view;
  if (v.phase !== 'over') return null;
  const r = v.result || {};
  const analysis = c.ui.analysis[c.table.deal] || null;
  const costly = new Set(analysis && analysis.costly ? analysis.costly.map((x) => x.card) : []);
  const sh = c.table.sheet || {};
  return h('section', { class: 'deal-over', 'data-testid': 'deal-over', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'over-title' },
    h('h2', { id: 'over-title' }, t('table.dealOver')),
    h('p', { class: 'result', 'data-testid': 'deal-result' }, resultText(r)),
    h('p', { class: 'score', 'data-testid': 'deal-score' }, t('a11y.score', { side: sideName('NS'), n: r.scoreNS || 0 })),
    c.table.sealed ? h('p', { class: 'muted', 'data-testid': 'deal-sealed' }, t('table.sealedDeal')) : null,
    h('div', { class: 'over-body' },
      diagram(parsePBNDeal(v.deal), costly),
      analysisPart(c, (a) => h('div', { class: 'over-analysis' }, comparePanel(a), analysisUI.panel(a)))),
    sh.over ? h('p', { 'data-testid': 'game-over' }, t('table.gameOver')) : h('button', {
      type: 'button', class: 'primary next-deal', 'data-testid': 'next-deal',
      onclick: () => c.send({ type: 'next' }),
    }, t('table.nextDeal')));
}

// resultText is the deal's result (protocol's result): "4♠ by South +1:
// 11 tricks", or passed out.
function resultText(r) {
  if (!r.contract || r.contract === 'Pass') return t('contract.passedOut');
  return t('contract.by', { contract: contractText(r.contract), seat: seatName(r.declarer) }) + ' ' + resultMark(r.contract, r.tricks) + t('punct.colon') +
    tn('contract.tricks', r.tricks) + (r.claimed ? ' (' + t('table.claim') + ')' : '');
}

// diagram shows the four hands, the costly cards marked.
function diagram(hands, costly) {
  return h('div', { class: 'diagram', 'aria-label': t('table.dealOver'), role: 'group' },
    ['N', 'W', 'E', 'S'].map((s) => h('div', { class: 'd-' + s }, h('div', { class: 'd-seat' }, seatName(s)), handBySuit(hands[s] || [], t('a11y.handOf', { seat: seatName(s) }), costly))));
}
