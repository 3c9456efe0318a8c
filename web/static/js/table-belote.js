// table-belote: the belote parts of the table screen: the hand, the turned
// card, the bidding controls of the three modes (take/pass, a trump suit,
// coinche bids, coinche and surcoinche), announcements and belote/rebelote,
// the trick, the hints, the score sheet and the end-of-deal panel with the
// analysis of the card play.

import { h } from './dom.js';
import { t, seatName, sideName, cardName, suitSymbol, beloteActionName } from './i18n.js';
import { sortCards, handRow, cardBacks, cardStatic, handStatic, nextSeat } from './cards.js';
import * as analysisUI from './analysis.js';

const SEATS = ['N', 'E', 'S', 'W'];
const PLAIN = 'ATKQJ987';
const TRUMP = 'J9ATKQ87';
const isCard = (a) => /^[SHDC][AKQJT987]$/.test(a);

// annName names an announcement kind ("carré" is "ann.carre" in the catalog).
function annName(kind) { return t('ann.' + String(kind).normalize('NFD').replace(/[\u0300-\u036f]/g, '')); }

function deal(c) { return (c.view && c.view.deal) || null; }

export function attrs(c) {
  const d = deal(c);
  const a = { deal: String((c.view && c.view.dealNumber) || 0) };
  if (d) a.phase = d.phase;
  if (d && d.contract) a.declarer = d.contract.taker;
  return a;
}

export function turnOf(c) {
  const d = deal(c);
  return d && d.phase !== 'done' ? d.turn : null;
}

function trumpOf(d) { return d && d.contract && d.contract.trump !== 'NT' ? d.contract.trump : ''; }

function contractLabel(ct) {
  if (!ct) return '';
  if (ct.capot) return t('belote.capot') + ' ' + suitSymbol(ct.trump);
  if (ct.value) return t('belote.bid', { value: ct.value, suit: ct.trump === 'NT' ? t('strain.NT') : suitSymbol(ct.trump) });
  return ct.trump === 'NT' ? t('strain.NT.name') : t('belote.nameSuit', { suit: suitSymbol(ct.trump) });
}

// lastCall is the seat that made the last call action of the bidding, ''
// if none did.
function lastCall(d, action) {
  const calls = d.calls || [];
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i].action === action) return calls[i].seat;
  return '';
}

// contractBy names the contract, its taker, and who coinched and
// surcoinched it: "80 ♥ by South · coinched by East" (the coinche is the
// opponents', not the taker's).
function contractBy(d) {
  const ct = d.contract;
  let s = t('contract.by', { contract: contractLabel(ct), seat: seatName(ct.taker) });
  const by = [[2, 'coinche', 'belote.coinchedBy', 'belote.coinched'], [4, 'surcoinche', 'belote.surcoinchedBy', 'belote.surcoinched']];
  for (const [level, action, named, plain] of by) {
    if (ct.coinche < level) continue;
    const who = lastCall(d, action);
    s += ' · ' + (who ? t(named, { seat: seatName(who) }) : t(plain));
  }
  return s;
}

// fixedDeals is the number of deals of a fixed series (a belote
// duplicate: the same deals at every table, no target), 0 for a game to a
// target.
function fixedDeals(c) { return (c.table.sheet && c.table.sheet.deals) || 0; }

export function info(c) {
  const v = c.view;
  const d = deal(c);
  if (!v) return [];
  const tot = v.totals || {};
  const series = fixedDeals(c);
  const points = sideName('NS') + ' ' + (tot.NS || 0) + ' · ' + sideName('EW') + ' ' + (tot.EW || 0);
  const out = [
    h('span', { class: 'chip', 'data-testid': 'deal-no' }, series
      ? t('table.dealOf', { n: v.dealNumber || 0, total: series })
      : t('table.deal', { n: v.dealNumber || 0 })),
    // A fixed series adds up its deals' points (compared with the field's
    // afterwards); a game shows how far the target is.
    h('span', { class: 'chip', 'data-testid': 'totals', dataset: { fixed: series ? '1' : '' } },
      series || !v.target ? points : points + ' / ' + v.target),
  ];
  if (d) {
    out.push(h('span', { class: 'chip' }, t('table.dealer', { seat: seatName(d.dealer) })));
    if (d.contract) {
      out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' }, contractBy(d)));
    }
  }
  return out;
}

export function seatTags(c, s) {
  const d = deal(c);
  const out = [];
  if (!d) return out;
  if (d.contract && d.contract.taker === s) out.push(h('span', { class: 'tag role' }, d.contract.trump === 'NT' ? t('strain.NT.name') : t('belote.nameSuit', { suit: suitSymbol(d.contract.trump) })));
  for (const a of d.declared || []) {
    if (a.seat === s) out.push(h('span', { class: 'tag ann', 'data-testid': 'announcement' }, annName(a.kind)));
  }
  for (const a of d.winningAnnouncements || []) {
    if (a.seat === s) out.push(h('span', { class: 'tag ann', 'data-testid': 'announcement' }, annName(a.kind) + ' ' + a.points));
  }
  if (d.belote && d.belote.seat === s) {
    out.push(h('span', { class: 'tag belote', 'data-testid': 'belote-tag' }, d.belote.rebelote ? t('ann.rebelote') : t('ann.belote')));
  }
  return out;
}

