// messages: what the table does with each message from the server (the
// protocol's server messages): a new state is drawn, an error told, a
// hint shown on the cards or the bidding box, a claim's answer told, a
// chat line added, an analysis shown.

import { toast, announce } from '../dom.js';
import { t, errorText } from '../i18n.js';
import { context, gameUI } from './context.js';
import { followSpeed } from './speed.js';
import { claimAnswer } from './claims.js';
import { addLine } from './chat.js';
import { showConnection } from './header.js';
import { onMeanings } from './bridge/boxmeanings.js';

// handler returns the message listener of table tbl; waits are its
// analysis waits.
export function handler(tbl, waits) {
  const on = {
    state: (m) => onState(tbl, waits, m),
    error: (m) => onError(tbl, m),
    hint: (m) => onHint(tbl, m),
    meanings: (m) => onMeanings(tbl, m),
    claim: (m) => {
      tbl.ui.inflight = null;
      toast(claimAnswer(m));
    },
    chat: (m) => { addLine(tbl.ui, m); tbl.render(); },
    analysis: (m) => { waits.arrived(m); tbl.render(); },
    beloteAnalysis: (m) => { waits.arrived(m); tbl.render(); },
    moving: () => onMoving(tbl),
  };
  return (m) => {
    if (!m || typeof m !== 'object' || !Object.hasOwn(on, m.type)) return;
    on[m.type](m);
  };
}

// onMoving: the table is moving to another server (a cluster's node
// stopped); the connection stays, and the next state says it is back.
function onMoving(tbl) {
  tbl.moving = true;
  const el = tbl.root.querySelector('[data-testid="conn"]');
  if (el) showConnection(el, tbl.connected, true);
  else toast(t('table.moving'));
  announce(t('table.moving'));
}

function onState(tbl, waits, m) {
  const ui = tbl.ui;
  tbl.moving = false;
  const prev = tbl.msg;
  tbl.msg = m;
  if (!prev || prev.n !== m.n) { ui.hints = null; ui.bidHint = null; ui.inflight = null; }
  // A call's explanation pinned in one deal is not carried to the next.
  if (prev && prev.table.deal !== m.table.deal) ui.explain = undefined;
  const c = context(tbl);
  // The player's bot speed follows him from table to table.
  followSpeed(c);
  waits.start(m);
  const mod = gameUI(c);
  const say = mod.describe && prev ? mod.describe(prev, m) : '';
  tbl.render();
  if (say) announce(say);
}

function onError(tbl, m) {
  const ui = tbl.ui;
  ui.inflight = null;
  // A move refused as out of date when the screen shows a newer state
  // than the one it was sent from: the screen is up to date already,
  // there is nothing to tell.
  if (m.code === 'stale' && tbl.msg && ui.sentN >= 0 && tbl.msg.n > ui.sentN) return;
  // The server's message is already translated; the catalog by code is
  // the fallback.
  toast(errorText(m));
}

// onHint: a card hint gives the tricks of the player's side for each
// card; a bidding hint the bots' call and its meaning.
function onHint(tbl, m) {
  const ui = tbl.ui;
  ui.hints = m.call ? null : (m.ours || m.cards || {});
  ui.bidHint = m.call ? { call: m.call, means: m.means || null } : null;
  ui.hintFor = tbl.msg ? tbl.msg.n : -1;
  tbl.render();
  announce(t('table.hint'));
}
