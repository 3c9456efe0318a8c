// table-bridge: the bridge parts of the table screen: hands, dummy, the
// bidding box, the auction with the meaning of every call, the trick, hints,
// claims, the score sheet and the deal-over panel with the double-dummy
// analysis.

import { h } from './dom.js';
import { t, tn, seatName, sideName, cardName, callName, callShort, suitSymbol, strainName, has, lang } from './i18n.js';
import * as analysisUI from './analysis.js';
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
    const row = handRow(cards, legal, (card) => c.act(card, s), { seat: s, label, testid: 'hand-' + s, hints, best, compact: s !== c.seat });
    if (!hints) return row;
    // One line says what the numbers on the cards are.
    return h('div', { class: 'hinted' }, row, h('p', { class: 'hint-legend', 'data-testid': 'hint-legend' }, t('table.hintLegend')));
  }
  return cardBacks(13 - playedCount(v, s));
}

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

// meaningOf returns the meaning of call i of the auction from the state's
// `explanations`: an array of protocol.Explanation, one per call so far.
// It gives {text, hcp} or null; an entry for another call than the
// auction's is ignored.
export function meaningOf(msg, i) {
  const e = msg && msg.explanations && msg.explanations[i];
  if (!e) return null;
  const auction = (msg.view && msg.view.auction) || [];
  if (e.call && auction[i] && e.call !== auction[i]) return null;
  // The English description is the system's own wording; in every other
  // language the meaning is worded from its structured form.
  let text = e.text;
  // The server words every call in each language from the bidder's own
  // knowledge (what `atout bid` says); a language it has no words for gets
  // the structured form, worded here.
  const words = e.words && typeof e.words === 'object' ? e.words[lang()] : '';
  if (lang() !== 'en' && words) return { text: String(words), hcp: '' };
  const worded = structuredMeaning(e);
  if (worded && lang() !== 'en') text = worded;
  let hcp = '';
  const lo = Number(e.minHCP), hi = Number(e.maxHCP);
  // The range, unless the text gives it already or it says nothing.
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi < 37 && hi >= lo && !/HCP/.test(text)) {
    hcp = t('call.hcp', { min: lo, max: hi });
  }
  if (!text && !hcp) return null;
  return { text, hcp };
}

// structuredMeaning words a meaning from its structured fields (suit
// lengths, balanced, how forcing, conventional) with the catalog; the HCP
// range is added by meaningOf. It returns '' when there is nothing to say.
function structuredMeaning(e) {
  const parts = [];
  if (Array.isArray(e.minLen) && Array.isArray(e.maxLen)) {
    // spades first, as hands are written
    for (const s of [3, 2, 1, 0]) {
      const lo = Number(e.minLen[s]), hi = Number(e.maxLen[s]);
      const sym = suitSymbol('CDHS'[s]);
      if (lo > 0 && hi >= 13) parts.push(`${lo}+${sym}`);
      else if (lo > 0 && hi === lo) parts.push(`${lo}${sym}`);
      else if (lo > 0) parts.push(`${lo}–${hi}${sym}`);
      else if (hi < 13) parts.push(`≤${hi}${sym}`);
    }
  }
  if (e.balanced && has('call.balanced')) parts.push(t('call.balanced'));
  if (e.artificial && has('call.artificial')) parts.push(t('call.artificial'));
  const f = Number(e.force);
  if (Number.isInteger(f) && f > 0 && has('call.force.' + f)) parts.push(t('call.force.' + f));
  return parts.join(', ');
}

// meaningText is the meaning as one line ("1NT opening: 15-17 HCP, balanced").
// resultMark is a result as players write it: "=" made exactly, "+1" an
// overtrick, "−2" two down.
export function resultMark(contract, tricks) {
  const m = String(contract || '').match(/^(\d)/);
  if (!m) return '';
  const diff = tricks - (Number(m[1]) + 6);
  return diff === 0 ? '=' : diff > 0 ? '+' + diff : '−' + (-diff);
}

