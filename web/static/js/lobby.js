// lobby: the new-game window and the games in progress.

import { api } from './api.js';
import { h, mount, toast } from './dom.js';
import { t, errorText } from './i18n.js';
import { beloteTarget } from './table/header.js';
import { settingsText, seatsText, summaryText } from './gamesum.js';
import { sataChoice } from './sata.js';

// The last choices are remembered in the browser.
function saved() {
  try { return JSON.parse(localStorage.getItem('atout.newgame') || '{}'); } catch (e) { return {}; }
}

function select(id, testid, options, value) {
  return h('select', { id, name: id, 'data-testid': testid },
    options.map(([v, key]) => h('option', { value: v, selected: v === value }, t(key))));
}

function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

export function showLobby() {
  const s = saved();
  const game = select('ng-game', 'game-select', [['bridge', 'game.bridge'], ['belote', 'game.belote']], s.game || 'bridge');
  const scoring = select('ng-scoring', 'scoring-select', [['duplicate', 'scoring.duplicate'], ['rubber', 'scoring.rubber'], ['chicago', 'scoring.chicago']], s.scoring || 'duplicate');
  const levels = [['easy', 'bot.easy'], ['medium', 'bot.medium'], ['strong', 'bot.strong']];
  const level = select('ng-level', 'level-select', levels, s.level || 'medium');
  const mode = select('ng-mode', 'mode-select', [['classic', 'mode.classic'], ['notrump', 'mode.notrump'], ['coinche', 'mode.coinche']], s.mode || 'classic');
  const rules = select('ng-rules', 'rules-select', [['maison', 'rules.maison'], ['official', 'rules.official']], s.rules || 'maison');
  const ann = h('input', { id: 'ng-ann', type: 'checkbox', 'data-testid': 'announce-check', checked: s.announcements !== false });
  // Sans-atout and tout-atout bids: coinche only, off unless ticked.
  const { input: sata, box: sataBox, line: sataLine } = sataChoice({ id: 'ng-sata', check: 'sata-check', testid: 'sata', mode, rules, checked: s.sata === true });
  // What the rule set chosen changes (docs/belote-rules.md §10's table).
  const rulesLine = h('p', { class: 'muted', 'data-testid': 'rules-what', 'aria-live': 'polite' });
  const target = h('input', {
    id: 'ng-target', type: 'number', min: '100', max: '10000', step: '10', inputmode: 'numeric',
    value: String(s.target || beloteTarget(s.mode || 'classic')), 'data-testid': 'target-input',
  });
  // The target shows the mode's default until the player types another.
  mode.addEventListener('change', () => {
    const tv = parseInt(target.value, 10);
    if (!tv || tv === beloteTarget('classic') || tv === beloteTarget('coinche')) target.value = String(beloteTarget(mode.value));
  });
  const syncRules = () => {
    rulesLine.textContent = t(rules.value === 'official' ? 'lobby.rules.official.what' : 'lobby.rules.maison.what');
  };
  rules.addEventListener('change', syncRules);
  syncRules();

  const bridgeBox = h('fieldset', { class: 'opts', 'data-testid': 'bridge-options' },
    h('legend', {}, t('game.bridge')), field('ng-scoring', t('lobby.scoring'), scoring));
  const beloteBox = h('fieldset', { class: 'opts', 'data-testid': 'belote-options' },
    h('legend', {}, t('game.belote')),
    field('ng-mode', t('lobby.mode'), mode),
    field('ng-rules', t('lobby.rules'), rules),
    rulesLine,
    sataLine,
    h('div', { class: 'field check' }, ann, h('label', { for: 'ng-ann' }, t('lobby.announcements'))),
    sataBox,
    field('ng-target', t('lobby.target'), target));
  const sync = () => {
    bridgeBox.hidden = game.value !== 'bridge';
    beloteBox.hidden = game.value !== 'belote';
  };
  game.addEventListener('change', sync);
  sync();

  const start = h('button', { type: 'submit', class: 'primary big', 'data-testid': 'new-game' }, t('lobby.start'));
  const form = h('form', {
    class: 'new-game', 'aria-labelledby': 'ng-title',
    onsubmit: async (ev) => {
      ev.preventDefault();
      let body;
      if (game.value === 'bridge') {
        body = { game: 'bridge', scoring: scoring.value, level: level.value };
      } else {
        body = { game: 'belote', mode: mode.value, rules: rules.value, announcements: ann.checked, level: level.value };
        if (mode.value === 'coinche' && sata.checked) body.sata = true;
        const tv = parseInt(target.value, 10);
        if (tv > 0 && tv !== beloteTarget(mode.value)) body.target = tv;
      }
      localStorage.setItem('atout.newgame', JSON.stringify(Object.assign({}, body, { target: body.target || '' })));
      start.disabled = true;
      try {
        const res = await api.post('/api/tables', body);
        location.hash = '#/t/' + encodeURIComponent(res.id);
      } catch (e) {
        toast(errorText(e));
        start.disabled = false;
      }
    },
  },
  h('h1', { id: 'ng-title' }, t('lobby.title')),
  field('ng-game', t('lobby.game'), game),
  bridgeBox, beloteBox,
  field('ng-level', t('lobby.bots'), level),
  start);

  const list = h('ul', { class: 'resume tables', 'data-testid': 'resume-list' });
  const resume = h('section', { class: 'panel', 'aria-labelledby': 'res-title' }, h('h2', { id: 'res-title' }, t('lobby.openTables')), list);
  // Invitations to team matches and belote duplicates wait for an answer on the competition's page.
  const invites = h('section', { class: 'panel', 'aria-labelledby': 'inv-title', 'data-testid': 'invitations', hidden: true },
    h('h2', { id: 'inv-title' }, t('invite.title')));
  mount(h('div', { class: 'page lobby', 'data-testid': 'lobby' }, invites, form, resume));
  api.get('/api/invitations').then((res) => {
    const list = res.invitations || [];
    if (!list.length) return;
    invites.appendChild(h('ul', { class: 'resume' }, list.map((x) => h('li', { 'data-testid': 'invitation', dataset: { id: x.id } },
      h('a', { href: (x.kind === 'teammatch' ? '#/teams/' : '#/duplicate/') + encodeURIComponent(x.id) },
        t('invite.' + x.kind, { by: x.by, name: x.name, team: x.team || '' }))))));
    invites.hidden = false;
  }).catch(() => {});

  const none = () => { if (!list.querySelector('li')) list.appendChild(h('li', { class: 'muted', 'data-testid': 'no-tables' }, t('lobby.noTables'))); };
  api.get('/api/games?limit=20').then((res) => {
    const open = (res.games || []).filter((g) => g.status === 'open');
    for (const g of open) list.appendChild(openTable(g, none));
    none();
  }).catch(none);
}