export function seatContent(c, s) {
  const d = deal(c);
  if (!d) return null;
  const idx = SEATS.indexOf(s);
  if (s === c.seat) {
    const trump = trumpOf(d);
    const cards = sortCards(d.hand || [], PLAIN, trump, TRUMP);
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
  return cardBacks((d.handSizes && d.handSizes[idx]) || 0);
}

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

function callsList(d) {
  return h('ol', { class: 'belote-calls', 'data-testid': 'calls', 'aria-label': t('table.bidding') },
    (d.calls || []).map((m) => h('li', {}, h('span', { class: 'who' }, seatName(m.seat)), ' ', beloteActionName(m.action))));
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
  const row = h('div', { class: 'calls' });
  if (d.mode === 'coinche') {
    // A value, then a suit; capot is a value too.
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
        const a = c.ui.bidValue + s;
        const b = btn(a, suitSymbol(s), 'suit-btn suit-' + s + (s === 'H' || s === 'D' ? ' red' : ''));
        if (s === 'NT' || s === 'AT') b.title = t('strain.' + s + '.name');
        row.appendChild(b);
      }
    }
    row.appendChild(btn('pass'));
    if (legal.includes('coinche')) row.appendChild(btn('coinche', null, 'warn'));
    if (legal.includes('surcoinche')) row.appendChild(btn('surcoinche', null, 'warn'));
  } else {
    const suits = legal.filter((a) => /^[SHDC]$/.test(a));
    if (suits.length) {
      row.appendChild(h('span', { class: 'label' }, t('belote.round2')));
      for (const s of suits) row.appendChild(btn(s, t('belote.nameSuit', { suit: suitSymbol(s) + ' ' + t('suit.' + s) }), 'suit-btn suit-' + s + (s === 'H' || s === 'D' ? ' red' : '')));
    } else {
      row.appendChild(btn('take', null, 'primary'));
    }
    row.appendChild(btn('pass'));
  }
  box.appendChild(row);
  box.appendChild(h('p', { class: 'status' }, legal.length ? t('table.yourTurn') : (d.turn ? t('table.waitingFor', { seat: seatName(d.turn) }) : '')));
  return box;
}

export function hasLastTrick(c) { const d = deal(c); return !!(d && d.phase === 'play' && d.lastTrick); }
export function tools(c) {
  const d = deal(c);
  const out = [];
  if (d && d.phase === 'play' && (d.legal || []).some(isCard) && c.table.canHint) {
    out.push(h('button', { type: 'button', 'data-testid': 'hint-btn', onclick: () => c.send({ type: 'hint' }) }, t('table.hint')));
  }
  return out;
}

export function canUndo(c) {
  const d = deal(c);
  if (!d || d.phase === 'done') return false;
  return !!c.table.canUndo;
}

export function side(c) {
  const d = deal(c);
  if (!d || d.phase !== 'play') return null;
  return h('section', { class: 'auction-side', 'aria-label': t('table.bidding') }, callsList(d));
}

export function sheetAlways() { return false; }

export function sheet(c) {
  const v = c.view;
  const lines = (v && v.sheet) || (c.table.sheet && c.table.sheet.lines) || [];
  const tb = h('table', { class: 'sheet-table' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract.label')),
      h('th', { scope: 'col' }, t('side.NS')), h('th', { scope: 'col' }, t('side.EW')))));
  const body = h('tbody');
  for (const l of lines) {
    const sc = l.score || {};
    const total = l.total || {};
    body.appendChild(h('tr', {},
      h('td', {}, String(l.deal)),
      h('td', {}, l.contract ? (beloteActionName(l.contract) + ' ' + (l.takers ? sideName(l.takers) : '') + (l.litige ? ' · =' : (l.made === false ? ' · ' + t('belote.failed') : ''))) : t('belote.allPassed')),
      h('td', {}, l.contract ? (sc.NS || 0) + ' (' + (total.NS || 0) + ')' : String(total.NS || 0)),
      h('td', {}, l.contract ? (sc.EW || 0) + ' (' + (total.EW || 0) + ')' : String(total.EW || 0))));
  }
  tb.appendChild(body);
  // What the two numbers of a line are.
  tb.insertBefore(h('caption', { class: 'sheet-legend', 'data-testid': 'sheet-legend' }, t('belote.sheetLegend')), tb.firstChild);
  return tb;
}

