// table-bridge: the bridge parts of the table screen: hands, dummy, the
// bidding box, the auction with the meaning of every call, the trick, hints,
// claims, the score sheet and the deal-over panel with the double-dummy
// analysis.

import { h } from './dom.js';
import { t, tn, seatName, sideName, cardName, callName, callShort, suitSymbol, strainName } from './i18n.js';
import { parsePBNHand, parsePBNDeal, sortCards, handRow, cardBacks, cardStatic, handBySuit, nextSeat, sideOf } from './cards.js';

const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
const isCard = (a) => /^[SHDC][AKQJT2-9]$/.test(a);

export function attrs(c) {
  const v = c.view;
  const a = { phase: v.phase, deal: String(v.board) };
  if (v.declarer) { a.declarer = v.declarer; a.dummy = v.dummy; }
  return a;
}

export function turnOf(c) { return c.view && c.view.turn; }

function legalSet(c) { return new Set((c.view.legal || []).filter(isCard)); }
function legalCalls(c) { return new Set((c.view.legal || []).filter((a) => !isCard(a))); }

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

export function info(c) {
  const v = c.view;
  if (!v) return [];
  const out = [
    h('span', { class: 'chip', 'data-testid': 'board-no' }, t('table.board', { n: v.board })),
    h('span', { class: 'chip' }, t('table.dealer', { seat: seatName(v.dealer) })),
    h('span', { class: 'chip vul-' + v.vul }, t('vul.' + v.vul)),
  ];
  if (v.contract && v.contract !== 'Pass' && v.declarer) {
    out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' },
      t('contract.by', { contract: contractText(v.contract), seat: seatName(v.declarer) })));
    out.push(h('span', { class: 'chip', 'data-testid': 'tricks' },
      t('contract.tricks') + ': ' + sideName('NS') + ' ' + (v.tricks.NS || 0) + ' · ' + sideName('EW') + ' ' + (v.tricks.EW || 0)));
  } else if (v.contract === 'Pass') {
    out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' }, t('contract.passedOut')));
  }
  return out;
}

// contractText prints "4SX" as "4♠X".
export function contractText(ct) {
  if (!ct || ct === 'Pass') return t('contract.passedOut');
  const m = ct.match(/^(\d)(NT|[CDHS])(X{0,2})$/);
  if (!m) return ct;
  return m[1] + (m[2] === 'NT' ? t('strain.NT') : suitSymbol(m[2])) + m[3];
}

export function seatTags(c, s) {
  const v = c.view;
  const out = [];
  if (v.declarer === s) out.push(h('span', { class: 'tag role' }, t('contract.declarer')));
  if (v.dummy === s) out.push(h('span', { class: 'tag role' }, t('contract.dummy')));
  return out;
}

export function seatContent(c, s) {
  const v = c.view;
  const hand = v.hands && v.hands[s];
  if (hand !== undefined && hand !== null) {
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
    return handRow(cards, legal, (card) => c.act(card, s), { seat: s, label, testid: 'hand-' + s, hints, best, compact: s !== c.seat });
  }
  return cardBacks(13 - playedCount(v, s));
}

function trickCards(tr, pos, cls) {
  const box = h('div', { class: 'trick ' + (cls || '') });
  if (!tr || !tr.cards) return box;
  let s = tr.leader;
  const where = {};
  for (const [p, seat] of Object.entries(pos)) where[seat] = p;
  for (const card of tr.cards) {
    const el = cardStatic(card, 'in-trick at-' + where[s] + (tr.winner === s && tr.cards.length === 4 ? ' winner' : ''));
    el.setAttribute('aria-label', t('a11y.played', { seat: seatName(s), card: cardName(card) }));
    el.dataset.seat = s;
    box.appendChild(el);
    s = nextSeat(s);
  }
  return box;
}

