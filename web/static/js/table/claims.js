// claims: a claim waiting for answers, as the other players see it: the
// claimer's side waits, an opponent accepts or rejects; and what became
// of it. The claim itself is made with the game's claim form. A belote
// claim gives the rest of the tricks to one side (belote/claim.js), and
// is worded so.

import { h } from '../dom.js';
import { t, seatName } from '../i18n.js';
import { partnerSeat } from '../cards.js';
import { pendingClaim } from './belote/claim.js';

// belote: the game of the table last drawn (the answer to a claim comes
// in a message of its own, without the table).
let belote = false;

// claimWait says that the claim of the player's side waits for the
// opponents, or returns null.
export function claimWait(c) {
  belote = c.game === 'belote';
  const cl = c.table.claim;
  if (!cl || (cl.waiting || []).includes(c.seat) || !c.seat || (cl.by !== c.seat && cl.by !== partnerSeat(c.seat))) return null;
  let text = t('table.claimSent', { n: cl.tricks });
  const b = belote && pendingClaim(c, cl);
  if (b) text = t(b.conceded ? 'belote.concedeSent' : 'belote.claimSent', { tricks: b.tricks });
  return h('p', { class: 'claim-wait', role: 'status', 'data-testid': 'claim-wait' }, text);
}

// claimAsk asks the player to accept or reject a claim, or returns null.
export function claimAsk(c) {
  const cl = c.table.claim;
  if (!cl || !(cl.waiting || []).includes(c.seat)) return null;
  let text = t('table.claimBy', { seat: seatName(cl.by), n: cl.tricks });
  const b = c.game === 'belote' && pendingClaim(c, cl);
  if (b) text = t(b.conceded ? 'belote.concedeBy' : 'belote.claimBy', { seat: seatName(cl.by), tricks: b.tricks });
  return h('div', { class: 'claim-ask', role: 'alertdialog', 'data-testid': 'claim-ask' },
    h('span', {}, text),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'claim-accept', onclick: () => c.send({ type: 'claim', accept: true }) }, t('table.claimAccept')),
    h('button', { type: 'button', 'data-testid': 'claim-reject', onclick: () => c.send({ type: 'claim', accept: false }) }, t('table.claimReject')));
}

// claimAnswer is what the table says of a claim's answer (protocol's
// claim message), whoever made it.
export function claimAnswer(m) {
  if (belote && m.accepted) return t('belote.claimAccepted');
  if (belote && m.reason === 'beaten') return t('belote.claimBeaten');
  return m.accepted ? t('table.claimAccepted', { n: m.tricks })
    : t('table.claimNot.' + (m.reason || 'refused'), { seat: seatName(m.by), n: m.tricks });
}
