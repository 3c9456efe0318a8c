// undo: taking a move back. Back from the play into the auction only when
// the player says so: the table asks first.

import { h } from '../dom.js';
import { t } from '../i18n.js';

// undoButton asks for an undo, or for the question first.
export function undoButton(c) {
  return h('button', {
    type: 'button', 'data-testid': 'undo-btn',
    onclick: () => {
      if (c.table.undoConfirm) { c.ui.undoAsk = true; c.redraw(); return; }
      c.send({ type: 'undo' });
    },
  }, t('table.undo'));
}

// undoAsk is the question "back to the auction?", or null when none is
// asked (a question the state no longer allows is dropped).
export function undoAsk(c) {
  const ui = c.ui;
  if (!(ui.undoAsk && c.table.canUndo && c.table.undoConfirm)) {
    ui.undoAsk = false;
    return null;
  }
  return h('div', { class: 'undo-ask', role: 'alertdialog', 'data-testid': 'undo-ask' },
    h('span', {}, t('table.undoToAuction')),
    h('button', { type: 'button', class: 'primary', 'data-testid': 'undo-yes', onclick: () => { ui.undoAsk = false; c.send({ type: 'undo', confirm: true }); } }, t('table.undo')),
    h('button', { type: 'button', 'data-testid': 'undo-no', onclick: () => { ui.undoAsk = false; c.redraw(); } }, t('common.cancel')));
}
