// describe: what changed between two belote states, said to screen
// readers: the call just made or the card just played, and whether it is
// now the player's turn.

import { t, seatName, cardName, beloteActionName } from '../../i18n.js';

export function describe(prev, m) {
  const a = prev.view && prev.view.deal, b = m.view && m.view.deal;
  if (!a || !b) return '';
  const yours = (b.legal || []).length ? '. ' + t('table.yourTurn') : '';
  if ((b.calls || []).length > (a.calls || []).length) {
    const last = b.calls[b.calls.length - 1];
    return t('a11y.called', { seat: seatName(last.seat), call: beloteActionName(last.action) }) + yours;
  }
  const tr = b.trick && b.trick.length ? b.trick : (b.lastTrick ? b.lastTrick.cards : []);
  if (tr && tr.length) {
    const pc = tr[tr.length - 1];
    return t('a11y.played', { seat: seatName(pc.seat), card: cardName(pc.card) }) + yours;
  }
  return '';
}
