// table: the table screen shared by both games. It owns the WebSocket,
// keeps the last `state`, and redraws everything from it; the game modules
// (table-bridge.js, table-belote.js) draw the game-specific parts.

import { h, clear, mount, toast, announce, focusKey, refocus } from './dom.js';
import { t, tn, seatName, applyStatic, errorText } from './i18n.js';
import { TableSocket } from './ws.js';
import { api } from './api.js';
import { nextSeat, prevSeat, partnerSeat } from './cards.js';
import * as bridgeUI from './table-bridge.js';
import * as beloteUI from './table-belote.js';

let active = null;

// ANALYSIS_WAIT is how long a finished deal waits for its `analysis` (or
// `beloteAnalysis`) message before the panel says it is unavailable: the server sends none
// when its solver times out (60 s) or its queue is full. A test may shorten
// it with window.__atoutTest.analysisWait (milliseconds).
const ANALYSIS_WAIT = 90000;

function testHooks() {
  const x = typeof window !== 'undefined' ? window.__atoutTest : null;
  return x && typeof x === 'object' ? x : null;
}

// closeTable leaves the current table (route change).
// wideScreen reports whether the score sheet fits beside the table.
function wideScreen() {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(min-width: 1100px)').matches : false;
}

const SPEEDS = ['slow', 'normal', 'fast', 'instant'];

function storedSpeed() {
  try { const s = localStorage.getItem('atout.speed'); return SPEEDS.includes(s) ? s : ''; } catch (e) { return ''; }
}

// speedSelect chooses how fast the bots play; the choice is kept for the
// next tables.
function speedSelect(c) {
  const sel = h('select', {
    'data-testid': 'speed-select', 'aria-label': t('table.speed'),
    onchange: () => {
      try { localStorage.setItem('atout.speed', sel.value); } catch (e) { /* not kept */ }
      c.send({ type: 'speed', speed: sel.value });
    },
  });
  for (const s of SPEEDS) sel.appendChild(h('option', { value: s, selected: s === (c.table.speed || 'normal') }, t('table.speed.' + s)));
  return h('label', { class: 'speed' }, t('table.speed'), ' ', sel);
}

// beloteTarget is a belote mode's default target (belote.DefaultTarget).
export function beloteTarget(mode) { return mode === 'coinche' ? 2000 : 1000; }

// settingsLine shows the game's settings (the state's table.settings,
// protocol.TableSettings): bridge, the scoring and the match's length;
// belote, the mode, the rules, the announcements and the target.
function settingsLine(c) {
  const s = c.table.settings || {};
  const sh = c.table.sheet || {};
  const out = [];
  if (c.game === 'bridge') {
    const sc = s.scoring || sh.scoring || 'duplicate';
    out.push(['scoring', t('scoring.' + sc)]);
    out.push(['length', sc === 'duplicate' ? tn('settings.boards', s.boards || sh.boards || 8) : t('settings.' + sc)]);
  } else {
    const mode = s.mode || 'classic';
    out.push(['mode', t('mode.' + mode)], ['rules', t('rules.' + (s.rules || 'maison'))],
      ['announcements', s.announcements ? t('lobby.announcements') : t('settings.noAnnouncements')]);
    out.push(['target', sh.deals ? tn('history.deals', sh.deals) : t('lobby.target.value', { n: s.target || sh.target || beloteTarget(mode) })]);
  }
  return h('ul', { class: 'settings', 'data-testid': 'table-settings', 'aria-label': t('table.settings') },
    out.map(([k, text]) => h('li', { class: 'setting', dataset: { setting: k } }, text)));
}

// chatPanel is the table's chat: the lines said, newest last, and a box to
// say one. Text is always set as text, never as markup.
function chatPanel(c) {
  const log = h('ol', { class: 'chat-log', 'data-testid': 'chat-log', 'aria-live': 'polite' });
  for (const l of c.ui.chat) {
    log.appendChild(h('li', {}, h('span', { class: 'chat-name' }, (l.name || seatName(l.seat)) + ': '), h('span', { class: 'chat-text' }, l.text)));
  }
  const input = h('input', { type: 'text', maxlength: '300', 'data-testid': 'chat-input', 'aria-label': t('table.chat'), placeholder: t('table.chatPlaceholder') });
  const form = h('form', {
    class: 'chat-form',
    onsubmit: (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      c.send({ type: 'chat', text });
      input.value = '';
    },
  }, input, h('button', { type: 'submit', 'data-testid': 'chat-send' }, t('table.chatSend')));
  return h('section', { class: 'chat', 'data-testid': 'chat', 'aria-label': t('table.chat') }, h('h2', {}, t('table.chat')), log, form);
}

