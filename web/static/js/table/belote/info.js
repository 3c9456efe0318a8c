// info: the belote facts of the table's head (the deal, the points, the
// dealer, the contract) and the tags by the seats (the taker's trump, the
// announcements, belote and rebelote).

import { h } from '../../dom.js';
import { t, seatName, sideName } from '../../i18n.js';
import { deal } from './deal.js';
import { contractBy, trumpName } from './contract.js';

// annName names an announcement kind ("carré" is "ann.carre" in the catalog).
export function annName(kind) { return t('ann.' + String(kind).normalize('NFD').replace(/[\u0300-\u036f]/g, '')); }

// fixedDeals is the number of deals of a fixed series (a belote
// duplicate: the same deals at every table, no target), 0 for a game to a
// target.
function fixedDeals(c) { return (c.table.sheet && c.table.sheet.deals) || 0; }

export function info(c) {
  const v = c.view;
  const d = deal(c);
  if (!v) return [];
  const tot = v.totals || {};
  const series = fixedDeals(c);
  const points = sideName('NS') + ' ' + (tot.NS || 0) + ' · ' + sideName('EW') + ' ' + (tot.EW || 0);
  const out = [
    h('span', { class: 'chip', 'data-testid': 'deal-no' }, series
      ? t('table.dealOf', { n: v.dealNumber || 0, total: series })
      : t('table.deal', { n: v.dealNumber || 0 })),
    // A fixed series adds up its deals' points (compared with the field's
    // afterwards); a game shows how far the target is.
    h('span', { class: 'chip', 'data-testid': 'totals', dataset: { fixed: series ? '1' : '' } },
      series || !v.target ? points : points + ' / ' + v.target),
  ];
  if (d) {
    out.push(h('span', { class: 'chip' }, t('table.dealer', { seat: seatName(d.dealer) })));
    if (d.contract) {
      out.push(h('span', { class: 'chip contract', 'data-testid': 'contract' }, contractBy(d)));
    }
  }
  return out;
}

export function seatTags(c, s) {
  const d = deal(c);
  const out = [];
  if (!d) return out;
  if (d.contract && d.contract.taker === s) out.push(h('span', { class: 'tag role' }, trumpName(d.contract.trump)));
  for (const a of d.declared || []) {
    if (a.seat === s) out.push(h('span', { class: 'tag ann', 'data-testid': 'announcement' }, annName(a.kind)));
  }
  for (const a of d.winningAnnouncements || []) {
    if (a.seat === s) out.push(h('span', { class: 'tag ann', 'data-testid': 'announcement' }, annName(a.kind) + ' ' + a.points));
  }
  if (d.belote && d.belote.seat === s) {
    out.push(h('span', { class: 'tag belote', 'data-testid': 'belote-tag' }, d.belote.rebelote ? t('ann.rebelote') : t('ann.belote')));
  }
  return out;
}
