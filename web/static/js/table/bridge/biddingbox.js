// biddingbox: the bidding box: the 35 bids, pass, double and redouble,
// whose turn it is, the bidding hint, what each call would mean
// (boxmeanings.js); and its keyboard shortcuts: a level 1-7 then C D H S
// N; P pass, X double, R redouble.

import { h } from '../../dom.js';
import { t, seatName, callName, suitSymbol } from '../../i18n.js';
import { legalCalls } from './legal.js';
import { meaningOf } from './meaning.js';
import { askMeanings, callButton, meaningPanel, meaningsToggle } from './boxmeanings.js';

const STRAINS = ['C', 'D', 'H', 'S', 'NT'];

// biddingBox draws the box; the calls the player may make are enabled.
export function biddingBox(c) {
  const v = c.view;
  const legal = legalCalls(c);
  const myTurn = legal.size > 0;
  const box = h('div', { class: 'bidbox' + (myTurn ? ' active' : ''), 'data-testid': 'bidding-box', role: 'group', 'aria-label': t('table.biddingBox') });
  // The call looked at belongs to the position it was looked at in.
  if (c.ui.boxCallN !== c.msg.n) { c.ui.boxCall = ''; c.ui.boxCallN = c.msg.n; }
  if (myTurn) askMeanings(c, false);
  box.appendChild(bids(c, legal));
  box.appendChild(otherCalls(c, legal, myTurn));
  if (myTurn) box.appendChild(meaningPanel(c));
  box.appendChild(h('p', { class: 'status' }, myTurn ? t('table.yourTurn') : (v.turn ? t('table.waitingFor', { seat: seatName(v.turn) }) : '')));
  const bh = c.ui.bidHint;
  if (myTurn && bh && c.ui.hintFor === c.msg.n) box.appendChild(bidHint(bh));
  return box;
}

// bids is the grid of the 35 bids.
function bids(c, legal) {
  const grid = h('div', { class: 'bids' });
  for (let level = 1; level <= 7; level++) {
    for (const s of STRAINS) {
      const call = level + s;
      grid.appendChild(callButton(c, call, {
        type: 'button', class: 'bid strain-' + s + (c.ui.pendingLevel === level ? ' pending' : ''),
        disabled: !legal.has(call), 'aria-label': callName(call), dataset: { call, testid: 'call' },
      }, String(level), h('span', { class: 'sym', 'aria-hidden': 'true' }, s === 'NT' ? t('strain.NT') : suitSymbol(s))));
    }
  }
  return grid;
}

// otherCalls are pass, double and redouble, and on the player's turn the
// "?" mode of the meanings.
function otherCalls(c, legal, myTurn) {
  const row = h('div', { class: 'calls' });
  for (const call of ['P', 'X', 'XX']) {
    row.appendChild(callButton(c, call, {
      type: 'button', class: 'call-' + call, disabled: !legal.has(call),
      'aria-label': callName(call), dataset: { call, testid: 'call' },
      'aria-keyshortcuts': { P: 'P', X: 'X', XX: 'R' }[call],
    }, callName(call)));
  }
  if (myTurn) row.appendChild(meaningsToggle(c));
  return row;
}

// bidHint says the bots' call (protocol's hint: call, means) and what it
// means.
function bidHint(bh) {
  const m = bh.means ? meaningOf({ explanations: [bh.means], view: { auction: [bh.call] } }, 0) : null;
  return h('p', { class: 'bid-hint', 'data-testid': 'bid-hint', role: 'status' },
    t('table.hintCall', { call: callName(bh.call) }) + (m && m.text ? ' — ' + m.text + (m.hcp ? ' (' + m.hcp + ')' : '') : ''));
}

// biddingKey makes the call of key k, or remembers its level; it reports
// whether the key was one of the box's.
export function biddingKey(c, k) {
  const legal = legalCalls(c);
  if (!legal.size) return false;
  if (k >= '1' && k <= '7') { c.ui.pendingLevel = Number(k); c.redraw(); return true; }
  const strain = { c: 'C', d: 'D', h: 'H', s: 'S', n: 'NT' }[k];
  if (strain && c.ui.pendingLevel) {
    const call = c.ui.pendingLevel + strain;
    c.ui.pendingLevel = 0;
    if (legal.has(call)) c.act(call);
    else c.redraw();
    return true;
  }
  const call = { p: 'P', x: 'X', r: 'XX' }[k];
  if (call && legal.has(call)) { c.ui.pendingLevel = 0; c.act(call); return true; }
  return false;
}
