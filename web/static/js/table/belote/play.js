// play: the belote card play: the player's hand (with the hint's points
// on the cards), the backs of the others' cards, and the centre: the
// turned card and the calls during the bidding, then the trick, or the
// last one.

import { h } from '../../dom.js';
import { t, seatName, cardName } from '../../i18n.js';
import { handRow, cardBacks, cardStatic } from '../../cards.js';
import { SEATS, deal, isCard, sortHand } from './deal.js';
import { callsList } from './bidding.js';

export function hasLastTrick(c) { const d = deal(c); return !!(d && d.phase === 'play' && d.lastTrick); }

export function seatContent(c, s) {
  const d = deal(c);
  if (!d) return null;
  if (s !== c.seat) return cardBacks((d.handSizes && d.handSizes[SEATS.indexOf(s)]) || 0);
  const cards = sortHand(d.hand, d);
  const legal = new Set((d.legal || []).filter(isCard));
  // The hint: the points the side ends with after each legal card.
  let hints = null, best = null;
  if (c.ui.hints && c.ui.hintFor === c.msg.n) {
    hints = c.ui.hints;
    best = Math.max(...Object.values(hints));
  }
  const row = handRow(cards, legal, (card) => c.act(card), { seat: s, testid: 'hand-' + s, hints, best });
  if (!hints) return row;
  // What the numbers on the cards are.
  return h('div', { class: 'hinted' }, row, h('p', { class: 'hint-legend', 'data-testid': 'hint-legend' }, t('belote.hintLegend')));
}

// trickCards draws the played cards (seat, card), each before its seat.
function trickCards(cards, pos, winner, cls) {
  const where = {};
  for (const [p, seat] of Object.entries(pos)) where[seat] = p;
  const box = h('div', { class: 'trick ' + (cls || '') });
  for (const pc of cards || []) {
    const el = cardStatic(pc.card, 'in-trick at-' + where[pc.seat] + (winner === pc.seat ? ' winner' : ''));
    el.setAttribute('aria-label', t('a11y.played', { seat: seatName(pc.seat), card: cardName(pc.card) }));
    el.dataset.seat = pc.seat;
    box.appendChild(el);
  }
  return box;
}

export function center(c, pos) {
  const d = deal(c);
  if (!d) return null;
  if (d.phase === 'bidding' || (d.phase === 'done' && d.passed)) {
    return h('div', { class: 'bidding-center' },
      d.turned ? h('div', { class: 'turned', 'data-testid': 'turned' }, h('div', { class: 'center-label' }, t('belote.turned')), cardStatic(d.turned)) : null,
      (d.calls || []).length ? callsList(d) : null);
  }
  if (c.ui.showLast && d.lastTrick) {
    return h('div', { class: 'last-wrap', 'data-testid': 'last-trick' },
      h('div', { class: 'center-label' }, t('table.lastTrick')), trickCards(d.lastTrick.cards, pos, d.lastTrick.winner, 'last'));
  }
  if ((!d.trick || d.trick.length === 0) && d.lastTrick) {
    return trickCards(d.lastTrick.cards, pos, d.lastTrick.winner, 'faded');
  }
  return trickCards(d.trick, pos, null, '');
}
