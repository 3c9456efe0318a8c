// tricks: the review of the deal's tricks so far (BBO's and Funbridge's
// "review tricks"), bridge and belote alike: who led, the four cards in
// seat order, who won, and each side's tricks (and, at belote, card
// points) after each trick. It reads the state's view only: every card
// played is public (bridge: view.allTricks; belote: deal.playedTricks).

import { h } from '../dom.js';
import { t, seatName, sideName, cardName } from '../i18n.js';
import { cardStatic, SEATS, sideOf } from '../cards.js';

// reviewTricks returns the complete tricks of the current deal as
// {leader, winner, cards: {seat: card}, points} (points: belote only),
// and whether the game counts card points.
export function reviewTricks(c) {
  const v = c.view;
  if (!v) return { tricks: [], points: false };
  if (c.game === 'belote') {
    const d = v.deal;
    const list = (d && Array.isArray(d.playedTricks)) ? d.playedTricks : [];
    return {
      points: true,
      tricks: list.map((tr) => ({
        leader: tr.leader, winner: tr.winner, points: Number(tr.points) || 0,
        cards: Object.fromEntries((tr.cards || []).map((pc) => [pc.seat, pc.card])),
      })),
    };
  }
  const list = Array.isArray(v.allTricks) ? v.allTricks : [];
  return {
    points: false,
    tricks: list.map((tr) => {
      const cards = {};
      let s = tr.leader;
      for (const card of tr.cards || []) { cards[s] = card; s = SEATS[(SEATS.indexOf(s) + 1) % 4]; }
      return { leader: tr.leader, winner: tr.winner, cards };
    }),
  };
}

// tricksButton opens and closes the review, from the first trick on.
export function tricksButton(c) {
  const { tricks } = reviewTricks(c);
  if (!tricks.length) return null;
  return h('button', {
    type: 'button', 'data-testid': 'tricks-btn', 'aria-expanded': c.ui.tricksOpen ? 'true' : 'false',
    'aria-controls': 'trick-review',
    onclick: () => { c.ui.tricksOpen = !c.ui.tricksOpen; c.redraw(); },
  }, t('tricks.review'));
}

// tricksPanel is the open review: a table of the tricks, one row each.
export function tricksPanel(c) {
  if (!c.ui.tricksOpen) return null;
  const { tricks, points } = reviewTricks(c);
  if (!tricks.length) return null;
  const close = () => { c.ui.tricksOpen = false; c.redraw(); };
  const head = h('tr', {},
    h('th', { scope: 'col' }, t('tricks.no')),
    ...SEATS.map((s) => h('th', { scope: 'col' }, seatName(s))),
    h('th', { scope: 'col' }, t('tricks.won')),
    points ? h('th', { scope: 'col' }, t('tricks.points')) : null,
    h('th', { scope: 'col', abbr: sideName('NS') }, t('tricks.side.NS')),
    h('th', { scope: 'col', abbr: sideName('EW') }, t('tricks.side.EW')));
  const body = h('tbody');
  const won = { NS: 0, EW: 0 };
  const pts = { NS: 0, EW: 0 };
  tricks.forEach((tr, i) => {
    const side = sideOf(tr.winner);
    won[side]++;
    pts[side] += tr.points || 0;
    const row = h('tr', { 'data-testid': 'review-trick', dataset: { leader: tr.leader, winner: tr.winner } },
      h('th', { scope: 'row' }, String(i + 1)),
      ...SEATS.map((s) => cardCell(tr, s)),
      h('td', { class: 'winner', 'data-testid': 'review-winner' }, seatName(tr.winner)),
      points ? h('td', { class: 'num' }, String(tr.points)) : null,
      h('td', { class: 'num', 'data-testid': 'review-ns' }, String(points ? pts.NS : won.NS)),
      h('td', { class: 'num', 'data-testid': 'review-ew' }, String(points ? pts.EW : won.EW)));
    body.appendChild(row);
  });
  const summary = points
    ? t('tricks.summaryPoints', { ns: won.NS, ew: won.EW, pns: pts.NS, pew: pts.EW })
    : t('tricks.summary', { ns: won.NS, ew: won.EW });
  return h('section', {
    id: 'trick-review', class: 'trick-review', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'trick-review-title',
    'data-testid': 'trick-review',
    onkeydown: (ev) => { if (ev.key === 'Escape') { ev.stopPropagation(); close(); } },
  },
  h('div', { class: 'trick-review-head' },
    h('h2', { id: 'trick-review-title' }, t('tricks.title')),
    h('button', { type: 'button', class: 'close', 'data-testid': 'tricks-close', onclick: close, 'aria-label': t('common.close') }, '×')),
  h('p', { class: 'trick-review-sum', 'data-testid': 'review-summary' }, summary),
  h('div', { class: 'trick-review-scroll' },
    h('table', { class: 'trick-review-table' },
      h('caption', { class: 'sr-only' }, t('tricks.caption')),
      h('thead', {}, head), body)));
}

// cardCell is seat s's card of trick tr: the leader's marked, the winner's
// card highlighted.
function cardCell(tr, s) {
  const card = tr.cards[s];
  const cls = (s === tr.leader ? ' led' : '') + (s === tr.winner ? ' won' : '');
  const label = card ? cardName(card) + (s === tr.leader ? ', ' + t('tricks.led') : '') + (s === tr.winner ? ', ' + t('tricks.wonIt') : '') : '';
  return h('td', { class: 'trick-card' + cls, 'aria-label': label, dataset: { seat: s, card: card || '' } },
    card ? cardStatic(card, 'mini') : '');
}