// openTable is one open table of the lobby: its game and settings, its
// score so far, its seats, a link back to it, and for its owner a button
// that closes it (DELETE /api/tables/ID: the game is abandoned).
function openTable(g, none) {
  const score = h('p', { class: 'ot-score', 'data-testid': 'open-table-score' }, '');
  summaryText(g).then((s) => { score.textContent = s; });
  // The owner of a casual table sits South (its creator); a competition's
  // table is never closed by a player.
  const mine = !!(g.seats && g.seats[2] && g.seats[2].you) && !(g.settings && g.settings.tournament);
  const item = h('li', { class: 'open-table', 'data-testid': 'open-table', dataset: { id: g.id } });
  const close = mine ? h('button', {
    type: 'button', class: 'warn', 'data-testid': 'close-table', 'aria-label': t('lobby.closeTable') + t('punct.colon') + settingsText(g),
    onclick: async () => {
      if (!window.confirm(t('lobby.closeConfirm'))) return;
      close.disabled = true;
      try {
        await api.del('/api/tables/' + encodeURIComponent(g.id));
        item.remove();
        none();
        toast(t('lobby.tableClosed'));
      } catch (e) {
        close.disabled = false;
        toast(errorText(e));
      }
    },
  }, t('lobby.closeTable')) : null;
  item.append(
    h('div', { class: 'ot-head' },
      h('a', { href: '#/t/' + encodeURIComponent(g.id), 'data-testid': 'resume-link' }, settingsText(g)),
      h('span', { class: 'muted' }, fmtDate(g.created)),
      close),
    score,
    h('p', { class: 'ot-seats', 'data-testid': 'open-table-seats' }, seatsText(g)));
  return item;
}

export function fmtDate(d) {
  if (!d) return '';
  const x = new Date(d);
  if (isNaN(x)) return String(d);
  const l = document.documentElement.lang || undefined;
  // Hindi's own format writes the hour with "am"/"pm" in Latin letters: a
  // 24-hour clock instead.
  try { return x.toLocaleString(l, { dateStyle: 'medium', timeStyle: 'short', hourCycle: l === 'hi' ? 'h23' : undefined }); } catch (e) { return x.toLocaleString(); }
}
