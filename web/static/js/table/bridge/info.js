// info: the bridge facts of the table's head (the board, the dealer, the
// vulnerability, the contract and the tricks) and the roles by the seats
// (declarer, dummy).

import { h } from '../../dom.js';
import { t, seatName, sideName } from '../../i18n.js';
import { contractText } from './contract.js';

export function info(c) {
  const v = c.view;
  if (!v) return [];
  const out = [
    h('span', { class: 'chip', 'data-testid': 'board-no' }, t('table.board', { n: v.board })),
    h('span', { class: 'chip' }, t('table.dealer', { seat: seatName(v.dealer) })),
    h('span', { class: 'chip vul-' + v.vul }, t('vul.' + v.vul)),
  ];
  if (v.contract && v.contract !== 'Pass' && v.declarer) {
    out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' },
      t('contract.by', { contract: contractText(v.contract), seat: seatName(v.declarer) })));
    out.push(h('span', { class: 'chip', 'data-testid': 'tricks' },
      t('contract.tricks') + t('punct.colon') + sideName('NS') + ' ' + (v.tricks.NS || 0) + ' · ' + sideName('EW') + ' ' + (v.tricks.EW || 0)));
  } else if (v.contract === 'Pass') {
    out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' }, t('contract.passedOut')));
  }
  return out;
}

export function seatTags(c, s) {
  const v = c.view;
  const out = [];
  if (v.declarer === s) out.push(h('span', { class: 'tag role' }, t('contract.declarer')));
  if (v.dummy === s) out.push(h('span', { class: 'tag role' }, t('contract.dummy')));
  return out;
}
