// history: the list of the user's games, exports, and a step-by-step replay
// of any deal built from the stored record (the deal and its moves).

import { api } from './api.js';
import { h, mount, clear } from './dom.js';
import { t, seatName, cardName, callName, callShort, beloteActionName, errorText, suitSymbol, rankText } from './i18n.js';
import * as analysisUI from './analysis.js';
import { parsePBNDeal, sortCards, handStatic, handBySuit, cardStatic, nextSeat, prevSeat } from './cards.js';
import { fmtDate } from './lobby.js';
import { meaningOf, meaningText } from './table/bridge/meaning.js';
import { summaryText, settingsText } from './gamesum.js';

// The shapes read here are protocol.Games, protocol.GameSummary,
// protocol.GameRecord and protocol.DealRecord (docs/protocol.md).

// moveOf reads a move of a DealRecord: "S 1NT".
function moveOf(m) {
  const i = m.indexOf(' ');
  return { seat: m.slice(0, i), action: m.slice(i + 1) };
}

export async function showHistory() {
  const list = h('tbody');
  const more = h('button', { type: 'button', hidden: true, 'data-testid': 'history-more' }, '…');
  const table = h('table', { class: 'history', 'data-testid': 'history' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('history.date')), h('th', { scope: 'col' }, t('lobby.game')),
      h('th', { scope: 'col' }, t('history.result')), h('th', { scope: 'col' }, t('history.replay')),
      h('th', { scope: 'col' }, t('history.export')))), list);
  mount(h('section', { class: 'page' }, h('h1', {}, t('history.myGames')), table, more));

  let before = '';
  const page = async () => {
    let res;
    try {
      res = await api.get('/api/games?limit=20' + (before ? '&before=' + encodeURIComponent(before) : ''));
    } catch (e) {
      list.appendChild(h('tr', {}, h('td', { colspan: '5' }, t('err.network'))));
      return;
    }
    const games = res.games || [];
    before = res.next;
    more.hidden = !before;
    if (!games.length && !list.childNodes.length) {
      list.appendChild(h('tr', {}, h('td', { colspan: '5', class: 'muted' }, t('history.noGames'))));
      return;
    }
    for (const g of games) {
      const id = g.id;
      const kind = g.game;
      const finished = g.status === 'finished';
      const exports = kind === 'bridge' ? [['pbn', 'PBN'], ['lin', 'LIN']] : [['json', 'JSON']];
      // The result: the contracts and their results (bridge) or the score
      // (belote); an open game's so far, read from its record.
      const result = h('td', { 'data-testid': 'history-result' }, finished ? '' : t('history.inProgress'));
      summaryText(g).then((txt) => { result.textContent = txt; });
      list.appendChild(h('tr', { dataset: { game: id } },
        h('td', {}, fmtDate(g.created)),
        h('td', {}, settingsText(g)),
        result,
        h('td', {}, h('a', { href: '#/replay/' + encodeURIComponent(id), 'data-testid': 'replay-link' }, t('history.replay')),
          finished ? null : [' ', h('a', { href: '#/t/' + encodeURIComponent(id), 'data-testid': 'resume-link' }, t('lobby.resume'))]),
        h('td', {}, exports.map(([f, label]) => [h('a', {
          href: '/api/games/' + encodeURIComponent(id) + '/export?format=' + f, download: '', 'data-testid': 'export-' + f,
        }, label), ' ']))));
    }
  };
  more.addEventListener('click', page);
  await page();
}

// ---- replay ----