export function meaningText(m) {
  if (!m) return t('call.explain.none');
  return [m.text, m.hcp].filter(Boolean).join(' · ');
}

// seatOfCall is the seat that made call i of an auction dealt by dealer.
function seatOfCall(dealer, i) {
  const seats = ['N', 'E', 'S', 'W'];
  return seats[(seats.indexOf(dealer) + i) % 4];
}

// auctionTable draws the auction. Every call is a button: hovering,
// focusing or clicking it shows its meaning below the table (a click pins
// it); its accessible name says who made it and what it means.
function auctionTable(c, cls) {
  const v = c.view;
  const cols = ['W', 'N', 'E', 'S'];
  const auction = v.auction || [];
  const table = h('table', { class: 'auction ' + (cls || ''), 'data-testid': 'auction' },
    h('caption', {}, t('table.bidding')),
    h('thead', {}, h('tr', {}, cols.map((s) => h('th', { scope: 'col', class: v.vul && (v.vul === 'All' || v.vul === sideOf(s)) ? 'vul' : '' }, seatName(s))))));
  const box = h('p', { class: 'explain', id: 'call-explain', 'data-testid': 'explanation', 'aria-live': 'polite', hidden: true });
  const show = (i) => {
    if (i === undefined || i === null || i >= auction.length) {
      box.hidden = true;
      box.textContent = '';
      return;
    }
    const seat = seatOfCall(v.dealer, i);
    box.hidden = false;
    box.textContent = '';
    box.append(h('strong', {}, t('call.explainOf', { call: callShort(auction[i]), seat: seatName(seat) })), ' ',
      meaningText(meaningOf(c.msg, i)));
  };
  const body = h('tbody');
  let row = h('tr');
  let col = cols.indexOf(v.dealer);
  for (let i = 0; i < col; i++) row.appendChild(h('td'));
  auction.forEach((call, i) => {
    const m = meaningOf(c.msg, i);
    const seat = cols[col];
    const label = t('a11y.called', { seat: seatName(seat), call: callName(call) }) + '. ' + meaningText(m);
    const cell = h('td', {}, h('button', {
      type: 'button', class: 'call-cell call-' + call.replace(/^\d/, '') + (m ? ' explained' : ''), 'aria-label': label,
      'aria-controls': 'call-explain', 'aria-pressed': c.ui.explain === i ? 'true' : 'false',
      dataset: { idx: String(i), testid: 'auction-call' },
      onclick: () => {
        c.ui.explain = c.ui.explain === i ? undefined : i;
        for (const b of table.querySelectorAll('.call-cell')) b.setAttribute('aria-pressed', b.dataset.idx === String(c.ui.explain) ? 'true' : 'false');
        show(c.ui.explain === undefined ? i : c.ui.explain);
      },
      onmouseenter: () => show(i),
      onmouseleave: () => show(c.ui.explain),
      onfocus: () => show(i),
      onblur: () => show(c.ui.explain),
    }, callShort(call)));
    row.appendChild(cell);
    col++;
    if (col === 4) { body.appendChild(row); row = h('tr'); col = 0; }
  });
  if (v.phase === 'auction' && v.turn) row.appendChild(h('td', { class: 'next' }, '?'));
  if (row.childNodes.length) body.appendChild(row);
  table.appendChild(body);
  const wrap = h('div', { class: 'auction-wrap' }, table, box);
  if (c.ui.explain !== undefined && c.ui.explain < auction.length) show(c.ui.explain);
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
  const bh = c.ui.bidHint;
  if (myTurn && bh && c.ui.hintFor === c.msg.n) {
    const m = bh.means ? meaningOf({ explanations: [bh.means], view: { auction: [bh.call] } }, 0) : null;
    box.appendChild(h('p', { class: 'bid-hint', 'data-testid': 'bid-hint', role: 'status' },
      t('table.hintCall', { call: callName(bh.call) }) + (m && m.text ? ' — ' + m.text + (m.hcp ? ' (' + m.hcp + ')' : '') : '')));
  }
  return box;
}

