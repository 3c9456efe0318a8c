// describe: what changed between two bridge states, said to screen
// readers: the call just made and what it means, or the card just played;
// and whether it is now the player's turn.

import { t, seatName, cardName, callName } from '../../i18n.js';
import { nextSeat } from '../../cards.js';
import { meaningOf, meaningText } from './meaning.js';
import { seatOfCall } from './auction.js';

export function describe(prev, m) {
  const a = prev.view, b = m.view;
  if (!a || !b) return '';
  if ((b.auction || []).length > (a.auction || []).length && b.phase === 'auction') {
    const i = b.auction.length - 1;
    const mean = meaningOf(m, i);
    return t('a11y.called', { seat: seatName(seatOfCall(b.dealer, i)), call: callName(b.auction[i]) }) + (mean ? '. ' + meaningText(mean) : '') + (b.turn === m.seat ? '. ' + t('table.yourTurn') : '');
  }
  const tr = b.trick && b.trick.cards && b.trick.cards.length ? b.trick : b.lastTrick;
  if (tr && tr.cards && tr.cards.length) {
    let s = tr.leader;
    for (let i = 0; i < tr.cards.length - 1; i++) s = nextSeat(s);
    return t('a11y.played', { seat: seatName(s), card: cardName(tr.cards[tr.cards.length - 1]) }) + (b.turn === m.seat || b.legalFor ? '. ' + t('table.yourTurn') : '');
  }
  return '';
}