export function closeTable() {
  if (active) {
    active.socket.close();
    document.removeEventListener('keydown', active.onKey);
    active.stopTimers();
    active = null;
  }
}

// rememberInvite keeps the secret of an invitation link (/t/ID?invite=…)
// for the tab's session: it lets the guest take a bot's seat at table id.
export function rememberInvite(id, secret) {
  try { sessionStorage.setItem('atout.invite.' + id, secret); } catch (e) { /* storage off: no seat offered */ }
}

function invitation(id) {
  try { return sessionStorage.getItem('atout.invite.' + id) || ''; } catch (e) { return ''; }
}

// currentTable is the open table, for a redraw after a language switch.
export function redrawTable() { if (active) active.render(); }

// seatsOf returns the table's seats (protocol.TableInfo's seats, N, E, S,
// W) by seat: {N:{seat,name,bot,human,connected,you},...}.
export function seatsOf(table) {
  const out = {};
  for (const s of table.seats) out[s.seat] = s;
  return out;
}

// openTable shows table id and connects to it.
export function openTable(id) {
  closeTable();
  const root = h('section', { class: 'table-view', 'data-testid': 'table', 'aria-label': t('table.play') });
  mount(root);
  root.appendChild(h('p', { class: 'loading' }, t('common.loading')));

  const ui = { inflight: null, sentN: -1, showLast: false, hints: null, hintFor: -1, bidHint: null, analysis: {}, analysisGaveUp: {}, sheetOpen: wideScreen(), claimOpen: false, lastN: -1, dismissed: {}, undoAsk: false, chat: [], speedSent: false };
  // One timer per finished bridge deal waiting for its analysis.
  const waits = new Map();
  const tbl = { id, msg: null, ui, socket: null, connected: false };

  // A move, a claim or "next deal" is sent once per state: a double click
  // or a double tap on a card, a call or a button sends nothing more while
  // the first one waits for the table's answer (the state that moves on, an
  // error, the answer to a claim, or a new connection), so the table never
  // refuses a copy of a move it has just taken as "out of date".
  const ONCE = new Set(['act', 'claim', 'next']);
  const send = (msg) => {
    if (ONCE.has(msg.type)) {
      const n = tbl.msg ? tbl.msg.n : 0;
      if (ui.inflight && ui.inflight.n === n && ui.inflight.type === msg.type) return;
      ui.inflight = { n, type: msg.type, action: msg.action || '' };
      ui.sentN = n;
    }
    // A test may list what the table sends (window.__atoutTest.sent).
    const hk = testHooks();
    if (hk && Array.isArray(hk.sent)) hk.sent.push(msg);
    tbl.socket.send(msg);
  };
  const act = (action, seat) => {
    const m = tbl.msg;
    send({ type: 'act', action, seat: seat || (m && m.seat), n: m ? m.n : 0 });
  };

  const ctx = () => {
    const m = tbl.msg;
    return { msg: m, view: m.view, seat: m.seat, table: m.table, game: m.table.game, ui, act, send, redraw: render, seats: seatsOf(m.table) };
  };

  const render = () => {
    if (!tbl.msg) return;
    if (!tbl.msg.view && tbl.msg.table && tbl.msg.table.sealed) {
      // A competition's deal that this onlooker may not see yet.
      clear(root);
      root.appendChild(h('p', { class: 'notice', role: 'status', 'data-testid': 'table-sealed' }, t('table.sealed')));
      root.appendChild(h('a', { class: 'button-link', href: '#/', 'data-testid': 'leave-btn' }, t('table.leave')));
      return;
    }
    const sel = focusKey();
    const c = ctx();
    const mod = c.game === 'belote' ? beloteUI : bridgeUI;
    clear(root);
    root.dataset.game = c.game;
    root.dataset.n = String(c.msg.n);
    root.dataset.seat = c.seat || '';
    root.dataset.dealNo = String(c.table.deal || '');
    // Test and style hooks: the phase and the roles of the deal.
    for (const k of ['phase', 'declarer', 'dummy', 'deal']) delete root.dataset[k];
    Object.assign(root.dataset, mod.attrs(c));
    root.setAttribute('aria-label', t('game.' + c.game));

    // Someone without a seat watches: South at the bottom, and no seat is his.
    const me = c.seat || 'S';
    const watching = !c.seat;
    const pos = { bottom: me, left: nextSeat(me), top: partnerSeat(me), right: prevSeat(me) };

    const head = h('div', { class: 'table-head' },
      h('div', { class: 'info', 'data-testid': 'table-info' }, mod.info(c)),
      settingsLine(c),
      h('div', { class: 'conn ' + (tbl.connected ? 'on' : 'off'), 'data-testid': 'conn', role: 'status' },
        tbl.connected ? '' : t('table.reconnecting')));

    const felt = h('div', { class: 'felt', 'data-testid': 'felt' });
    for (const [p, s] of Object.entries(pos)) {
      const info = c.seats[s] || {};
      const turn = mod.turnOf(c) === s;
      const label = h('div', { class: 'seat-label' },
        h('span', { class: 'seat-name' }, seatName(s)),
        ' ',
        h('span', { class: 'player' }, s === c.seat ? t('seat.you') : (info.name || '')),
        info.bot ? h('span', { class: 'tag' }, t('bot.name', { level: t('bot.' + info.bot) })) : null,
        info.human && info.connected === false && s !== me ? h('span', { class: 'tag away' }, t('table.connectionLost')) : null,
        mod.seatTags(c, s),
        turn ? h('span', { class: 'turn-dot', 'aria-label': t('table.waitingFor', { seat: seatName(s) }), title: t('table.waitingFor', { seat: seatName(s) }) }) : null);
      felt.appendChild(h('div', {
        class: 'seat pos-' + p + (turn ? ' turn' : ''),
        'data-testid': 'seat-' + s, dataset: { seat: s },
        role: 'region', 'aria-label': seatName(s),
      }, label, mod.seatContent(c, s, p)));
    }
    felt.appendChild(h('div', { class: 'center', 'data-testid': 'trick-area', role: 'region', 'aria-label': t('a11y.trick') }, mod.center(c, pos)));
    root.appendChild(head);
    if (watching) root.appendChild(h('p', { class: 'watching', role: 'status', 'data-testid': 'watching' }, t('table.watching')));
    // The end of a deal comes first: the result, the full deal, the analysis.
    const over = mod.dealOver(c);
    if (over) root.appendChild(over);
    root.appendChild(felt);

    // A claim waiting for this player's answer, or for the opponents'.
    const cl = c.table.claim;
    if (cl && !(cl.waiting || []).includes(c.seat) && c.seat && (cl.by === c.seat || cl.by === partnerSeat(c.seat))) {
      root.appendChild(h('p', { class: 'claim-wait', role: 'status', 'data-testid': 'claim-wait' },
        t('table.claimSent', { n: cl.tricks })));
    }
    if (cl && (cl.waiting || []).includes(c.seat)) {
      root.appendChild(h('div', { class: 'claim-ask', role: 'alertdialog', 'data-testid': 'claim-ask' },
        h('span', {}, t('table.claimBy', { seat: seatName(cl.by), n: cl.tricks })),
        h('button', { type: 'button', class: 'primary', 'data-testid': 'claim-accept', onclick: () => send({ type: 'claim', accept: true }) }, t('table.claimAccept')),
        h('button', { type: 'button', 'data-testid': 'claim-reject', onclick: () => send({ type: 'claim', accept: false }) }, t('table.claimReject'))));
    }
    if (ui.undoAsk && c.table.canUndo && c.table.undoConfirm) {
      root.appendChild(h('div', { class: 'undo-ask', role: 'alertdialog', 'data-testid': 'undo-ask' },
        h('span', {}, t('table.undoToAuction')),
        h('button', { type: 'button', class: 'primary', 'data-testid': 'undo-yes', onclick: () => { ui.undoAsk = false; send({ type: 'undo', confirm: true }); } }, t('table.undo')),
        h('button', { type: 'button', 'data-testid': 'undo-no', onclick: () => { ui.undoAsk = false; render(); } }, t('common.cancel'))));
    } else {
      ui.undoAsk = false;
    }
    const controls = mod.controls(c);
    if (controls) root.appendChild(h('div', { class: 'controls' }, controls));

    const tools = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('table.scoreSheet') });
    if (mod.hasLastTrick(c)) {
      tools.appendChild(h('button', {
        type: 'button', 'data-testid': 'last-trick-btn', 'aria-pressed': ui.showLast ? 'true' : 'false',
        onclick: () => { ui.showLast = !ui.showLast; render(); },
      }, ui.showLast ? t('table.lastTrick') : t('table.lastTrick')));
    }
    for (const b of mod.tools(c)) tools.appendChild(b);
    if (mod.canUndo(c)) {
      tools.appendChild(h('button', {
        type: 'button', 'data-testid': 'undo-btn',
        onclick: () => {
          // Back from the play into the auction only when the player says so.
          if (c.table.undoConfirm) { ui.undoAsk = true; render(); return; }
          send({ type: 'undo' });
        },
      }, t('table.undo')));
    }
    if (c.seat && !c.table.over) tools.appendChild(speedSelect(c));
    if (mod.canPlayOut && mod.canPlayOut(c) && !c.table.playOut) {
      tools.appendChild(h('button', { type: 'button', 'data-testid': 'playout-btn', onclick: () => send({ type: 'speed', speed: 'playout' }) }, t('table.playOut')));
    }
    tools.appendChild(h('button', {
      type: 'button', 'data-testid': 'sheet-btn', 'aria-expanded': ui.sheetOpen ? 'true' : 'false',
      onclick: () => { ui.sheetOpen = !ui.sheetOpen; render(); },
    }, t('table.scoreSheet')));
    // The owner of a casual table invites; an invited guest takes a bot's seat.
    if (c.table.invite) {
      const link = location.origin + '/t/' + encodeURIComponent(id) + '?invite=' + encodeURIComponent(c.table.invite);
      tools.appendChild(h('button', {
        type: 'button', 'data-testid': 'invite-btn', 'data-link': link,
        onclick: async () => {
          try { await navigator.clipboard.writeText(link); toast(t('table.inviteCopied')); } catch (e) { window.prompt(t('table.inviteLink'), link); }
        },
      }, t('table.inviteLink')));
    }
    const inv = invitation(id);
    if (!c.seat && inv && !c.table.over) {
      for (const s of ['N', 'E', 'S', 'W']) {
        if (!(c.seats[s] || {}).bot) continue;
        tools.appendChild(h('button', {
          type: 'button', 'data-testid': 'sit-' + s,
          onclick: async () => {
            try { await api.post('/api/tables/' + encodeURIComponent(id) + '/sit', { seat: s, invite: inv }); } catch (e) { toast(errorText(e)); }
          },
        }, t('table.sitAt', { seat: seatName(s) })));
      }
    }
    tools.appendChild(h('a', { class: 'button-link', href: '#/', 'data-testid': 'leave-btn' }, t('table.leave')));
    root.appendChild(tools);

    const side = h('div', { class: 'side' });
    const extra = mod.side(c);
    if (extra) side.appendChild(extra);
    if (c.table.canChat) side.appendChild(chatPanel(c));
    if (ui.sheetOpen || mod.sheetAlways(c)) side.appendChild(h('section', { class: 'sheet', 'data-testid': 'score-sheet', 'aria-label': t('table.scoreSheet') }, h('h2', {}, t('table.scoreSheet')), mod.sheet(c)));
    if (side.firstChild) root.appendChild(side);

    applyStatic(root);
    refocus(root, sel);
    if (!root.contains(document.activeElement) || document.activeElement === document.body) {
      // Put the keyboard where the action is: the first playable card or call.
      const target = root.querySelector('[data-testid="next-deal"]') || root.querySelector('.hand button.legal') || root.querySelector('.bidbox button:not([disabled])');
      if (target && sel) target.focus({ preventScroll: true });
    }
  };
  tbl.render = render;

  // waitAnalysis starts the wait for the analysis of a finished deal; when nothing comes in time the panel says the analysis is
  // unavailable instead of "Analysing…" for ever.
  const waitAnalysis = (m) => {
    const v = m.view;
    // A belote deal all passed has no play to analyse.
    const over = m.table.game === 'bridge' ? v && v.phase === 'over'
      : !!(v && v.deal && v.deal.phase === 'done' && !v.deal.passed);
    if (!over) return;
    const deal = m.table.deal;
    if (ui.analysis[deal] || waits.has(deal) || ui.analysisGaveUp[deal]) return;
    const hooks = testHooks();
    const ms = hooks && typeof hooks.analysisWait === 'number' ? hooks.analysisWait : ANALYSIS_WAIT;
    waits.set(deal, setTimeout(() => {
      waits.delete(deal);
      if (ui.analysis[deal]) return;
      ui.analysisGaveUp[deal] = true;
      render();
    }, ms));
  };
  const stopTimers = () => {
    for (const id of waits.values()) clearTimeout(id);
    waits.clear();
  };

  const onMessage = (m) => {
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'state': {
        const prev = tbl.msg;
        tbl.msg = m;
        if (!prev || prev.n !== m.n) { ui.hints = null; ui.bidHint = null; ui.inflight = null; }
        // A call's explanation pinned in one deal is not carried to the next.
        if (prev && prev.table.deal !== m.table.deal) ui.explain = undefined;
        // The player's bot speed follows him from table to table.
        const want = storedSpeed();
        if (!ui.speedSent && m.seat && want && m.table.speed && want !== m.table.speed) {
          ui.speedSent = true;
          send({ type: 'speed', speed: want });
        }
        waitAnalysis(m);
        const c = ctx();
        const mod = c.game === 'belote' ? beloteUI : bridgeUI;
        const say = mod.describe && prev ? mod.describe(prev, m) : '';
        render();
        if (say) announce(say);
        break;
      }
      case 'error': {
        ui.inflight = null;
        // A move refused as out of date when the screen shows a newer state
        // than the one it was sent from: the screen is up to date already,
        // there is nothing to tell.
        if (m.code === 'stale' && tbl.msg && ui.sentN >= 0 && tbl.msg.n > ui.sentN) break;
        // The server's message is already translated; the catalog by code
        // is the fallback.
        toast(errorText(m));
        break;
      }
      case 'hint':
        // A card hint gives the tricks of the player's side for each card;
        // a bidding hint the bots' call and its meaning.
        ui.hints = m.call ? null : (m.ours || m.cards || {});
        ui.bidHint = m.call ? { call: m.call, means: m.means || null } : null;
        ui.hintFor = tbl.msg ? tbl.msg.n : -1;
        render();
        announce(t('table.hint'));
        break;
      case 'claim':
        ui.inflight = null;
        // The answer to a claim, whoever made it.
        toast(m.accepted ? t('table.claimAccepted', { n: m.tricks })
          : t('table.claimNot.' + (m.reason || 'refused'), { seat: seatName(m.by), n: m.tricks }));
        break;
      case 'chat':
        ui.chat.push(m);
        if (ui.chat.length > 100) ui.chat.shift();
        render();
        break;
      case 'analysis':
      case 'beloteAnalysis': {
        const deal = m.deal;
        ui.analysis[deal] = m;
        // A late analysis still shows.
        delete ui.analysisGaveUp[deal];
        if (waits.has(deal)) { clearTimeout(waits.get(deal)); waits.delete(deal); }
        render();
        break;
      }
      default:
        break;
    }
  };
  // gone shows, in place of a table that does not exist (or that this
  // user may not watch), what is wrong and the way back to the lobby,
  // instead of "Loading…" for ever.
  const gone = (e) => {
    tbl.socket.close();
    clear(root);
    root.dataset.gone = 'true';
    const missing = e.status === 404 || e.code === 'not_found';
    root.appendChild(h('div', { class: 'table-gone', role: 'alert', 'data-testid': 'table-gone' },
      h('h1', {}, missing ? t('error.not_found') : errorText(e)),
      missing ? h('p', {}, t('table.notFound')) : null,
      h('a', { class: 'button-link primary', href: '#/', 'data-testid': 'to-lobby' }, t('table.toLobby'))));
  };
  // A connection that fails before the first state may be to a table that
  // is not there: the table's page says so (404), or why it may not be
  // watched; a network failure is retried as before.
  let asking = false;
  const checkTable = async () => {
    if (asking) return;
    asking = true;
    try {
      await api.get('/api/tables/' + encodeURIComponent(id));
    } catch (e) {
      if (active && active.socket === tbl.socket && !tbl.msg && e && [403, 404, 410].includes(e.status)) { gone(e); return; }
    }
    // Asked again at a later failure.
    setTimeout(() => { asking = false; }, 2000);
  };
  const onStatus = (up) => {
    tbl.connected = up;
    // A new connection gets a fresh state: nothing is waiting any more.
    ui.inflight = null;
    if (!up && !tbl.msg) checkTable();
    const el = root.querySelector('[data-testid="conn"]');
    if (el) {
      el.className = 'conn ' + (up ? 'on' : 'off');
      el.textContent = up ? '' : t('table.reconnecting');
    }
  };
  tbl.socket = new TableSocket(id, onMessage, onStatus);
  // Browser tests feed the table messages the server would send (an
  // analysis, an error) through window.__atoutTest.inject, when they set
  // window.__atoutTest before opening the table.
  const hooks = testHooks();
  if (hooks) {
    hooks.inject = (m) => onMessage(m);
    // The last state, for a test to inject a variant of it.
    hooks.last = () => tbl.msg;
  }

  const onKey = (ev) => {
    if (!tbl.msg || !tbl.msg.view || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = (ev.target && ev.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const c = ctx();
    const mod = c.game === 'belote' ? beloteUI : bridgeUI;
    if (mod.keydown && mod.keydown(c, ev, root)) ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  active = { socket: tbl.socket, onKey, render, stopTimers };
}