// claimForm asks the claimer for his side's total of tricks: declarer's
// side claims declarer's total, a defender the defenders' (a concession of
// the rest). The default is what is obvious from his cards (tricks won and
// top cards), never the most he could claim. The form names the result
// (the contract made or down, and the score but at rubber bridge) before
// anything is sent, and a defender who gives declarer tricks is asked once
// more: "Concede 3 tricks?".
function claimForm(c) {
  const v = c.view;
  const ui = c.ui;
  const declaring = sideOf(c.seat) === sideOf(v.declarer);
  // The server counts declarer's tricks; a defender's side takes the rest.
  const lo = declaring ? v.claim.min : 13 - v.claim.max;
  const hi = declaring ? v.claim.max : 13 - v.claim.min;
  const sure = Math.min(hi, Math.max(lo, Number(v.claim.sure) || lo));
  // The total chosen holds through redraws of the same position.
  const pick = ui.claimPick && ui.claimPick.n === c.msg.n && ui.claimPick.ours >= lo && ui.claimPick.ours <= hi ? ui.claimPick.ours : sure;
  const declTotal = (ours) => (declaring ? ours : 13 - ours);
  const send = (ours) => {
    ui.claimOpen = false;
    ui.claimPick = null;
    ui.concedeAsk = null;
    c.send({ type: 'claim', tricks: declTotal(ours) });
  };
  const conceded = 13 - pick - v.claim.min;
  if (!declaring && ui.concedeAsk && ui.concedeAsk.n === c.msg.n && ui.concedeAsk.ours === pick) {
    return h('div', { class: 'claim-form concede-ask', role: 'alertdialog', 'data-testid': 'concede-ask', 'aria-labelledby': 'concede-q' },
      h('span', { id: 'concede-q' }, t('table.concedeAsk', { tricks: tn('contract.tricks', conceded) })), ' ',
      claimResult(c, declTotal(pick)),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'concede-yes', onclick: () => send(pick) }, t('table.concedeYes')),
      h('button', { type: 'button', 'data-testid': 'concede-no', onclick: () => { ui.concedeAsk = null; c.redraw(); } }, t('common.cancel')));
  }
  const sel = h('select', {
    'data-testid': 'claim-select', 'aria-label': t(declaring ? 'table.claimOurs' : 'table.claimDefence'),
    onchange: () => { ui.claimPick = { n: c.msg.n, ours: Number(sel.value) }; c.redraw(); },
  });
  for (let i = lo; i <= hi; i++) sel.appendChild(h('option', { value: String(i), selected: i === pick }, String(i)));
  return h('form', {
    class: 'claim-form', 'data-testid': 'claim-form',
    onsubmit: (ev) => {
      ev.preventDefault();
      const ours = Number(sel.value);
      // A defender who gives tricks away says so twice.
      if (!declaring && 13 - ours - v.claim.min > 0) {
        ui.claimPick = { n: c.msg.n, ours };
        ui.concedeAsk = { n: c.msg.n, ours };
        c.redraw();
        return;
      }
      send(ours);
    },
  }, h('label', {}, t(declaring ? 'table.claimOurs' : 'table.claimDefence'), ' ', sel), ' ',
  claimResult(c, declTotal(pick)),
  h('button', { type: 'submit', 'data-testid': 'claim-confirm' }, t(declaring ? 'table.claim' : 'table.concede')));
}