// bridgeSteps turns a bridge deal and its moves into displayable positions.
function bridgeSteps(raw, moves) {
  const hands = parsePBNDeal(raw.deal);
  const dealer = raw.dealer || 'N';
  const steps = [];
  const cur = { N: hands.N.slice(), E: hands.E.slice(), S: hands.S.slice(), W: hands.W.slice() };
  const auction = [];
  let trick = [];
  let played = 0;
  const snap = (label, play) => steps.push({
    hands: { N: cur.N.slice(), E: cur.E.slice(), S: cur.S.slice(), W: cur.W.slice() },
    auction: auction.slice(), trick: trick.slice(), label, play,
  });
  snap('');
  for (const m of moves) {
    const { seat, action: a } = moveOf(m);
    if (/^[SHDC][AKQJT2-9]$/.test(a)) {
      if (trick.length === 4) trick = [];
      cur[seat] = cur[seat].filter((c) => c !== a);
      // The trick number (1-based) as in the analysis' costly cards.
      const trickNo = Math.floor(played / 4) + 1;
      played++;
      trick.push({ seat, card: a, trick: trickNo });
      snap(t('a11y.played', { seat: seatName(seat), card: cardName(a) }), { seat, card: a, trick: trickNo });
    } else if (/^claim/.test(a)) {
      snap(t('table.claim') + ' ' + a.replace(/^claim[_ ]?/, ''));
    } else {
      auction.push(a);
      snap(t('a11y.called', { seat: seatName(seat), call: callName(a) }));
    }
  }
  return { steps, dealer, kind: 'bridge' };
}

// beloteHands deals a belote deck as the engine does: packets of 3 and 2
// (then 3 more in no-trump and coinche) from the dealer's right, counter-
// clockwise; in classic the turned card and the rest go out after the take.
function beloteDeal(deck, dealer, mode) {
  const hands = { N: [], E: [], S: [], W: [] };
  let pos = 0;
  const packets = mode === 'classic' ? [3, 2] : [3, 2, 3];
  for (const n of packets) {
    let s = prevSeat(dealer);
    for (let i = 0; i < 4; i++) { for (let k = 0; k < n; k++) hands[s].push(deck[pos++]); s = prevSeat(s); }
  }
  return hands;
}

function beloteComplete(hands, deck, dealer, taker) {
  let pos = 21;
  let s = prevSeat(dealer);
  for (let i = 0; i < 4; i++) {
    let n = 3;
    if (s === taker) { hands[s].push(deck[20]); n = 2; }
    for (let k = 0; k < n; k++) hands[s].push(deck[pos++]);
    s = prevSeat(s);
  }
}

function beloteSteps(raw, moves, mode) {
  const deck = raw.deck || [];
  const dealer = raw.dealer || 'N';
  const cur = beloteDeal(deck, dealer, mode);
  const turned = mode === 'classic' ? deck[20] : null;
  const steps = [];
  const calls = [];
  let trick = [];
  let played = 0;
  let completed = mode !== 'classic';
  const snap = (label, play) => steps.push({
    hands: { N: cur.N.slice(), E: cur.E.slice(), S: cur.S.slice(), W: cur.W.slice() },
    auction: calls.slice(), trick: trick.slice(), label, turned: completed ? null : turned, play,
  });
  snap('');
  let lastTaker = null;
  for (const m of moves) {
    const { seat, action: said } = moveOf(m);
    // A card may carry what its player said with it ("HK belote d1"); a
    // claim ends the play.
    const a = String(said).split(' ')[0];
    if (a === 'claim') continue;
    if (/^[SHDC][AKQJT987]$/.test(a)) {
      if (!completed) { beloteComplete(cur, deck, dealer, lastTaker); completed = true; }
      if (trick.length === 4) trick = [];
      cur[seat] = cur[seat].filter((c) => c !== a);
      // The trick number (1-based) as in the analysis' costly cards.
      const trickNo = Math.floor(played / 4) + 1;
      played++;
      trick.push({ seat, card: a, trick: trickNo });
      snap(t('a11y.played', { seat: seatName(seat), card: cardName(a) }), { seat, card: a, trick: trickNo });
    } else {
      if (a !== 'pass' && a !== 'coinche' && a !== 'surcoinche') lastTaker = seat;
      calls.push({ seat, action: a });
      snap(t('a11y.called', { seat: seatName(seat), call: beloteActionName(a) }));
    }
  }
  return { steps, dealer, kind: 'belote' };
}

