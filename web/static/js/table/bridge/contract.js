// contract: a bridge contract and its result as players write them:
// "4♠X", "=", "+1", "−2". Used by the table, the history and the game
// summaries.

import { t, suitSymbol, withDouble } from '../../i18n.js';

// contractText prints "4SX" as "4♠X".
export function contractText(ct) {
  if (!ct || ct === 'Pass') return t('contract.passedOut');
  const m = ct.match(/^(\d)(NT|[CDHS])(X{0,2})$/);
  if (!m) return ct;
  return m[1] + withDouble(m[2] === 'NT' ? t('strain.NT') : suitSymbol(m[2]), m[3]);
}

// resultMark is a result as players write it: "=" made exactly, "+1" an
// overtrick, "−2" two down.
export function resultMark(contract, tricks) {
  const m = String(contract || '').match(/^(\d)/);
  if (!m) return '';
  const diff = tricks - (Number(m[1]) + 6);
  return diff === 0 ? '=' : diff > 0 ? '+' + diff : '−' + (-diff);
}
