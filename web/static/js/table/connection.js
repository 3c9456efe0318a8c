// connection: the table's WebSocket as the screen uses it: a move, a claim
// or "next deal" sent once per state, the connection's status, and, when
// the first connection fails, the check that the table is there at all.

import { h, clear } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { TableSocket } from '../ws.js';
import { api } from '../api.js';
import { testHooks } from './hooks.js';
import { showConnection } from './header.js';

// ONCE are the messages sent once per state: a double click or a double
// tap on a card, a call or a button sends nothing more while the first one
// waits for the table's answer (the state that moves on, an error, the
// answer to a claim, or a new connection), so the table never refuses a
// copy of a move it has just taken as "out of date".
const ONCE = new Set(['act', 'claim', 'next']);

// sender returns the table's send(msg) and act(action, seat).
export function sender(tbl) {
  const ui = tbl.ui;
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
  return { send, act };
}

// connect opens the table's socket; onMessage gets every message.
// isCurrent reports whether tbl is still the open table.
export function connect(tbl, onMessage, isCurrent) {
  const check = tableCheck(tbl, isCurrent);
  const onStatus = (up) => {
    tbl.connected = up;
    if (!up) tbl.moving = false; // a new connection says it again
    // A new connection gets a fresh state: nothing is waiting any more.
    tbl.ui.inflight = null;
    if (!up && !tbl.msg) check();
    showConnection(tbl.root.querySelector('[data-testid="conn"]'), up, tbl.moving);
  };
  return new TableSocket(tbl.id, onMessage, onStatus);
}

// tableCheck returns the check made when a connection fails before the
// first state: the table may not be there. The table's page says so (404),
// or why it may not be watched; a network failure is retried as before.
function tableCheck(tbl, isCurrent) {
  let asking = false;
  return async () => {
    if (asking) return;
    asking = true;
    try {
      await api.get('/api/tables/' + encodeURIComponent(tbl.id));
    } catch (e) {
      if (isCurrent() && !tbl.msg && e && [403, 404, 410].includes(e.status)) { gone(tbl, e); return; }
    }
    // Asked again at a later failure.
    setTimeout(() => { asking = false; }, 2000);
  };
}

// gone shows, in place of a table that does not exist (or that this user
// may not watch), what is wrong and the way back to the lobby, instead of
// "Loading…" for ever.
function gone(tbl, e) {
  tbl.socket.close();
  const root = clear(tbl.root);
  root.dataset.gone = 'true';
  const missing = e.status === 404 || e.code === 'not_found';
  root.appendChild(h('div', { class: 'table-gone', role: 'alert', 'data-testid': 'table-gone' },
    h('h1', {}, missing ? t('error.not_found') : errorText(e)),
    missing ? h('p', {}, t('table.notFound')) : null,
    h('a', { class: 'button-link primary', href: '#/', 'data-testid': 'to-lobby' }, t('table.toLobby'))));
}
