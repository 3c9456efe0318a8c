// cards: drawing cards and hands, with keyboard navigation.

import { h } from './dom.js';
import { t, cardName, suitSymbol, rankText } from './i18n.js';

// Bridge order (for sorting a hand) and belote orders.
const BRIDGE_RANKS = 'AKQJT98765432';
const SUIT_ORDER = 'SHCD'; // alternate colours in a displayed hand

// parsePBNHand turns "AK5.Q98..AQJ" into ["SA","SK","S5","HQ",...].
export function parsePBNHand(s) {
  if (!s) return [];
  const parts = s.split('.');
  const out = [];
  'SHDC'.split('').forEach((su, i) => {
    for (const r of (parts[i] || '').toUpperCase()) out.push(su + r);
  });
  return out;
}

// parsePBNDeal turns "N:h h h h" into {N:[...],E:[...],S:[...],W:[...]}.
export function parsePBNDeal(s) {
  const out = { N: [], E: [], S: [], W: [] };
  if (!s) return out;
  const m = String(s).match(/^([NESW]):(.*)$/);
  if (!m) return out;
  let seat = m[1];
  for (const hand of m[2].trim().split(/\s+/)) {
    out[seat] = parsePBNHand(hand);
    seat = nextSeat(seat);
  }
  return out;
}

export const SEATS = ['N', 'E', 'S', 'W'];
export function nextSeat(s) { return SEATS[(SEATS.indexOf(s) + 1) % 4]; }
export function prevSeat(s) { return SEATS[(SEATS.indexOf(s) + 3) % 4]; }
export function partnerSeat(s) { return SEATS[(SEATS.indexOf(s) + 2) % 4]; }
export function sideOf(s) { return s === 'N' || s === 'S' ? 'NS' : 'EW'; }

// sortCards sorts cards by suit (alternating colours) then rank, with
// rankOrder giving the strength order of the ranks in each suit (trumpSuit
// may use another order in belote).
export function sortCards(cards, rankOrder, trumpSuit, trumpOrder) {
  const order = rankOrder || BRIDGE_RANKS;
  return cards.slice().sort((a, b) => {
    const sa = SUIT_ORDER.indexOf(a[0]), sb = SUIT_ORDER.indexOf(b[0]);
    if (sa !== sb) return sa - sb;
    const o = trumpSuit && a[0] === trumpSuit && trumpOrder ? trumpOrder : order;
    return o.indexOf(a[1]) - o.indexOf(b[1]);
  });
}

function isRed(c) { return c[0] === 'H' || c[0] === 'D'; }

// cardFace is the visual content of a card (rank and suit symbol).
function cardFace(c) {
  return [
    h('span', { class: 'rank', 'aria-hidden': 'true' }, rankText(c[1])),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, suitSymbol(c[0])),
  ];
}

// cardButton is a playable card: a <button> with the card's spoken name,
// disabled when the card may not be played now.
export function cardButton(c, enabled, onPlay, extra) {
  const b = h('button', {
    type: 'button',
    class: 'card suit-' + c[0] + (isRed(c) ? ' red' : ' black') + (enabled ? ' legal' : ''),
    'aria-label': cardName(c),
    disabled: !enabled,
    'aria-disabled': enabled ? 'false' : 'true',
    dataset: { card: c, testid: 'card' },
    tabindex: '-1',
    onclick: () => { if (enabled) onPlay(c); },
  }, cardFace(c));
  if (extra) b.appendChild(extra);
  return b;
}

// cardStatic is a card shown but not playable (trick, dummy of another, deal diagram).
export function cardStatic(c, cls) {
  return h('span', {
    class: 'card static suit-' + c[0] + (isRed(c) ? ' red' : ' black') + (cls ? ' ' + cls : ''),
    role: 'img',
    'aria-label': cardName(c),
    dataset: { shown: c },
  }, cardFace(c));
}

// cardBacks shows n face-down cards.
export function cardBacks(n, label) {
  const wrap = h('div', { class: 'backs', role: 'img', 'aria-label': label || String(n) });
  for (let i = 0; i < n; i++) wrap.appendChild(h('span', { class: 'card back', 'aria-hidden': 'true' }));
  return wrap;
}

// handRow draws a hand of card buttons as a toolbar with a roving tab stop:
// Tab enters the hand on a legal card, the arrow keys move, Enter or Space
// plays. legal is a Set of playable cards.
export function handRow(cards, legal, onPlay, opts) {
  const o = opts || {};
  const row = h('div', {
    class: 'hand' + (o.compact ? ' compact' : '') + (legal.size ? ' active' : ' idle'),
    role: 'toolbar',
    'aria-label': o.label || t('a11y.hand'),
    dataset: { testid: o.testid || 'hand', seat: o.seat || '' },
  });
  const buttons = cards.map((c) => {
    // A hint shows the tricks of the player's side on the best cards and
    // what the others cost ("−1").
    const badge = o.hints && c in o.hints ? h('span', { class: 'hint-badge' + (o.hints[c] === o.best ? ' best' : ' costly') },
      o.hints[c] === o.best ? String(o.hints[c]) : '−' + String(o.best - o.hints[c])) : null;
    return cardButton(c, legal.has(c), onPlay, badge);
  });
  buttons.forEach((b) => row.appendChild(b));
  const first = buttons.find((b) => !b.disabled) || buttons[0];
  if (first) first.tabIndex = 0;
  row.addEventListener('keydown', (ev) => {
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
    if (!keys.includes(ev.key)) return;
    // Disabled buttons cannot take focus: move among the enabled ones, or
    // all of them when none is enabled (nothing happens then anyway).
    let list = buttons.filter((b) => !b.disabled);
    if (list.length === 0) return;
    let i = list.indexOf(document.activeElement);
    if (ev.key === 'Home') i = 0;
    else if (ev.key === 'End') i = list.length - 1;
    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') i = i <= 0 ? list.length - 1 : i - 1;
    else i = i < 0 || i >= list.length - 1 ? 0 : i + 1;
    ev.preventDefault();
    for (const b of buttons) b.tabIndex = -1;
    list[i].tabIndex = 0;
    list[i].focus();
  });
  return row;
}

// focusHand puts the keyboard on the first playable card of the hand in
// root when an arrow key is pressed outside the hand; it reports whether
// it did.
export function focusHand(ev, root) {
  if ((ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') && !(document.activeElement && document.activeElement.closest('.hand'))) {
    const b = root.querySelector('.hand button.legal');
    if (b) { b.focus(); return true; }
  }
  return false;
}

// handStatic draws a hand face up without buttons, grouped by suit.
export function handStatic(cards, label) {
  const row = h('div', { class: 'hand static', role: 'group', 'aria-label': label || '' });
  for (const c of cards) row.appendChild(cardStatic(c));
  return row;
}

// handBySuit draws a hand as four lines "♠ A K 5" (deal diagrams).
export function handBySuit(cards, label, highlight) {
  const box = h('div', { class: 'hand-lines', role: 'group', 'aria-label': label || '' });
  for (const s of 'SHDC') {
    const cs = cards.filter((c) => c[0] === s);
    box.appendChild(h('div', { class: 'line suit-' + s + (s === 'H' || s === 'D' ? ' red' : '') },
      h('span', { class: 'sym', 'aria-label': t('suit.' + s) + t('punct.colon').trimEnd() }, suitSymbol(s)), ' ',
      cs.length ? cs.map((c) => h('span', {
        class: 'r' + (highlight && highlight.has(c) ? ' costly' : ''),
        'aria-label': cardName(c),
      }, rankText(c[1]))) : h('span', { class: 'void' }, '—')));
  }
  return box;
}