// claimResult names what a claim of total tricks for declarer gives: "4♠+1
// by South · North-South: +650 points" (the viewer's side's score; at
// rubber bridge, where the points depend on the rubber, the result alone).
function claimResult(c, total) {
  const v = c.view;
  const m = String(v.contract || '').match(/^(\d)/);
  const diff = m ? total - 6 - Number(m[1]) : 0;
  const made = diff === 0 ? '=' : (diff > 0 ? '+' : '') + diff;
  let text = t('contract.by', { contract: contractText(v.contract) + made, seat: seatName(v.declarer) });
  const scores = v.claim.scores || [];
  const sc = (c.table.settings && c.table.settings.scoring) || (c.table.sheet && c.table.sheet.scoring) || 'duplicate';
  const decl = scores[total - v.claim.min];
  if (sc !== 'rubber' && Number.isFinite(decl)) {
    const we = sideOf(c.seat);
    const pts = we === sideOf(v.declarer) ? decl : -decl;
    text += ' · ' + t('a11y.score', { side: sideName(we), n: (pts > 0 ? '+' : '') + pts });
  }
  return h('output', { class: 'claim-result', 'data-testid': 'claim-result', 'aria-live': 'polite' }, t('table.claimResult', { result: text }));
}

export function hasLastTrick(c) { return c.view.phase === 'play' && !!c.view.lastTrick; }

export function tools(c) {
  const v = c.view;
  const out = [];
  const myCall = v.phase === 'auction' && legalCalls(c).size > 0;
  if ((myCall || (v.phase === 'play' && legalSet(c).size > 0)) && c.table.canHint) {
    out.push(h('button', { type: 'button', 'data-testid': 'hint-btn', onclick: () => c.send({ type: 'hint' }) }, t('table.hint')));
  }
  if (v.phase === 'play' && v.claim) {
    out.push(h('button', {
      type: 'button', 'data-testid': 'claim-btn', 'aria-expanded': c.ui.claimOpen ? 'true' : 'false',
      onclick: () => { c.ui.claimOpen = !c.ui.claimOpen; c.ui.concedeAsk = null; c.redraw(); },
    }, t('table.claim')));
  }
  return out;
}

// canPlayOut: a dummy (or the only human, once his side declares and his
// partner plays) may have the bots play the deal out at once.
export function canPlayOut(c) {
  const v = c.view;
  return v.phase === 'play' && !!c.seat && v.dummy === c.seat;
}

export function canUndo(c) {
  if (c.view.phase === 'over') return false;
  return !!c.table.canUndo;
}

export function side(c) {
  if (c.view.phase === 'auction') return null;
  return h('section', { class: 'auction-side', 'aria-label': t('table.bidding') }, auctionTable(c, 'small'));
}

export function sheetAlways() { return false; }

// padSides returns the pad's two columns: the player's side first (We,
// They), North-South first for a spectator.
function padSides(c) {
  if (c.seat) {
    const we = sideOf(c.seat);
    return [[we, t('side.we')], [we === 'NS' ? 'EW' : 'NS', t('side.they')]];
  }
  return [['NS', t('side.NS')], ['EW', t('side.EW')]];
}

// padKind names the kind of a pad entry ("slam bonus" is pad.kind.slamBonus).
function padKind(kind) {
  const key = 'pad.kind.' + String(kind || '').replace(/ (\w)/g, (_, x) => x.toUpperCase());
  return has(key) ? t(key) : String(kind || '');
}

function padEntry(e) {
  return h('li', { class: 'pad-entry', title: padKind(e.kind), 'aria-label': padKind(e.kind) + ': ' + e.points, dataset: { kind: e.kind, deal: String(e.deal) } }, String(e.points));
}

