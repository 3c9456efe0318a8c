// play: the bridge card play: the hands (the player's, dummy's, the backs
// of the others' cards), the hint's numbers on the cards, and the trick in
// the centre, or the last one.

import { h } from '../../dom.js';
import { t, seatName, cardName } from '../../i18n.js';
import { parsePBNHand, sortCards, handRow, cardBacks, cardStatic, nextSeat } from '../../cards.js';
import { legalSet } from './legal.js';

export function hasLastTrick(c) { return c.view.phase === 'play' && !!c.view.lastTrick; }

// playedCount is how many cards seat has played so far.
function playedCount(v, seat) {
  if (!v.declarer) return 0;
  const done = (v.tricks && ((v.tricks.NS || 0) + (v.tricks.EW || 0))) || 0;
  let n = done;
  const tr = v.trick;
  if (tr && tr.cards) {
    let s = tr.leader;
    for (let i = 0; i < tr.cards.length; i++) {
      if (s === seat) n++;
      s = nextSeat(s);
    }
  }
  return n;
}

// seatContent is seat s's hand when the view shows it, else the backs of
// the cards it holds.
export function seatContent(c, s) {
  const v = c.view;
  const hand = v.hands && v.hands[s];
  if (hand === undefined || hand === null) return cardBacks(13 - playedCount(v, s));
  const cards = sortCards(parsePBNHand(hand));
  const mine = s === c.seat && !v.legalFor;
  const forMe = mine || v.legalFor === s;
  const legal = forMe ? legalSet(c) : new Set();
  let hints = null, best = null;
  if (forMe && c.ui.hints && c.ui.hintFor === c.msg.n) {
    hints = c.ui.hints;
    best = Math.max(...Object.values(hints));
  }
  const label = s === c.seat ? t('a11y.hand') : t('a11y.handOf', { seat: seatName(s) });
  const row = handRow(cards, legal, (card) => c.act(card, s), { seat: s, label, testid: 'hand-' + s, hints, best, compact: s !== c.seat });
  if (!hints) return row;
  // One line says what the numbers on the cards are.
  return h('div', { class: 'hinted' }, row, h('p', { class: 'hint-legend', 'data-testid': 'hint-legend' }, t('table.hintLegend')));
}

// trickCards draws trick tr, each card before the seat that played it.
function trickCards(tr, pos, cls) {
  const box = h('div', { class: 'trick ' + (cls || '') });
  if (!tr || !tr.cards) return box;
  let s = tr.leader;
  const where = {};
  for (const [p, seat] of Object.entries(pos)) where[seat] = p;
  tr.cards.forEach((card, i) => {
    // The card just played comes in from its seat (no motion when the
    // user asks for less).
    const fresh = i === tr.cards.length - 1 && cls !== 'last' && cls !== 'faded' ? ' fresh' : '';
    const el = cardStatic(card, 'in-trick at-' + where[s] + fresh + (tr.winner === s && tr.cards.length === 4 ? ' winner' : ''));
    el.setAttribute('aria-label', t('a11y.played', { seat: seatName(s), card: cardName(card) }));
    el.dataset.seat = s;
    box.appendChild(el);
    s = nextSeat(s);
  });
  return box;
}

// trick is the centre in the play: the trick, or the last one when asked.
export function trick(c, pos) {
  const v = c.view;
  if (c.ui.showLast && v.lastTrick) {
    return h('div', { class: 'last-wrap', 'data-testid': 'last-trick' },
      h('div', { class: 'center-label' }, t('table.lastTrick')), trickCards(v.lastTrick, pos, 'last'));
  }
  let tr = v.trick;
  // Between tricks the engine's current trick is empty: show the one just
  // completed so the fourth card is seen.
  if ((!tr || !tr.cards || tr.cards.length === 0) && v.lastTrick) tr = Object.assign({ faded: true }, v.lastTrick);
  return trickCards(tr, pos, tr && tr.faded ? 'faded' : '');
}
