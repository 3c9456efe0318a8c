// claim: the belote claim (docs/belote-claims.md). A claim gives every
// trick left to one side: the player claims the rest for his side, or
// concedes it to the opponents (asked once more). The server counts the
// takers' total of tricks: the deal's claim.max when the takers take the
// rest, claim.min when the defenders do.

import { h } from '../../dom.js';
import { t, tn } from '../../i18n.js';
import { sideOf } from '../../cards.js';
import { deal } from './deal.js';

// canClaim: a seated player may claim during the play while no claim
// waits for an answer.
export function canClaim(c) {
  const d = deal(c);
  return !!(d && d.phase === 'play' && d.claim && c.seat && !c.table.claim);
}

// claimButton opens and closes the claim form.
export function claimButton(c) {
  return h('button', {
    type: 'button', 'data-testid': 'claim-btn', 'aria-expanded': c.ui.claimOpen ? 'true' : 'false',
    onclick: () => { c.ui.claimOpen = !c.ui.claimOpen; c.ui.concedeAsk = null; c.redraw(); },
  }, t('table.claim'));
}

// restTricks is the number of tricks a claim now gives.
function restTricks(d) { return d.claim.max - d.claim.min; }

// totalFor is the takers' total of tricks when side takes the rest.
function totalFor(d, side) { return side === d.contract.takers ? d.claim.max : d.claim.min; }

function send(c, total) {
  c.ui.claimOpen = false;
  c.ui.concedeAsk = null;
  c.send({ type: 'claim', tricks: total });
}

// claimForm offers the claim of the rest and the concession of it.
export function claimForm(c) {
  const d = deal(c);
  const we = sideOf(c.seat);
  const they = we === 'NS' ? 'EW' : 'NS';
  const tricks = tn('contract.tricks', restTricks(d));
  if (c.ui.concedeAsk === c.msg.n) {
    return h('div', { class: 'claim-form concede-ask', role: 'alertdialog', 'data-testid': 'concede-ask', 'aria-labelledby': 'concede-q' },
      h('span', { id: 'concede-q' }, t('belote.concedeAsk', { tricks })), ' ',
      h('button', { type: 'button', class: 'primary', 'data-testid': 'concede-yes', onclick: () => send(c, totalFor(d, they)) }, t('table.concedeYes')),
      h('button', { type: 'button', 'data-testid': 'concede-no', onclick: () => { c.ui.concedeAsk = null; c.redraw(); } }, t('common.cancel')));
  }
  return h('div', { class: 'claim-form', role: 'group', 'data-testid': 'claim-form', 'aria-label': t('table.claim') },
    h('p', { class: 'claim-help' }, t('belote.claimHelp')),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'claim-confirm', onclick: () => send(c, totalFor(d, we)) }, t('belote.claimRest', { tricks })),
    ' ',
    h('button', { type: 'button', 'data-testid': 'claim-concede', onclick: () => { c.ui.concedeAsk = c.msg.n; c.redraw(); } }, t('belote.concedeRest', { tricks })),
    ' ',
    h('button', { type: 'button', 'data-testid': 'claim-cancel', onclick: () => { c.ui.claimOpen = false; c.redraw(); } }, t('common.cancel')));
}

// pendingClaim describes a pending belote claim cl: whether it concedes
// the rest to the claimer's opponents, and the tricks it gives ("3
// tricks"); null without a deal in play.
export function pendingClaim(c, cl) {
  const d = deal(c);
  if (!d || !d.claim || !d.contract) return null;
  const rest = cl.tricks === d.claim.max ? d.contract.takers : (d.contract.takers === 'NS' ? 'EW' : 'NS');
  return { conceded: rest !== sideOf(cl.by), tricks: tn('contract.tricks', restTricks(d)) };
}
