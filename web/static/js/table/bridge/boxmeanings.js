// boxmeanings: what each call of the bidding box would mean in the bots'
// system before the player makes it (BBO's and Funbridge's meaning on
// hover): on a desktop on hover or focus of a call, on a phone on a long
// press or in the "?" mode, where a tap shows the meaning and a second
// button makes the call. The meanings are asked of the table once per
// position (protocol.Meanings: the meaning of each legal call, public) and
// kept for that position.

import { h } from '../../dom.js';
import { t, callName } from '../../i18n.js';
import { meaningOf, meaningText } from './meaning.js';

// LONG_PRESS is how long a press on a call shows its meaning instead of
// making it (ms).
const LONG_PRESS = 450;

// ASK_AGAIN is how long an unanswered request waits before a look at a
// call asks again (ms): a connection lost on the way.
const ASK_AGAIN = 5000;

// positionKey names the position the meanings are for: the deal, its
// dealer and vulnerability, and the calls so far.
function positionKey(table, v) {
  return [table && table.deal, v.board, v.dealer, v.vul, (v.auction || []).join(' ')].join('|');
}

// meaningsFor returns the cached meanings of c's position ({call:
// explanation}), or null.
function meaningsFor(c) {
  const bm = c.ui.boxMeanings;
  return bm && bm.key === positionKey(c.table, c.view) ? bm.calls : null;
}

// askMeanings asks the table for the meanings of the position on screen,
// once (again after ASK_AGAIN if force and still unanswered).
export function askMeanings(c, force) {
  const v = c.view;
  if (!v || v.phase !== 'auction' || meaningsFor(c)) return;
  const key = positionKey(c.table, v);
  const asked = c.ui.boxMeaningsAsked;
  if (asked && asked.key === key && !(force && Date.now() - asked.at > ASK_AGAIN)) return;
  c.ui.boxMeaningsAsked = { key, at: Date.now() };
  c.send({ type: 'meanings' });
}

// onMeanings keeps the table's answer (protocol.Meanings) when it is for
// the position on screen, and redraws.
export function onMeanings(tbl, m) {
  const msg = tbl.msg;
  if (!msg || !msg.view || m.n !== msg.n || !Array.isArray(m.calls)) return;
  const calls = {};
  for (const e of m.calls) if (e && typeof e.call === 'string') calls[e.call] = e;
  tbl.ui.boxMeanings = { key: positionKey(msg.table, msg.view), calls };
  tbl.render();
}

// meaningLine is the text shown for call: "1NT — 15–17 HCP, balanced".
function meaningLine(c, call) {
  const ms = meaningsFor(c);
  if (!ms) return callName(call) + ' — ' + t('box.meaningLoading');
  const e = ms[call];
  const m = e ? meaningOf({ explanations: [e], view: { auction: [call] } }, 0) : null;
  return callName(call) + ' — ' + meaningText(m);
}

// meaningPanel is the line under the box where a call's meaning shows, and
// the "?" mode's button that makes the call looked at.
export function meaningPanel(c) {
  const call = c.ui.boxCall;
  const tap = !!c.ui.boxTapMode;
  const text = call ? meaningLine(c, call) : t(tap ? 'box.meaningsTap' : 'box.meaningsHelp');
  const line = h('p', { class: 'call-meaning' + (call ? ' shown' : ''), 'data-testid': 'call-meaning', role: 'status', 'aria-live': 'polite', id: 'call-meaning' }, text);
  const bid = tap && call ? h('button', {
    type: 'button', class: 'primary meaning-bid', 'data-testid': 'meaning-bid',
    onclick: () => { c.ui.boxCall = ''; c.act(call); },
  }, t('box.bidThis', { call: callName(call) })) : null;
  return h('div', { class: 'call-meaning-row' }, line, bid);
}

// meaningsToggle is the "?" button: in its mode a tap on a call shows what
// it means instead of making it.
export function meaningsToggle(c) {
  return h('button', {
    type: 'button', class: 'meanings-toggle', 'data-testid': 'meanings-toggle',
    'aria-pressed': c.ui.boxTapMode ? 'true' : 'false', 'aria-label': t('box.meanings'), title: t('box.meanings'),
    onclick: () => { c.ui.boxTapMode = !c.ui.boxTapMode; c.ui.boxCall = ''; askMeanings(c, true); c.redraw(); },
  }, '?');
}

// show puts call's meaning in the panel of box, without redrawing the
// table (the hover must not move the focus or the page).
function show(c, box, call) {
  c.ui.boxCall = call;
  askMeanings(c, true);
  const old = box.querySelector('.call-meaning-row');
  if (old) old.replaceWith(meaningPanel(c));
}

// callButton is a call of the box: it makes the call on a click, shows its
// meaning on hover, focus and a long press, and in the "?" mode on a tap.
export function callButton(c, call, attrs, ...children) {
  let timer = 0;
  let pressed = false;
  const box = () => b.closest('.bidbox');
  const stop = () => { if (timer) { clearTimeout(timer); timer = 0; } };
  const b = h('button', {
    ...attrs,
    'aria-describedby': 'call-meaning',
    // In the "?" mode the call tapped stays until another is tapped: a
    // mouse passing over the box does not replace it.
    onmouseenter: () => { if (!b.disabled && !c.ui.boxTapMode) show(c, box(), call); },
    // The keyboard's focus shows the meaning; the focus the table gives
    // back after a redraw does not take the place of the call pointed at.
    onfocus: () => { if (!b.disabled && b.matches(':focus-visible')) show(c, box(), call); },
    onpointerdown: (ev) => {
      if (ev.pointerType === 'mouse' || b.disabled) return;
      pressed = false;
      stop();
      timer = setTimeout(() => { timer = 0; pressed = true; show(c, box(), call); }, LONG_PRESS);
    },
    onpointerup: stop, onpointerleave: stop, onpointercancel: stop,
    oncontextmenu: (ev) => ev.preventDefault(),
    onclick: () => {
      if (pressed) { pressed = false; return; } // a long press only shows the meaning
      if (c.ui.boxTapMode) { show(c, box(), call); return; }
      c.ui.boxCall = '';
      c.act(call);
    },
  }, ...children);
  return b;
}
