// game: the bridge parts of the table screen, as the table asks for them
// (table/screen.js): the roles and phase, the head's facts, the hands and
// the centre (the auction, then the trick), the bidding box or the claim
// form, the tools (hint, claim), the side column, the score sheet, the end
// of the deal, what screen readers are told, and the keyboard.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { focusHand } from '../../cards.js';
import { legalSet, legalCalls } from './legal.js';
import { auctionTable } from './auction.js';
import { biddingBox, biddingKey } from './biddingbox.js';
import { trick } from './play.js';
import { claimButton, claimForm } from './claim.js';

export { info, seatTags } from './info.js';
export { seatContent, hasLastTrick } from './play.js';
export { side } from './auction.js';
export { sheet } from './sheet.js';
export { dealOver } from './dealover.js';
export { describe } from './describe.js';

// attrs are the table's data attributes: the phase, the board, declarer
// and dummy.
export function attrs(c) {
  const v = c.view;
  const a = { phase: v.phase, deal: String(v.board) };
  if (v.declarer) { a.declarer = v.declarer; a.dummy = v.dummy; }
  return a;
}

export function turnOf(c) { return c.view && c.view.turn; }

// center is the auction during the auction, the trick afterwards.
export function center(c, pos) {
  if (c.view.phase === 'auction') return auctionTable(c, 'center-auction');
  return trick(c, pos);
}

// controls are the bidding box during the auction, the claim form when
// it is open.
export function controls(c) {
  const v = c.view;
  if (v.phase === 'auction') return biddingBox(c);
  if (c.ui.claimOpen && v.claim) return claimForm(c);
  return null;
}

export function tools(c) {
  const v = c.view;
  const out = [];
  const myCall = v.phase === 'auction' && legalCalls(c).size > 0;
  if ((myCall || (v.phase === 'play' && legalSet(c).size > 0)) && c.table.canHint) {
    out.push(h('button', { type: 'button', 'data-testid': 'hint-btn', onclick: () => c.send({ type: 'hint' }) }, t('table.hint')));
  }
  if (v.phase === 'play' && v.claim) out.push(claimButton(c));
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

export function sheetAlways() { return false; }

// keydown: the bidding box's shortcuts in the auction; in play the arrow
// keys go to the hand.
export function keydown(c, ev, root) {
  if (c.view.phase === 'auction') return biddingKey(c, ev.key.toLowerCase());
  return focusHand(ev, root);
}
