// toolbar: the buttons under the table: the last trick, the game's own
// (hint, claim), undo, the bots' speed, play out, the score sheet, the
// invitation and the seats an invited guest may take, and the way out.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { undoButton } from './undo.js';
import { speedSelect, playOutButton } from './speed.js';
import { sheetButton } from './side.js';
import { inviteButton, sitButtons } from './invite.js';
import { tricksButton, tricksPanel } from './tricks.js';

// toolbar draws the toolbar of table id; mod is the game's module.
export function toolbar(c, mod, id) {
  const tools = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('table.scoreSheet') });
  if (mod.hasLastTrick(c)) tools.appendChild(lastTrickButton(c));
  const review = tricksButton(c);
  if (review) tools.appendChild(review);
  for (const b of mod.tools(c)) tools.appendChild(b);
  if (mod.canUndo(c)) tools.appendChild(undoButton(c));
  if (c.seat && !c.table.over) tools.appendChild(speedSelect(c));
  if (mod.canPlayOut && mod.canPlayOut(c) && !c.table.playOut) tools.appendChild(playOutButton(c));
  tools.appendChild(sheetButton(c));
  // The owner of a casual table invites; an invited guest takes a bot's seat.
  const invite = inviteButton(c, id);
  if (invite) tools.appendChild(invite);
  for (const b of sitButtons(c, id)) tools.appendChild(b);
  tools.appendChild(leaveLink());
  const panel = tricksPanel(c);
  if (panel) tools.appendChild(panel);
  return tools;
}

// lastTrickButton shows the last trick in the centre, and hides it.
function lastTrickButton(c) {
  return h('button', {
    type: 'button', 'data-testid': 'last-trick-btn', 'aria-pressed': c.ui.showLast ? 'true' : 'false',
    onclick: () => { c.ui.showLast = !c.ui.showLast; c.redraw(); },
  }, t('table.lastTrick'));
}

// leaveLink goes back to the lobby.
export function leaveLink() {
  return h('a', { class: 'button-link', href: '#/', 'data-testid': 'leave-btn' }, t('table.leave'));
}