// rubberPad draws the classic rubber bridge score pad (protocol.BridgeSheet's
// pad): the bonuses, overtricks, penalties and honours above the line, the
// first nearest to it; the trick points below, game by game, with a line
// under each game won; the totals and the games won.
function rubberPad(c, sh) {
  const sides = padSides(c);
  const pad = sh.pad || [];
  const col = (side, list) => h('td', { class: 'pad-col' }, h('ol', { class: 'pad-list' }, list.filter((e) => e.side === side).map(padEntry)));
  const above = pad.filter((e) => !e.below);
  const tb = h('table', { class: 'pad rubber-pad', 'data-testid': 'rubber-pad' },
    h('thead', {}, h('tr', {}, sides.map(([side, name]) => h('th', { scope: 'col', dataset: { side } }, name)))));
  // Above the line: the latest at the top.
  tb.appendChild(h('tbody', { class: 'pad-above', 'data-testid': 'pad-above', 'aria-label': t('pad.above') },
    h('tr', {}, sides.map(([side]) => col(side, above.slice().reverse())))));
  const games = Math.max(0, ...pad.filter((e) => e.below).map((e) => e.game || 1));
  for (let g = 1; g <= games; g++) {
    const below = pad.filter((e) => e.below && (e.game || 1) === g);
    const sum = (side) => below.filter((e) => e.side === side).reduce((a, e) => a + e.points, 0);
    const won = g < games || sum('NS') >= 100 || sum('EW') >= 100;
    tb.appendChild(h('tbody', { class: 'pad-below' + (won ? ' game-won' : ''), 'data-testid': 'pad-game', 'aria-label': t('pad.game', { n: g }) },
      h('tr', {}, sides.map(([side]) => col(side, below)))));
  }
  const tot = sh.totals || {};
  const gw = sh.games || {};
  tb.appendChild(h('tfoot', {},
    h('tr', { class: 'total', 'data-testid': 'pad-total' }, sides.map(([side]) => h('td', { dataset: { side } }, String(tot[side] || 0)))),
    h('tr', { class: 'games', 'data-testid': 'pad-games' }, sides.map(([side]) => h('td', { dataset: { side } }, t('pad.games') + ': ' + (gw[side] || 0))))));
  return tb;
}

// chicagoSheet draws the four deals of a Chicago: the dealer and the
// vulnerability of each (deal 1 nobody, 2 and 3 the dealer's side, 4
// both; bridge/scoring/chicago.go), the contract and what each side scored,
// and the totals. A passed-out deal is dealt again by the same dealer.
function chicagoSheet(c, sh) {
  const sides = padSides(c);
  const seats = ['N', 'E', 'S', 'W'];
  const played = (sh.lines || []).filter((l) => l.contract && l.contract !== 'Pass');
  const tb = h('table', { class: 'sheet-table chicago', 'data-testid': 'chicago-sheet' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('sheet.deal')), h('th', { scope: 'col' }, t('sheet.dealer')), h('th', { scope: 'col' }, t('vul.label')),
      h('th', { scope: 'col' }, t('contract.label')),
      sides.map(([side, name]) => h('th', { scope: 'col', dataset: { side } }, name)))));
  const body = h('tbody');
  for (let n = 1; n <= 4; n++) {
    const dealer = seats[(n - 1) % 4];
    const vul = n === 1 ? 'None' : n === 4 ? 'All' : sideOf(dealer);
    const l = played[n - 1];
    const pts = (l && l.points) || {};
    body.appendChild(h('tr', { 'data-testid': 'chicago-deal', dataset: { vul, dealer } },
      h('td', {}, String(n)), h('td', {}, seatName(dealer)), h('td', {}, t('vul.' + vul)),
      h('td', {}, l ? contractText(l.contract) + ' ' + seatName(l.declarer) + ' · ' + tn('contract.tricks', l.tricks) : ''),
      sides.map(([side]) => h('td', { dataset: { side } }, l ? String(pts[side] || 0) : ''))));
  }
  const tot = sh.totals || {};
  body.appendChild(h('tr', { class: 'total', 'data-testid': 'chicago-total' }, h('th', { scope: 'row', colspan: '4' }, t('belote.total')),
    sides.map(([side]) => h('td', { dataset: { side } }, String(tot[side] || 0)))));
  tb.appendChild(body);
  return tb;
}

