// header: the line above the felt: the game's own facts (board, dealer,
// contract... from the game's module), the settings of the game, and the
// state of the connection.

import { h } from '../dom.js';
import { t, tn } from '../i18n.js';

// beloteTarget is a belote mode's default target (belote.DefaultTarget).
export function beloteTarget(mode) { return mode === 'coinche' ? 2000 : 1000; }

// header draws the table's head; mod is the game's module; connected and
// moving say the state of the connection (showConnection).
export function header(c, mod, connected, moving) {
  return h('div', { class: 'table-head' },
    h('div', { class: 'info', 'data-testid': 'table-info' }, mod.info(c)),
    settingsLine(c),
    showConnection(h('div', { 'data-testid': 'conn', role: 'status' }), connected, moving));
}

// showConnection makes el (the head's status) say whether the table is
// connected, or moving to another server (connected, waiting for the
// table: protocol.Moving), and returns it; el may be null.
export function showConnection(el, up, moving) {
  if (el) {
    const waiting = up && moving;
    el.className = 'conn ' + (up && !moving ? 'on' : 'off');
    el.textContent = waiting ? t('table.moving') : (up ? '' : t('table.reconnecting'));
  }
  return el;
}

// settingsLine shows the game's settings (the state's table.settings,
// protocol.TableSettings): bridge, the scoring and the match's length;
// belote, the mode, the rules, the announcements and the target.
function settingsLine(c) {
  const out = c.game === 'bridge' ? bridgeSettings(c) : beloteSettings(c);
  return h('ul', { class: 'settings', 'data-testid': 'table-settings', 'aria-label': t('table.settings') },
    out.map(([k, text]) => h('li', { class: 'setting', dataset: { setting: k } }, text)));
}

function bridgeSettings(c) {
  const s = c.table.settings || {};
  const sh = c.table.sheet || {};
  const sc = s.scoring || sh.scoring || 'duplicate';
  return [['scoring', t('scoring.' + sc)],
    ['length', sc === 'duplicate' ? tn('settings.boards', s.boards || sh.boards || 8) : t('settings.' + sc)]];
}

function beloteSettings(c) {
  const s = c.table.settings || {};
  const sh = c.table.sheet || {};
  const mode = s.mode || 'classic';
  return [['mode', t('mode.' + mode)], ['rules', t('rules.' + (s.rules || 'maison'))],
    ['announcements', s.announcements ? t('lobby.announcements') : t('settings.noAnnouncements')],
    ['target', sh.deals ? tn('history.deals', sh.deals) : t('lobby.target.value', { n: s.target || sh.target || beloteTarget(mode) })]];
}
