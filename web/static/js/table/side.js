// side: the column beside the table: what the game adds there (the
// auction during the play, the belote calls), the chat, and the score
// sheet, open from the start on a wide screen.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { chatPanel } from './chat.js';

// sheetOpenAtFirst reports whether the score sheet fits beside the table,
// and so is open when the table opens.
export function sheetOpenAtFirst() {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(min-width: 1100px)').matches : false;
}

// sheetButton opens and closes the score sheet.
export function sheetButton(c) {
  return h('button', {
    type: 'button', 'data-testid': 'sheet-btn', 'aria-expanded': c.ui.sheetOpen ? 'true' : 'false',
    onclick: () => { c.ui.sheetOpen = !c.ui.sheetOpen; c.redraw(); },
  }, t('table.scoreSheet'));
}

// side draws the column, or returns null when it has nothing.
export function side(c, mod) {
  const el = h('div', { class: 'side' });
  const extra = mod.side(c);
  if (extra) el.appendChild(extra);
  if (c.table.canChat) el.appendChild(chatPanel(c));
  if (c.ui.sheetOpen || mod.sheetAlways(c)) {
    el.appendChild(h('section', { class: 'sheet', 'data-testid': 'score-sheet', 'aria-label': t('table.scoreSheet') }, h('h2', {}, t('table.scoreSheet')), mod.sheet(c)));
  }
  return el.firstChild ? el : null;
}
