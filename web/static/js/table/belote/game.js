// game: the belote parts of the table screen, as the table asks for them
// (table/screen.js): the roles and phase, the head's facts, the hand and
// the centre (the turned card and the calls, then the trick), the bidding
// controls of the three modes, the claim form, the hint and the claim
// button, the side column, the score sheet,
// the end of the deal, what screen readers are told, and the keyboard.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { focusHand } from '../../cards.js';
import { deal, isCard } from './deal.js';
import { biddingKey, controls as biddingControls } from './bidding.js';
import { canClaim, claimButton, claimForm } from './claim.js';

export { info, seatTags } from './info.js';
export { seatContent, center, hasLastTrick } from './play.js';
export { side } from './bidding.js';
export { sheet, sheetAlways } from './sheet.js';
export { dealOver } from './dealover.js';
export { describe } from './describe.js';

// attrs are the table's data attributes: the deal's number, its phase and
// the taker.
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

// controls are the bidding controls during the bidding, the claim form
// when it is open.
export function controls(c) {
  if (c.ui.claimOpen && canClaim(c)) return claimForm(c);
  return biddingControls(c);
}

export function tools(c) {
  const d = deal(c);
  const out = [];
  if (d && d.phase === 'play' && (d.legal || []).some(isCard) && c.table.canHint) {
    out.push(h('button', { type: 'button', 'data-testid': 'hint-btn', onclick: () => c.send({ type: 'hint' }) }, t('table.hint')));
  }
  if (canClaim(c)) out.push(claimButton(c));
  return out;
}

export function canUndo(c) {
  const d = deal(c);
  if (!d || d.phase === 'done') return false;
  return !!c.table.canUndo;
}

// keydown: the bidding keys during the bidding (when the player may
// call); the arrow keys go to the hand.
export function keydown(c, ev, root) {
  const d = deal(c);
  if (!d) return false;
  if (d.phase === 'bidding' && (d.legal || []).length) return biddingKey(c, d, ev.key.toLowerCase());
  return focusHand(ev, root);
}
