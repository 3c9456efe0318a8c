// sheet: the belote score sheet: a line per deal with the contract, the
// takers, made or failed, and each side's points of the deal with the
// running total.

import { h } from '../../dom.js';
import { t, sideName, beloteActionName } from '../../i18n.js';

export function sheetAlways() { return false; }

export function sheet(c) {
  const v = c.view;
  const lines = (v && v.sheet) || (c.table.sheet && c.table.sheet.lines) || [];
  const tb = h('table', { class: 'sheet-table' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('contract.label')),
      h('th', { scope: 'col' }, t('side.NS')), h('th', { scope: 'col' }, t('side.EW')))));
  const body = h('tbody');
  for (const l of lines) body.appendChild(sheetLine(l));
  tb.appendChild(body);
  // What the two numbers of a line are.
  tb.insertBefore(h('caption', { class: 'sheet-legend', 'data-testid': 'sheet-legend' }, t('belote.sheetLegend')), tb.firstChild);
  return tb;
}

// sheetLine is a line of the sheet (protocol's belote sheet line).
function sheetLine(l) {
  const sc = l.score || {};
  const total = l.total || {};
  return h('tr', {},
    h('td', {}, String(l.deal)),
    h('td', {}, l.contract ? (beloteActionName(l.contract) + ' ' + (l.takers ? sideName(l.takers) : '') + (l.litige ? ' · =' : (l.made === false ? ' · ' + t('belote.failed') : ''))) : t('belote.allPassed')),
    h('td', {}, l.contract ? (sc.NS || 0) + ' (' + (total.NS || 0) + ')' : String(total.NS || 0)),
    h('td', {}, l.contract ? (sc.EW || 0) + ' (' + (total.EW || 0) + ')' : String(total.EW || 0)));
}