export function center(c, pos) {
  const v = c.view;
  if (v.phase === 'auction') return auctionTable(c, 'center-auction');
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

// explanation returns the meaning of call i of the auction, whatever the
// shape the server sends (array of strings or objects, or a map).
function explanation(c, i) {
  const ex = c.msg.explanations;
  if (!ex) return '';
  let e = Array.isArray(ex) ? ex[i] : ex[String(i)];
  if (e && typeof e === 'object') e = e.text || e.meaning || e.explanation || '';
  return e || '';
}

function auctionTable(c, cls) {
  const v = c.view;
  const cols = ['W', 'N', 'E', 'S'];
  const table = h('table', { class: 'auction ' + (cls || ''), 'data-testid': 'auction' },
    h('caption', {}, t('table.bidding')),
    h('thead', {}, h('tr', {}, cols.map((s) => h('th', { scope: 'col', class: v.vul && (v.vul === 'All' || v.vul === sideOf(s)) ? 'vul' : '' }, seatName(s))))));
  const body = h('tbody');
  let row = h('tr');
  let col = cols.indexOf(v.dealer);
  for (let i = 0; i < col; i++) row.appendChild(h('td'));
  (v.auction || []).forEach((call, i) => {
    const ex = explanation(c, i);
    const seat = cols[col];
    const label = seatName(seat) + ': ' + callName(call) + (ex ? '. ' + ex : '');
    const cell = h('td', {}, h('button', {
      type: 'button', class: 'call-cell call-' + call.replace(/^\d/, ''), 'aria-label': label, title: ex || t('call.explain.none'),
      dataset: { idx: String(i) },
      onclick: () => { c.ui.explain = i; c.redraw(); },
    }, callShort(call)));
    row.appendChild(cell);
    col++;
    if (col === 4) { body.appendChild(row); row = h('tr'); col = 0; }
  });
  if (v.phase === 'auction' && v.turn) row.appendChild(h('td', { class: 'next' }, '?'));
  if (row.childNodes.length) body.appendChild(row);
  table.appendChild(body);
  const wrap = h('div', { class: 'auction-wrap' }, table);
  if (c.ui.explain !== undefined && c.ui.explain < (v.auction || []).length) {
    const i = c.ui.explain;
    wrap.appendChild(h('p', { class: 'explain', 'data-testid': 'explanation', role: 'status' },
      callName(v.auction[i]) + ': ' + (explanation(c, i) || t('call.explain.none'))));
  }
  return wrap;
}

export function controls(c) {
  const v = c.view;
  if (v.phase !== 'auction') {
    if (c.ui.claimOpen && v.claim) return claimForm(c);
    return null;
  }
  const legal = legalCalls(c);
  const myTurn = legal.size > 0;
  const box = h('div', { class: 'bidbox' + (myTurn ? ' active' : ''), 'data-testid': 'bidding-box', role: 'group', 'aria-label': t('table.biddingBox') });
  const grid = h('div', { class: 'bids' });
  for (let level = 1; level <= 7; level++) {
    for (const s of STRAINS) {
      const call = level + s;
      const ok = legal.has(call);
      grid.appendChild(h('button', {
        type: 'button', class: 'bid strain-' + s + (c.ui.pendingLevel === level ? ' pending' : ''),
        disabled: !ok, 'aria-label': callName(call), dataset: { call, testid: 'call' },
        onclick: () => c.act(call),
      }, String(level), h('span', { class: 'sym', 'aria-hidden': 'true' }, s === 'NT' ? t('strain.NT') : suitSymbol(s))));
    }
  }
  box.appendChild(grid);
  const row = h('div', { class: 'calls' });
  for (const call of ['P', 'X', 'XX']) {
    row.appendChild(h('button', {
      type: 'button', class: 'call-' + call, disabled: !legal.has(call),
      'aria-label': callName(call), dataset: { call, testid: 'call' },
      'aria-keyshortcuts': { P: 'P', X: 'X', XX: 'R' }[call],
      onclick: () => c.act(call),
    }, callName(call)));
  }
  box.appendChild(row);
  box.appendChild(h('p', { class: 'status' }, myTurn ? t('table.yourTurn') : (v.turn ? t('table.waitingFor', { seat: seatName(v.turn) }) : '')));
  return box;
}

function claimForm(c) {
  const v = c.view;
  const sel = h('select', { 'data-testid': 'claim-select', 'aria-label': t('contract.tricks') });
  for (let i = v.claim.min; i <= v.claim.max; i++) sel.appendChild(h('option', { value: String(i), selected: i === v.claim.max }, String(i)));
  return h('form', {
    class: 'claim-form', 'data-testid': 'claim-form',
    onsubmit: (ev) => { ev.preventDefault(); c.ui.claimOpen = false; c.send({ type: 'claim', tricks: Number(sel.value) }); },
  }, h('label', {}, t('contract.tricks'), ' ', sel), ' ', h('button', { type: 'submit', 'data-testid': 'claim-confirm' }, t('table.claim')));
}

export function hasLastTrick(c) { return c.view.phase === 'play' && !!c.view.lastTrick; }

export function tools(c) {
  const v = c.view;
  const out = [];
  if (v.phase === 'play' && legalSet(c).size > 0 && (!('dealMoves' in c.table) || c.table.canHint)) {
    out.push(h('button', { type: 'button', 'data-testid': 'hint-btn', onclick: () => c.send({ type: 'hint' }) }, t('table.hint')));
  }
  if (v.phase === 'play' && v.claim) {
    out.push(h('button', {
      type: 'button', 'data-testid': 'claim-btn', 'aria-expanded': c.ui.claimOpen ? 'true' : 'false',
      onclick: () => { c.ui.claimOpen = !c.ui.claimOpen; c.redraw(); },
    }, t('table.claim')));
  }
  return out;
}

export function canUndo(c) {
  if (c.view.phase === 'over') return false;
  if ('dealMoves' in c.table) return !!c.table.canUndo;
  const others = Object.entries(c.seats).filter(([s, x]) => s !== c.seat && x && x.human);
  return others.length === 0 && (c.view.auction || []).length > 0;
}

export function side(c) {
  if (c.view.phase === 'auction') return null;
  return h('section', { class: 'auction-side', 'aria-label': t('table.bidding') }, auctionTable(c, 'small'));
}

export function sheetAlways() { return false; }

export function sheet(c) {
  const sh = c.table.sheet || {};
  const lines = sh.lines || [];
  const tb = h('table', { class: 'sheet-table' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract.label')),
      h('th', { scope: 'col' }, t('contract.tricks')), h('th', { scope: 'col' }, t('side.NS')), h('th', { scope: 'col' }, t('side.EW')))));
  const body = h('tbody');
  for (const l of lines) {
    const pts = l.points || {};
    body.appendChild(h('tr', {},
      h('td', {}, String(l.board)),
      h('td', {}, l.contract === 'Pass' ? t('contract.passedOut') : contractText(l.contract) + ' ' + (l.declarer || '')),
      h('td', {}, l.contract === 'Pass' ? '' : String(l.tricks)),
      h('td', {}, pts.NS ? String(pts.NS) : ''),
      h('td', {}, pts.EW ? String(pts.EW) : '')));
  }
  const tot = sh.totals || {};
  body.appendChild(h('tr', { class: 'total' }, h('th', { scope: 'row', colspan: '3' }, t('belote.total')),
    h('td', {}, String(tot.NS || 0)), h('td', {}, String(tot.EW || 0))));
  tb.appendChild(body);
  return tb;
}