// showReplay opens the replay of game id at its first deal's first step,
// or, given a deal number (the record's deals[i].no) and a step (the number
// of moves made), at that step of that deal: the link of a profile's
// costliest deal (#/replay/ID/N/S).
export async function showReplay(id, openNo, openStep) {
  const root = h('section', { class: 'page replay', 'data-testid': 'replay' }, h('h1', {}, t('history.replay')), h('p', {}, t('common.loading')));
  mount(root);
  let rec;
  try {
    rec = await api.get('/api/games/' + encodeURIComponent(id));
  } catch (e) {
    clear(root).appendChild(h('p', { class: 'error' }, errorText(e)));
    return;
  }
  const kind = rec.game;
  const settings = rec.settings || {};
  const deals = rec.deals;
  // A replay opens at the first step of the first deal, or at the deal
  // and step asked for.
  let dealIdx = openNo > 0 ? Math.max(0, deals.findIndex((d) => d.no === openNo)) : 0;
  let stepIdx = 0;
  let data = null;
  let analysis = null; // the current deal's stored analysis (double dummy, or belote all cards open)
  let costly = new Map(); // costlyKey(trick, card) → costly entry
  // Bridge: the deal's number, vulnerability and calls' meanings; the
  // double-dummy value of the legal cards at each step of the play, asked
  // of the server once per step.
  let dealNo = 0;
  let vul = 'None';
  let explanations = [];
  let values = new Map(); // step → {seat, cards} or 'pending' / 'failed'
  const auctionBox = h('section', { class: 'replay-auction-box', 'data-testid': 'replay-auction', 'aria-label': t('conv.auction') });
  const valuesBox = h('p', { class: 'replay-values', 'data-testid': 'replay-values', 'aria-live': 'polite' });
  const analysisBox = h('section', { class: 'replay-analysis', 'aria-label': t(kind === 'bridge' ? 'analysis.ddTable' : 'analysis.beloteCostly') });

  const board = h('div', { class: 'replay-board' });
  const sel = h('select', { 'data-testid': 'replay-deal', 'aria-label': t('history.replay') },
    deals.map((d, i) => {
      const no = d.no;
      // a tournament table's deal n may be another board of the set
      const bn = Array.isArray(settings.boardNumbers) && settings.boardNumbers[no - 1] || no;
      return h('option', { value: String(i) }, kind === 'bridge' ? t('table.board', { n: bn }) : t('table.deal', { n: no }));
    }));
  const counter = h('span', { class: 'counter', 'data-testid': 'replay-step', role: 'status' });
  const label = h('p', { class: 'replay-label', 'aria-live': 'polite' });

  const load = () => {
    const d = deals[dealIdx];
    if (!d) { data = { steps: [] }; return; }
    const raw = d.deal || {};
    const moves = d.moves;
    data = kind === 'belote' ? beloteSteps(raw, moves, settings.mode || 'classic') : bridgeSteps(raw, moves);
    stepIdx = 0;
    values = new Map();
    dealNo = d.no;
    vul = raw.vul || 'None';
    explanations = d.explanations || [];
    // The analysis stored with the deal's result (the live message's shape).
    const res = d.result;
    analysis = res && res.analysis && res.analysis.type === (kind === 'bridge' ? 'analysis' : 'beloteAnalysis') ? res.analysis : null;
    costly = new Map();
    for (const x of (analysis && analysis.costly) || []) costly.set(analysisUI.costlyKey(x.trick, x.card), x);
    clear(analysisBox);
    analysisBox.hidden = !analysis;
    if (analysis) {
      analysisBox.appendChild((kind === 'bridge' ? analysisUI.panel : analysisUI.belotePanel)(analysis, (x) => {
        // Jump to the costly card.
        const i = data.steps.findIndex((st) => st.play && st.play.trick === x.trick && st.play.card === x.card);
        if (i >= 0) go(i);
      }));
    }
  };

  const costText = (x) => (kind === 'bridge' ? analysisUI.costText(x) : analysisUI.beloteCostText(x));

  const draw = () => {
    clear(board);
    const st = data.steps[stepIdx];
    counter.textContent = t('history.step', { n: stepIdx, total: Math.max(0, data.steps.length - 1) });
    if (!st) return;
    const cost = st.play ? costly.get(analysisUI.costlyKey(st.play.trick, st.play.card)) : null;
    label.textContent = st.label + (cost ? ' — ' + costText(cost) : '');
    label.classList.toggle('costly-step', !!cost);
    const felt = h('div', { class: 'felt small' });
    const pos = { top: 'N', left: 'W', right: 'E', bottom: 'S' };
    const trumpless = kind === 'belote' ? 'ATKQJ987' : undefined;
    for (const [p, s] of Object.entries(pos)) {
      // The side hands as suit lines: a row of 13 cards does not fit a
      // side column (nor half a phone).
      const cards = sortCards(st.hands[s], trumpless);
      const label = t('a11y.handOf', { seat: seatName(s) });
      felt.appendChild(h('div', { class: 'seat pos-' + p }, h('div', { class: 'seat-label' }, seatName(s)),
        p === 'left' || p === 'right' ? handBySuit(cards, label) : handStatic(cards, label)));
    }
    const center = h('div', { class: 'center' });
    if (st.trick.length) {
      const tr = h('div', { class: 'trick' });
      const where = { N: 'top', W: 'left', E: 'right', S: 'bottom' };
      for (const pc of st.trick) {
        const bad = pc.trick && costly.has(analysisUI.costlyKey(pc.trick, pc.card));
        const el = cardStatic(pc.card, 'in-trick at-' + where[pc.seat] + (bad ? ' costly' : ''));
        if (bad) el.setAttribute('aria-label', costText(costly.get(analysisUI.costlyKey(pc.trick, pc.card))));
        tr.appendChild(el);
      }
      center.appendChild(tr);
    } else if (kind === 'bridge') {
      center.appendChild(h('p', { class: 'replay-auction' }, st.auction.map(callShort).join(' ')));
    } else {
      if (st.turned) center.appendChild(cardStatic(st.turned));
      center.appendChild(h('p', { class: 'replay-auction' }, st.auction.map((c) => c.seat + ' ' + beloteActionName(c.action)).join(', ')));
    }
    felt.appendChild(center);
    board.appendChild(felt);
    if (kind === 'bridge') {
      drawAuction(st);
      drawValues(st);
    }
  };

  // drawAuction shows the auction so far as a table, a column per seat
  // (West first, as BBO), with the dealer and the vulnerability, and each
  // call's meaning under it.
  const drawAuction = (st) => {
    clear(auctionBox);
    const dealer = data.dealer;
    const cols = ['W', 'N', 'E', 'S'];
    auctionBox.appendChild(h('p', { class: 'muted', 'data-testid': 'replay-auction-head' },
      t('table.dealer', { seat: seatName(dealer) }), ' · ', t('vul.' + vul)));
    const cells = [];
    for (let i = 0; i < cols.indexOf(dealer); i++) cells.push(h('td', {}, ''));
    const msg = { explanations, view: { auction: explanations.map((e) => e.call) } };
    const meanings = [];
    st.auction.forEach((c, i) => {
      const m = meaningOf(msg, i);
      const text = m ? meaningText(m) : '';
      if (text) meanings.push(h('li', {}, h('strong', {}, callName(c)), ' — ', text));
      cells.push(h('td', { title: text, 'data-testid': 'replay-call' }, callShort(c), text ? h('sup', { 'aria-hidden': 'true' }, String(meanings.length)) : null));
    });
    const rows = [];
    for (let i = 0; i < cells.length; i += 4) rows.push(h('tr', {}, cells.slice(i, i + 4)));
    auctionBox.appendChild(h('table', { class: 'history auction-table' },
      h('thead', {}, h('tr', {}, cols.map((s) => h('th', { scope: 'col', class: s === dealer ? 'dealer' : '' }, seatName(s))))),
      h('tbody', {}, rows)));
    if (meanings.length) auctionBox.appendChild(h('ol', { class: 'replay-meanings', 'data-testid': 'replay-meanings' }, meanings));
  };

  // drawValues shows, at a step of the card play, declarer's total tricks
  // after each legal card of the player to move (double dummy).
  const drawValues = (st) => {
    const inPlay = data.steps.slice(1, stepIdx + 1).some((x) => x.play) || (st.auction.length >= 4 && st.auction.slice(-3).every((c) => c === 'P') && st.auction.some((c) => c !== 'P'));
    clear(valuesBox);
    valuesBox.hidden = !inPlay || stepIdx === data.steps.length - 1;
    if (valuesBox.hidden) return;
    const step = stepIdx;
    const v = values.get(step);
    if (v === 'failed') { valuesBox.textContent = t('analysis.unavailable'); return; }
    if (!v || v === 'pending') {
      valuesBox.textContent = t('analysis.computing');
      if (!v) {
        // The answer belongs to this deal's cache, even if another deal is
        // shown by the time it comes.
        const cache = values;
        const done = (x) => { cache.set(step, x); if (values === cache && stepIdx === step) drawValues(data.steps[step]); };
        cache.set(step, 'pending');
        api.get('/api/games/' + encodeURIComponent(id) + '/deals/' + dealNo + '/values?step=' + step)
          .then(done, () => done('failed'));
      }
      return;
    }
    const cards = Object.entries(v.cards || {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (!v.seat || !cards.length) { valuesBox.hidden = true; return; }
    valuesBox.appendChild(h('strong', {}, t('history.values', { seat: seatName(v.seat) })));
    cards.forEach(([c, n], i) => {
      valuesBox.append(i ? ' · ' : ' ', h('span', { class: 'value suit-' + c[0].toLowerCase(), 'data-card': c, 'aria-label': cardName(c) + t('punct.colon') + n },
        suitSymbol(c[0]) + rankText(c.slice(1)) + ' ' + n));
    });
  };

  const go = (i) => { stepIdx = Math.max(0, Math.min(data.steps.length - 1, i)); draw(); };
  sel.addEventListener('change', () => { dealIdx = Number(sel.value); load(); go(0); });
  const nav = h('div', { class: 'replay-nav', role: 'toolbar', 'aria-label': t('history.replay') },
    h('button', { type: 'button', 'data-testid': 'replay-first', onclick: () => go(0) }, '⏮ ', t('history.toStart')),
    h('button', { type: 'button', 'data-testid': 'replay-prev', onclick: () => go(stepIdx - 1) }, '◀ ', t('history.stepBack')),
    counter,
    h('button', { type: 'button', 'data-testid': 'replay-next', onclick: () => go(stepIdx + 1) }, t('history.stepForward'), ' ▶'),
    h('button', { type: 'button', 'data-testid': 'replay-last', onclick: () => go(data.steps.length - 1) }, t('history.toEnd'), ' ⏭'));
  root.addEventListener('keydown', (ev) => {
    if (ev.target.tagName === 'SELECT') return;
    if (ev.key === 'ArrowRight') { go(stepIdx + 1); ev.preventDefault(); }
    if (ev.key === 'ArrowLeft') { go(stepIdx - 1); ev.preventDefault(); }
  });
  const exports = kind === 'bridge' ? [['pbn', 'PBN'], ['lin', 'LIN']] : [['json', 'JSON']];
  clear(root).append(h('h1', {}, t('history.replay') + ' · ' + t('game.' + kind)),
    h('div', { class: 'replay-head' }, sel, ' ', exports.map(([f, l]) => [h('a', { class: 'button-link', href: '/api/games/' + encodeURIComponent(id) + '/export?format=' + f, download: '' }, t('history.export') + ' ' + l), ' '])),
    nav, label, h('div', { class: 'replay-main' }, board, kind === 'bridge' ? h('div', { class: 'replay-side' }, auctionBox, valuesBox) : null), analysisBox);
  sel.value = String(dealIdx);
  load();
  if (openNo > 0 && openStep > 0) go(openStep);
  else draw();
}

export { nextSeat };
