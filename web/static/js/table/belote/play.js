// play: the belote card play: the player's hand (with the hint's points
// on the cards), the backs of the others' cards, and the centre: the
// turned card and the calls during the bidding, then the trick, or the
// last one.

import { h } from '../../dom.js';
import { t, seatName, cardName, rankText, suitSymbol } from '../../i18n.js';
import { handRow, cardBacks, cardStatic } from '../../cards.js';
import { SEATS, deal, isCard, sortHand } from './deal.js';
import { callsList } from './bidding.js';
import { annName } from './info.js';

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
  const row = handRow(cards, legal, (card) => c.act(withWords(c, d, card)), { seat: s, testid: 'hand-' + s, hints, best });
  const say = sayPanel(c, d);
  if (!hints) return say ? h('div', { class: 'with-say' }, say, row) : row;
  // What the numbers on the cards are.
  return h('div', { class: 'hinted' }, say, row, h('p', { class: 'hint-legend', 'data-testid': 'hint-legend' }, t('belote.hintLegend')));
}

// What the player says with his cards (docs/belote-claims.md §2): the
// announcements he declares with his first card (each ticked by default),
// and belote, which he says by pressing "Belote!" as he plays the king or
// queen, or which the table says for him when his setting asks it (off by
// default, for beginners, kept in his browser).

function autoBelote() {
  try { return localStorage.getItem('atout.sayBelote') === 'on'; } catch (e) { return false; }
}

// sayState is the player's choices for the deal on screen.
function sayState(c) {
  const no = (c.view && c.view.dealNumber) || 0;
  if (!c.ui.say || c.ui.say.deal !== no) c.ui.say = { deal: no, keep: {}, belote: null };
  return c.ui.say;
}

// saysBelote: whether the player's belote card will say it.
function saysBelote(c) {
  const st = sayState(c);
  return st.belote === null ? autoBelote() : st.belote;
}

// withWords is card with what the player says with it: "HK belote",
// "HK quiet", "SA d13".
function withWords(c, d, card) {
  let a = card;
  const st = sayState(c);
  if ((d.beloteCards || []).includes(card)) {
    const second = !!(d.belote && d.belote.seat === c.seat);
    if (saysBelote(c)) a += ' belote';
    else if (!second) a += ' quiet';
  }
  const decl = d.declarable || [];
  if (decl.length) {
    let idx = '';
    decl.forEach((_, i) => { if (!st.keep[i]) idx += String(i + 1); });
    a += ' d' + (idx || '0');
  }
  return a;
}

function sayPanel(c, d) {
  if (d.phase !== 'play') return null;
  const decl = d.declarable || [];
  const bel = d.beloteCards || [];
  if (!decl.length && !bel.length) return null;
  const st = sayState(c);
  const parts = [];
  if (decl.length) {
    const list = h('fieldset', { class: 'declare', 'data-testid': 'declare' }, h('legend', {}, t('belote.declareTitle')));
    decl.forEach((a, i) => {
      const box = h('input', { type: 'checkbox', checked: !st.keep[i], 'data-testid': 'declare-' + (i + 1),
        onchange: () => { st.keep[i] = !box.checked; c.redraw(); } });
      const cards = (a.cards || []).map((x) => rankText(x[1]) + suitSymbol(x[0]));
      list.appendChild(h('label', { 'aria-label': annName(a.kind) + ' ' + (a.cards || []).map(cardName).join(' ') + ' (' + a.points + ')' },
        box, ' ', annName(a.kind) + ' ' + cards.join(' ') + ' (' + a.points + ')'));
    });
    parts.push(list);
  }
  if (bel.length) {
    const second = !!(d.belote && d.belote.seat === c.seat);
    const on = saysBelote(c);
    parts.push(h('button', { type: 'button', class: on ? 'primary' : '', 'aria-pressed': on ? 'true' : 'false', 'data-testid': 'say-belote',
      onclick: () => { st.belote = !on; c.redraw(); } }, t(second ? 'belote.sayRebelote' : 'belote.sayBelote')));
    const auto = h('input', { type: 'checkbox', checked: autoBelote(), 'data-testid': 'auto-belote',
      onchange: () => { try { localStorage.setItem('atout.sayBelote', auto.checked ? 'on' : 'off'); } catch (e) { /* not kept */ } st.belote = null; c.redraw(); } });
    parts.push(h('label', { class: 'auto-belote' }, auto, ' ', t('belote.autoBelote')));
  }
  return h('div', { class: 'say', 'data-testid': 'belote-say' }, parts);
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