export function sheet(c) {
  const sh = c.table.sheet || {};
  if (sh.scoring === 'rubber') return rubberPad(c, sh);
  if (sh.scoring === 'chicago') return chicagoSheet(c, sh);
  const lines = sh.lines || [];
  const tb = h('table', { class: 'sheet-table' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract.label')),
      h('th', { scope: 'col' }, t('history.result')), h('th', { scope: 'col' }, t('side.NS')), h('th', { scope: 'col' }, t('side.EW')))));
  const body = h('tbody');
  for (const l of lines) {
    const pts = l.points || {};
    // Results as players write them: "4♠ South", "=", "+1", "−2".
    body.appendChild(h('tr', {},
      h('td', {}, String(l.board)),
      h('td', {}, l.contract === 'Pass' ? t('contract.passedOut') : contractText(l.contract) + ' ' + (l.declarer ? seatName(l.declarer) : '')),
      h('td', { 'data-testid': 'sheet-result', title: l.contract === 'Pass' ? '' : tn('contract.tricks', l.tricks) }, l.contract === 'Pass' ? '' : resultMark(l.contract, l.tricks)),
      h('td', {}, pts.NS ? String(pts.NS) : ''),
      h('td', {}, pts.EW ? String(pts.EW) : '')));
  }
  const tot = sh.totals || {};
  body.appendChild(h('tr', { class: 'total' }, h('th', { scope: 'row', colspan: '3' }, t('belote.total')),
    h('td', {}, String(tot.NS || 0)), h('td', {}, String(tot.EW || 0))));
  tb.appendChild(body);
  return tb;
}

export function dealOver(c) {
  const v = c.view;
  if (v.phase !== 'over') return null;
  const r = v.result || {};
  const hands = parsePBNDeal(v.deal);
  const analysis = c.ui.analysis[c.table.deal] || null;
  const costly = new Set(analysis && analysis.costly ? analysis.costly.map((x) => x.card) : []);
  const sh = c.table.sheet || {};
  let resultText;
  if (!r.contract || r.contract === 'Pass') resultText = t('contract.passedOut');
  else resultText = t('contract.by', { contract: contractText(r.contract), seat: seatName(r.declarer) }) + ' ' + resultMark(r.contract, r.tricks) + ': ' + tn('contract.tricks', r.tricks) + (r.claimed ? ' (' + t('table.claim') + ')' : '');
  const diagram = h('div', { class: 'diagram', 'aria-label': t('table.dealOver'), role: 'group' },
    ['N', 'W', 'E', 'S'].map((s) => h('div', { class: 'd-' + s }, h('div', { class: 'd-seat' }, seatName(s)), handBySuit(hands[s] || [], t('a11y.handOf', { seat: seatName(s) }), costly))));
  const panel = h('section', { class: 'deal-over', 'data-testid': 'deal-over', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'over-title' },
    h('h2', { id: 'over-title' }, t('table.dealOver')),
    h('p', { class: 'result', 'data-testid': 'deal-result' }, resultText),
    h('p', { class: 'score', 'data-testid': 'deal-score' }, t('a11y.score', { side: sideName('NS'), n: r.scoreNS || 0 })),
    c.table.sealed ? h('p', { class: 'muted', 'data-testid': 'deal-sealed' }, t('table.sealedDeal')) : null,
    h('div', { class: 'over-body' },
      diagram,
      analysis ? analysisUI.panel(analysis)
        : c.ui.analysisGaveUp[c.table.deal] ? h('p', { class: 'muted', 'data-testid': 'analysis-unavailable' }, analysisUI.unavailableText())
          : h('p', { class: 'muted', 'data-testid': 'analysis-pending', role: 'status' }, t('analysis.computing'))),
    sh.over ? h('p', { 'data-testid': 'game-over' }, t('table.gameOver')) : h('button', {
      type: 'button', class: 'primary next-deal', 'data-testid': 'next-deal',
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
    const mean = meaningOf(m, i);
    return t('a11y.called', { seat: seatName(seat), call: callName(b.auction[i]) }) + (mean ? '. ' + meaningText(mean) : '') + (b.turn === m.seat ? '. ' + t('table.yourTurn') : '');
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
