// bidding: the belote bidding: the calls so far, and the controls of the
// three modes: take or pass, then a trump suit in the second round
// (classic, no-trump); a value and a suit, coinche and surcoinche
// (coinche); with their keys: T take, P pass, S H D C a suit (or the
// chosen value in that suit).

import { h } from '../../dom.js';
import { t, seatName, suitSymbol, beloteActionName } from '../../i18n.js';
import { deal } from './deal.js';

// callsList lists the calls of deal d.
export function callsList(d) {
  return h('ol', { class: 'belote-calls', 'data-testid': 'calls', 'aria-label': t('table.bidding') },
    (d.calls || []).map((m) => h('li', {}, h('span', { class: 'who' }, seatName(m.seat)), ' ', beloteActionName(m.action))));
}

// side lists the calls beside the table during the play.
export function side(c) {
  const d = deal(c);
  if (!d || d.phase !== 'play') return null;
  return h('section', { class: 'auction-side', 'aria-label': t('table.bidding') }, callsList(d));
}

// controls are the bidding controls, during the bidding.
export function controls(c) {
  const d = deal(c);
  if (!d || d.phase !== 'bidding') return null;
  const legal = d.legal || [];
  const box = h('div', { class: 'belote-bid' + (legal.length ? ' active' : ''), 'data-testid': 'belote-controls', role: 'group', 'aria-label': t('table.biddingBox') });
  const btn = (action, label, cls) => h('button', {
    type: 'button', class: cls || '', disabled: !legal.includes(action),
    dataset: { action, testid: 'action' }, 'aria-label': beloteActionName(action),
    onclick: () => c.act(action),
  }, label || beloteActionName(action));
  box.appendChild(d.mode === 'coinche' ? coincheRow(c, legal, btn) : classicRow(legal, btn));
  box.appendChild(h('p', { class: 'status' }, legal.length ? t('table.yourTurn') : (d.turn ? t('table.waitingFor', { seat: seatName(d.turn) }) : '')));
  return box;
}

function suitClass(s) { return 'suit-btn suit-' + s + (s === 'H' || s === 'D' ? ' red' : ''); }

// classicRow: take (first round) or a suit (second round), and pass.
function classicRow(legal, btn) {
  const row = h('div', { class: 'calls' });
  const suits = legal.filter((a) => /^[SHDC]$/.test(a));
  if (suits.length) {
    row.appendChild(h('span', { class: 'label' }, t('belote.round2')));
    for (const s of suits) row.appendChild(btn(s, t('belote.nameSuit', { suit: suitSymbol(s) + ' ' + t('suit.' + s) }), suitClass(s)));
  } else {
    row.appendChild(btn('take', null, 'primary'));
  }
  row.appendChild(btn('pass'));
  return row;
}

// coincheRow: a value, then a suit (capot is a value too); pass, coinche,
// surcoinche.
function coincheRow(c, legal, btn) {
  const row = h('div', { class: 'calls' });
  const values = [];
  for (const a of legal) {
    const m = a.match(/^(\d+|capot)([SHDC]|NT|AT)$/);
    if (m && !values.includes(m[1])) values.push(m[1]);
  }
  if (values.length) {
    if (!values.includes(c.ui.bidValue)) c.ui.bidValue = values[0];
    const sel = h('select', { 'data-testid': 'bid-value', 'aria-label': t('belote.contract'), onchange: () => { c.ui.bidValue = sel.value; c.redraw(); } },
      values.map((x) => h('option', { value: x, selected: x === c.ui.bidValue }, x === 'capot' ? t('belote.capot') : x)));
    row.appendChild(h('label', { class: 'bid-value' }, t('belote.contract') + ' ', sel));
    // Sans-atout and tout-atout, when the table plays them (their bids
    // are then legal at some value).
    const strains = ['S', 'H', 'D', 'C'].concat(['NT', 'AT'].filter((s) => legal.some((a) => a.endsWith(s))));
    for (const s of strains) {
      const b = btn(c.ui.bidValue + s, suitSymbol(s), suitClass(s));
      if (s === 'NT' || s === 'AT') b.title = t('strain.' + s + '.name');
      row.appendChild(b);
    }
  }
  row.appendChild(btn('pass'));
  if (legal.includes('coinche')) row.appendChild(btn('coinche', null, 'warn'));
  if (legal.includes('surcoinche')) row.appendChild(btn('surcoinche', null, 'warn'));
  return row;
}

// biddingKey makes the call of key k; it reports whether it did.
export function biddingKey(c, d, k) {
  const legal = d.legal || [];
  let a = { t: 'take', p: 'pass' }[k];
  const suit = { s: 'S', h: 'H', d: 'D', c: 'C' }[k];
  if (!a && suit) a = d.mode === 'coinche' ? (c.ui.bidValue || '') + suit : suit;
  if (a && legal.includes(a)) { c.act(a); return true; }
  return false;
}
