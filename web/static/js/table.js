// table: the table screen shared by both games. It wires the parts in
// table/: the connection (connection.js) keeps the last `state`, the
// message handler (messages.js) updates the screen's own state, and the
// screen (screen.js) redraws everything from them; the game modules
// (table/bridge/, table/belote/) draw the game-specific parts.

import { h, mount } from './dom.js';
import { t } from './i18n.js';
import { sender, connect } from './table/connection.js';
import { handler } from './table/messages.js';
import { draw } from './table/screen.js';
import { analysisWaits } from './table/dealanalysis.js';
import { sheetOpenAtFirst } from './table/side.js';
import { keyHandler } from './table/keys.js';
import { testHooks } from './table/hooks.js';

export { rememberInvite } from './table/invite.js';
export { beloteTarget } from './table/header.js';
export { seatsOf } from './table/seats.js';

let active = null;

// closeTable leaves the current table (route change).
export function closeTable() {
  if (active) {
    active.socket.close();
    document.removeEventListener('keydown', active.onKey);
    active.waits.stop();
    active = null;
  }
}

// redrawTable redraws the open table, after a language switch, and
// connects again: the server words the calls' meanings in the reader's
// language only, so the next state brings them in the new one.
export function redrawTable() {
  if (!active) return;
  active.render();
  if (active.socket) active.socket.reconnect();
}

// newUI is the screen's own state at a table: what was sent and awaits an
// answer, the hints, the analyses, the open panels and questions, the chat.
function newUI() {
  return { inflight: null, sentN: -1, showLast: false, hints: null, hintFor: -1, bidHint: null, analysis: {}, analysisGaveUp: {}, sheetOpen: sheetOpenAtFirst(), claimOpen: false, lastN: -1, dismissed: {}, undoAsk: false, chat: [], speedSent: false };
}

// openTable shows table id and connects to it.
export function openTable(id) {
  closeTable();
  const root = h('section', { class: 'table-view', 'data-testid': 'table', 'aria-label': t('table.play') });
  mount(root);
  root.appendChild(h('p', { class: 'loading' }, t('common.loading')));

  const tbl = { id, root, msg: null, ui: newUI(), socket: null, connected: false };
  tbl.render = () => draw(tbl);
  Object.assign(tbl, sender(tbl));
  const waits = analysisWaits(tbl.ui, tbl.render);
  const onMessage = handler(tbl, waits);
  tbl.socket = connect(tbl, onMessage, () => active && active.socket === tbl.socket);
  // Browser tests feed the table messages the server would send (an
  // analysis, an error) through window.__atoutTest.inject, when they set
  // window.__atoutTest before opening the table.
  const hooks = testHooks();
  if (hooks) {
    hooks.inject = (m) => onMessage(m);
    // The last state, for a test to inject a variant of it.
    hooks.last = () => tbl.msg;
  }
  const onKey = keyHandler(tbl);
  document.addEventListener('keydown', onKey);
  active = { socket: tbl.socket, onKey, render: tbl.render, waits };
}