// ddTable draws the 20 double-dummy results: rows seats, columns strains.
function ddTable(dd) {
  // Accept {N:{C:7,...},...} or {tricks:{...}}.
  const tr = dd && dd.tricks ? dd.tricks : dd;
  if (!tr || typeof tr !== 'object') return null;
  const tb = h('table', { class: 'dd', 'data-testid': 'dd-table' },
    h('caption', {}, t('analysis.ddTable')),
    h('thead', {}, h('tr', {}, h('td'), STRAINS.map((s) => h('th', { scope: 'col', 'aria-label': strainName(s) }, s === 'NT' ? t('strain.NT') : suitSymbol(s))))));
  const body = h('tbody');
  for (const seat of ['N', 'S', 'E', 'W']) {
    const row = tr[seat] || {};
    body.appendChild(h('tr', {}, h('th', { scope: 'row' }, seatName(seat)), STRAINS.map((s) => h('td', {}, row[s] === undefined ? '' : String(row[s])))));
  }
  tb.appendChild(body);
  return tb;
}

function parText(par) {
  if (!par) return t('analysis.par');
  if (typeof par === 'string') return t('analysis.par') + ': ' + par;
  const cs = (par.contracts || []).map((x) => String(x).replace(/(\d)(NT|[CDHS])/, (m, l, s) => l + (s === 'NT' ? t('strain.NT') : suitSymbol(s)))).join(', ');
  return t('analysis.parScore', { score: par.score, contracts: cs });
}

// costOf is the number of tricks a costly card lost.
function costOf(x) {
  if (typeof x.cost === 'number') return x.cost;
  if (typeof x.before === 'number' && typeof x.after === 'number') return Math.abs(x.before - x.after);
  return 1;
}

