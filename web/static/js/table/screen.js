// screen: draws the whole table from the last state, part by part, in
// this order: the head, who watches, the end of the deal, the felt, the
// claim and undo questions, the game's controls, the toolbar and the side
// column; then gives the keyboard back where it was.

import { h, clear, focusKey, refocus } from '../dom.js';
import { t, applyStatic } from '../i18n.js';
import { context, gameUI } from './context.js';
import { header } from './header.js';
import { felt, positions } from './seats.js';
import { claimWait, claimAsk } from './claims.js';
import { undoAsk } from './undo.js';
import { toolbar, leaveLink } from './toolbar.js';
import { side } from './side.js';

// draw redraws table tbl in tbl.root.
export function draw(tbl) {
  if (!tbl.msg) return;
  const root = tbl.root;
  if (!tbl.msg.view && tbl.msg.table && tbl.msg.table.sealed) { sealed(root); return; }
  const sel = focusKey();
  const c = context(tbl);
  const mod = gameUI(c);
  clear(root);
  setAttrs(root, c, mod);
  for (const part of parts(c, mod, tbl)) if (part) root.appendChild(part);
  applyStatic(root);
  refocus(root, sel);
  focusAction(root, sel);
}

// sealed is a competition's deal that this onlooker may not see yet.
function sealed(root) {
  clear(root);
  root.appendChild(h('p', { class: 'notice', role: 'status', 'data-testid': 'table-sealed' }, t('table.sealed')));
  root.appendChild(leaveLink());
}

// setAttrs sets the test and style hooks of root: the game, the move, the
// seat, the deal, and the game's phase and roles.
function setAttrs(root, c, mod) {
  root.dataset.game = c.game;
  root.dataset.n = String(c.msg.n);
  root.dataset.seat = c.seat || '';
  root.dataset.dealNo = String(c.table.deal || '');
  for (const k of ['phase', 'declarer', 'dummy', 'deal']) delete root.dataset[k];
  Object.assign(root.dataset, mod.attrs(c));
  root.setAttribute('aria-label', t('game.' + c.game));
}

// parts are the table's parts in their order, null for those not shown.
function parts(c, mod, tbl) {
  return [
    header(c, mod, tbl.connected, tbl.moving),
    c.seat ? null : h('p', { class: 'watching', role: 'status', 'data-testid': 'watching' }, t('table.watching')),
    // The end of a deal comes first: the result, the full deal, the analysis.
    mod.dealOver(c),
    felt(c, mod, positions(c)),
    // A claim waiting for this player's answer, or for the opponents'.
    claimWait(c),
    claimAsk(c),
    undoAsk(c),
    controls(mod.controls(c)),
    toolbar(c, mod, tbl.id),
    side(c, mod),
  ];
}

function controls(el) { return el ? h('div', { class: 'controls' }, el) : null; }

// focusAction puts the keyboard where the action is, the first playable
// card or call, when the focus was lost with the redraw.
function focusAction(root, sel) {
  if (root.contains(document.activeElement) && document.activeElement !== document.body) return;
  const target = root.querySelector('[data-testid="next-deal"]') || root.querySelector('.hand button.legal') || root.querySelector('.bidbox button:not([disabled])');
  if (target && sel) target.focus({ preventScroll: true });
}
