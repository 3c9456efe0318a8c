// claims: a claim waiting for answers, as the other players see it: the
// claimer's side waits, an opponent accepts or rejects; and what became
// of it. The claim itself is made with the game's claim form.

import { h } from '../dom.js';
import { t, seatName } from '../i18n.js';
import { partnerSeat } from '../cards.js';

// claimWait says that the claim of the player's side waits for the
// opponents, or returns null.
export function claimWait(c) {
  const cl = c.table.claim;
  if (!cl || (cl.waiting || []).includes(c.seat) || !c.seat || (cl.by !== c.seat && cl.by !== partnerSeat(c.seat))) return null;
  return h('p', { class: 'claim-wait', role: 'status', 'data-testid': 'claim-wait' }, t('table.claimSent', { n: cl.tricks }));
}

// claimAsk asks the player to accept or reject a claim, or returns null.
export function claimAsk(c) {
  const cl = c.table.claim;
  if (!cl || !(cl.waiting || []).includes(c.seat)) return null;
  return h('div', { class: 'claim-ask', role: 'alertdialog', 'data-testid': 'claim-ask' },
    h('span', {}, t('table.claimBy', { seat: seatName(cl.by), n: cl.tricks })),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'claim-accept', onclick: () => c.send({ type: 'claim', accept: true }) }, t('table.claimAccept')),
    h('button', { type: 'button', 'data-testid': 'claim-reject', onclick: () => c.send({ type: 'claim', accept: false }) }, t('table.claimReject')));
}

// claimAnswer is what the table says of a claim's answer (protocol's
// claim message), whoever made it.
export function claimAnswer(m) {
  return m.accepted ? t('table.claimAccepted', { n: m.tricks })
    : t('table.claimNot.' + (m.reason || 'refused'), { seat: seatName(m.by), n: m.tricks });
}