function costlyList(a) {
  const list = a.costly || [];
  if (!list.length) return h('p', {}, t('analysis.noMistake'));
  return h('ul', { class: 'costly', 'data-testid': 'costly' }, list.map((x) => h('li', {},
    t('table.trickN', { n: x.trick }) + ' · ' + seatName(x.seat) + ': ' + tn('analysis.cost', costOf(x), { card: cardName(x.card) }) + (x.before !== undefined ? ' (' + x.before + ' → ' + x.after + ')' : ''))));
}

export function dealOver(c) {
  const v = c.view;
  if (v.phase !== 'over') return null;
  const r = v.result || {};
  const hands = parsePBNDeal(v.deal);
  const analysis = c.ui.lastAnalysis && (!c.ui.lastAnalysis.board || c.ui.lastAnalysis.board === v.board) ? c.ui.lastAnalysis : null;
  const costly = new Set(analysis && analysis.costly ? analysis.costly.map((x) => x.card) : []);
  const sh = c.table.sheet || {};
  let resultText;
  if (!r.contract || r.contract === 'Pass') resultText = t('contract.passedOut');
  else resultText = t('contract.by', { contract: contractText(r.contract), seat: seatName(r.declarer) }) + ': ' + tn('contract.tricks', r.tricks) + (r.claimed ? ' (' + t('table.claim') + ')' : '');
  const diagram = h('div', { class: 'diagram', 'aria-label': t('table.dealOver'), role: 'group' },
    ['N', 'W', 'E', 'S'].map((s) => h('div', { class: 'd-' + s }, h('div', { class: 'd-seat' }, seatName(s)), handBySuit(hands[s] || [], t('a11y.handOf', { seat: seatName(s) }), costly))));
  const panel = h('section', { class: 'deal-over', 'data-testid': 'deal-over', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'over-title' },
    h('h2', { id: 'over-title' }, t('table.dealOver')),
    h('p', { class: 'result', 'data-testid': 'deal-result' }, resultText),
    h('p', { class: 'score', 'data-testid': 'deal-score' }, t('a11y.score', { side: sideName('NS'), n: r.scoreNS || 0 })),
    diagram,
    analysis ? h('div', { class: 'analysis', 'data-testid': 'analysis' },
      ddTable(analysis.dd),
      h('p', { 'data-testid': 'par' }, parText(analysis.par)),
      h('h3', {}, t('analysis.costly')), costlyList(analysis)) : h('p', { class: 'muted' }, t('analysis.computing')),
    sh.over ? h('p', { 'data-testid': 'game-over' }, t('table.gameOver')) : h('button', {
      type: 'button', class: 'primary', 'data-testid': 'next-deal',
      onclick: () => c.send({ type: 'next' }),
    }, t('table.nextDeal')));
  return panel;
}

// describe says what changed between two states, for screen readers.
export function describe(prev, m) {
  const a = prev.view, b = m.view;
  if (!a || !b) return '';
  if ((b.auction || []).length > (a.auction || []).length && b.phase === 'auction') {
    const i = b.auction.length - 1;
    const seats = ['N', 'E', 'S', 'W'];
    const seat = seats[(seats.indexOf(b.dealer) + i) % 4];
    return t('a11y.called', { seat: seatName(seat), call: callName(b.auction[i]) }) + (b.turn === m.seat ? '. ' + t('table.yourTurn') : '');
  }
  const tr = b.trick && b.trick.cards && b.trick.cards.length ? b.trick : b.lastTrick;
  if (tr && tr.cards && tr.cards.length) {
    let s = tr.leader;
    for (let i = 0; i < tr.cards.length - 1; i++) s = nextSeat(s);
    return t('a11y.played', { seat: seatName(s), card: cardName(tr.cards[tr.cards.length - 1]) }) + (b.turn === m.seat || b.legalFor ? '. ' + t('table.yourTurn') : '');
  }
  return '';
}

// keydown: shortcuts of the bidding box — a level 1-7 then C D H S N; P
// pass, X double, R redouble; in play the arrow keys go to the hand.
export function keydown(c, ev, root) {
  const v = c.view;
  const k = ev.key.toLowerCase();
  if (v.phase === 'auction') {
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
  if ((ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') && !(document.activeElement && document.activeElement.closest('.hand'))) {
    const b = root.querySelector('.hand button.legal');
    if (b) { b.focus(); return true; }
  }
  return false;
}
