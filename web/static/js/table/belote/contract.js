// contract: a belote contract as the table names it: "80 ♥", "Capot ♠",
// "♥ trump", and who took, coinched and surcoinched it.

import { t, seatName, suitSymbol } from '../../i18n.js';

// contractLabel names contract ct (protocol's belote contract).
export function contractLabel(ct) {
  if (!ct) return '';
  if (ct.capot) return t('belote.capot') + ' ' + suitSymbol(ct.trump);
  if (ct.value) return t('belote.bid', { value: ct.value, suit: ct.trump === 'NT' ? t('strain.NT') : suitSymbol(ct.trump) });
  return trumpName(ct.trump);
}

// trumpName names the trump of a contract: "No trump", "♥ trump".
export function trumpName(trump) {
  return trump === 'NT' ? t('strain.NT.name') : t('belote.nameSuit', { suit: suitSymbol(trump) });
}

// lastCall is the seat that made the last call action of the bidding, ''
// if none did.
function lastCall(d, action) {
  const calls = d.calls || [];
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i].action === action) return calls[i].seat;
  return '';
}

// contractBy names the contract, its taker, and who coinched and
// surcoinched it: "80 ♥ by South · coinched by East" (the coinche is the
// opponents', not the taker's).
export function contractBy(d) {
  const ct = d.contract;
  let s = t('contract.by', { contract: contractLabel(ct), seat: seatName(ct.taker) });
  const by = [[2, 'coinche', 'belote.coinchedBy', 'belote.coinched'], [4, 'surcoinche', 'belote.surcoinchedBy', 'belote.surcoinched']];
  for (const [level, action, named, plain] of by) {
    if (ct.coinche < level) continue;
    const who = lastCall(d, action);
    s += ' · ' + (who ? t(named, { seat: seatName(who) }) : t(plain));
  }
  return s;
}