function sidesRow(label, p) {
  p = p || {};
  return h('tr', {}, h('th', { scope: 'row' }, label), h('td', {}, String(p.NS || 0)), h('td', {}, String(p.EW || 0)));
}

export function dealOver(c) {
  const v = c.view;
  const d = deal(c);
  if (!d || d.phase !== 'done') return null;
  const r = d.result;
  const parts = [h('h2', { id: 'over-title' }, t('table.dealOver'))];
  if (d.passed || !r) {
    parts.push(h('p', { class: 'result', 'data-testid': 'deal-result' }, t('belote.allPassed')));
  } else {
    const head = r.litige ? t('belote.litige', { n: r.reserve }) : (r.made ? t('belote.made') : t('belote.failed'));
    parts.push(h('p', { class: 'result', 'data-testid': 'deal-result' },
      contractBy(d) + ': ' + head));
    parts.push(h('table', { class: 'result-table', 'data-testid': 'deal-score' },
      h('thead', {}, h('tr', {}, h('td'), h('th', { scope: 'col' }, sideName('NS')), h('th', { scope: 'col' }, sideName('EW')))),
      h('tbody', {},
        sidesRow(t('belote.cardPoints'), r.cardPoints),
        sidesRow(t('ann.label'), r.announcements),
        r.belote ? h('tr', {}, h('th', { scope: 'row' }, t('ann.belote')), h('td', {}, r.belote === 'NS' ? '20' : ''), h('td', {}, r.belote === 'EW' ? '20' : '')) : null,
        sidesRow(t('result.score'), r.score),
        sidesRow(t('belote.total'), v.totals))));
    if (r.reserve && !r.litige) parts.push(h('p', {}, t('belote.litige', { n: r.reserve })));
  }
  if (d.hands) {
    parts.push(h('div', { class: 'diagram' }, SEATS.map((s, i) => {
      const cards = sortCards(d.hands[i] || [], PLAIN, trumpOf(d), TRUMP);
      return h('div', { class: 'd-' + s }, h('div', { class: 'd-seat' }, seatName(s)), handStatic(cards, t('a11y.handOf', { seat: seatName(s) })));
    })));
  }
  if (!d.passed && r) {
    // The card play with all cards open, when it has come.
    const deal = c.table.deal;
    const a = c.ui.analysis[deal];
    parts.push(a ? analysisUI.belotePanel(a)
      : c.ui.analysisGaveUp[deal] ? h('p', { class: 'muted', 'data-testid': 'analysis-unavailable' }, analysisUI.unavailableText())
        : h('p', { class: 'muted', 'data-testid': 'analysis-pending', role: 'status' }, t('analysis.computing')));
  }
  if (v.over) {
    parts.push(h('p', { 'data-testid': 'game-over' }, t('table.gameOver') + (v.winner ? '. ' + t('table.winner', { side: sideName(v.winner) }) : '')));
  } else {
    parts.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'next-deal', onclick: () => c.send({ type: 'next' }) }, t('table.nextDeal')));
  }
  return h('section', { class: 'deal-over', 'data-testid': 'deal-over', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'over-title' }, parts);
}

export function describe(prev, m) {
  const a = prev.view && prev.view.deal, b = m.view && m.view.deal;
  if (!a || !b) return '';
  const yours = (b.legal || []).length ? '. ' + t('table.yourTurn') : '';
  if ((b.calls || []).length > (a.calls || []).length) {
    const last = b.calls[b.calls.length - 1];
    return t('a11y.called', { seat: seatName(last.seat), call: beloteActionName(last.action) }) + yours;
  }
  const tr = b.trick && b.trick.length ? b.trick : (b.lastTrick ? b.lastTrick.cards : []);
  if (tr && tr.length) {
    const pc = tr[tr.length - 1];
    return t('a11y.played', { seat: seatName(pc.seat), card: cardName(pc.card) }) + yours;
  }
  return '';
}

// keydown: T take, P pass, S H D C name a suit (classic round 2) or bid
// the chosen value in that suit (coinche); the arrow keys go to the hand.
export function keydown(c, ev, root) {
  const d = deal(c);
  if (!d) return false;
  const legal = d.legal || [];
  const k = ev.key.toLowerCase();
  if (d.phase === 'bidding' && legal.length) {
    let a = { t: 'take', p: 'pass' }[k];
    const suit = { s: 'S', h: 'H', d: 'D', c: 'C' }[k];
    if (!a && suit) a = d.mode === 'coinche' ? (c.ui.bidValue || '') + suit : suit;
    if (a && legal.includes(a)) { c.act(a); return true; }
    return false;
  }
  if ((ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') && !(document.activeElement && document.activeElement.closest('.hand'))) {
    const b = root.querySelector('.hand button.legal');
    if (b) { b.focus(); return true; }
  }
  return false;
}

export { nextSeat };
