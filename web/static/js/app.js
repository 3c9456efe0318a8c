// app: start-up and routing of the single-page UI.
//
// Routes (hash based, so the server only has to serve index.html at / and
// at the invite path /t/ID):
//   #/              the lobby (new game)
//   #/t/ID          a table
//   #/history       the user's games
//   #/replay/ID     replay of a game; #/replay/ID/N/S opens deal N at step S
//   #/profile       the user's profile; #/profile/NAME another's public one
//   #/rules/GAME    the rules of bridge or belote
//   #/conventions   the computer players' convention card (SAYC)
//   #/account       sign up, sign in, sign out
//   #/tournaments   duplicate tournaments; #/tournaments/ID[/N] one of
//                   them (and its board N)
//   #/teams         bridge team matches; #/teams/ID[/N] one (board N)
//   #/duplicate     belote duplicates; #/duplicate/ID[/N] one (deal N)

import { api } from './api.js';
import { load, pickLang, lang, t, has, applyStatic, errorText } from './i18n.js';
import { h, mount, toast } from './dom.js';
import { openTable, closeTable, redrawTable, rememberInvite } from './table.js';
import { showLobby } from './lobby.js';
import { showHistory, showReplay } from './history.js';
import { showProfile } from './profile.js';
import { showRules } from './rules.js';
import { showConventions } from './conventions.js';
import { showTournaments, showTournament } from './tournament.js';
import { showTeamMatches, showTeamMatch } from './teams.js';
import { showDuplicates, showDuplicate } from './duplicate.js';

// session holds the user as /api/me returned it.
export const session = { user: null, lang: '' };

export async function refreshMe() {
  try {
    const me = await api.get('/api/me');
    session.user = me && me.user ? me.user : null;
    session.lang = (me && me.lang) || '';
  } catch (e) {
    session.user = null;
  }
  showUser();
  return session.user;
}

function showUser() {
  const el = document.getElementById('user-name');
  if (!el) return;
  const u = session.user;
  el.textContent = u ? u.name : '';
  // The account link says what it leads to: sign in for a guest.
  const nav = document.querySelector('[data-testid="nav-account"]');
  if (nav) {
    const key = u && !u.guest ? 'account.signOut' : 'account.signIn';
    nav.dataset.i18n = key;
    // Said at once (after a sign-up or sign-in), not at the next reload.
    if (has(key)) nav.textContent = t(key);
  }
}

function route() {
  const hash = location.hash || '#/';
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  for (const a of document.querySelectorAll('.nav a')) {
    a.removeAttribute('aria-current');
    const target = a.getAttribute('href').replace(/^#\/?/, '').split('/')[0];
    if (target === (parts[0] || '') || (target === '' && parts[0] === 't')) a.setAttribute('aria-current', 'page');
  }
  if (parts[0] !== 't') closeTable();
  switch (parts[0]) {
    case 't':
      if (parts[1]) { openTable(decodeURIComponent(parts[1])); return; }
      break;
    case 'history': showHistory(); return;
    case 'replay':
      // #/replay/ID/N/S: deal number N at step S (a profile's costly card).
      if (parts[2] !== undefined) showReplay(decodeURIComponent(parts[1] || ''), parseInt(parts[2], 10) || 0, parseInt(parts[3], 10) || 0);
      else showReplay(decodeURIComponent(parts[1] || ''));
      return;
    case 'profile': showProfile(decodeURIComponent(parts[1] || '')); return;
    case 'rules': showRules(parts[1] || 'bridge'); return;
    case 'conventions': showConventions(); return;
    case 'account': showAccount(); return;
    case 'tournaments':
      if (parts[1]) showTournament(decodeURIComponent(parts[1]), parseInt(parts[2], 10) || 0);
      else showTournaments();
      return;
    case 'teams':
      if (parts[1]) showTeamMatch(decodeURIComponent(parts[1]), parseInt(parts[2], 10) || 0);
      else showTeamMatches();
      return;
    case 'duplicate':
      if (parts[1]) showDuplicate(decodeURIComponent(parts[1]), parseInt(parts[2], 10) || 0);
      else showDuplicates();
      return;
  }
  showLobby();
}

// rerender redraws the current screen after a language switch.
function rerender() {
  if ((location.hash || '').startsWith('#/t/')) redrawTable();
  else route();
}

// showAccount: the guest may create an account or sign in; a member may sign out.
function showAccount() {
  const u = session.user;
  // A guest is told what he is, and how to keep his games: by signing up
  // (the account keeps the games played as a guest).
  const status = u && u.guest
    ? h('div', { class: 'guest-note', 'data-testid': 'account-status', dataset: { guest: 'true' } },
      h('p', {}, t('account.guestIs')), h('p', {}, t('account.guestKeep')))
    : h('p', { 'data-testid': 'account-status' }, u ? t('account.signedInAs', { name: u.name }) : '');
  const user = h('input', { id: 'acc-user', name: 'username', autocomplete: 'username', required: true, 'data-testid': 'account-username' });
  const pass = h('input', { id: 'acc-pass', name: 'password', type: 'password', autocomplete: 'current-password', required: true, minlength: '8', 'data-testid': 'account-password' });
  const submit = (path) => async (ev) => {
    ev.preventDefault();
    if (!user.value || !pass.value) return;
    try {
      await api.post(path, { username: user.value, password: pass.value });
      await refreshMe();
      toast(t('common.ok'));
      showAccount();
    } catch (e) {
      toast(errorText(e));
    }
  };
  const form = h('form', { class: 'account-form', onsubmit: submit('/api/login') },
    h('label', { for: 'acc-user' }, t('account.username')), user,
    h('label', { for: 'acc-pass' }, t('account.password')), pass,
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'login-btn' }, t('account.signIn')),
      h('button', { type: 'button', 'data-testid': 'signup-btn', onclick: submit('/api/signup') }, t('account.signUp'))));
  const view = h('section', { class: 'page account', 'data-testid': 'account' },
    h('h1', {}, u && !u.guest ? t('account.signOut') : t('account.signIn')), status,
    u && !u.guest ? h('button', {
      type: 'button', 'data-testid': 'logout-btn',
      onclick: async () => { try { await api.post('/api/logout'); } catch (e) { /* already out */ } await refreshMe(); showAccount(); },
    }, t('account.signOut')) : form);
  mount(view);
}

// setLanguage switches to language l; when its catalog cannot be loaded,
// the page stays in the language it had and says why.
async function setLanguage(l) {
  const sel = document.getElementById('lang-select');
  try {
    await load(l);
  } catch (e) {
    sel.value = lang();
    toast(errorText(e));
    return;
  }
  sel.value = lang();
  rerender();
  document.body.dataset.lang = lang();
  try { await api.post('/api/lang', { lang: l }); } catch (e) { /* the cookie still holds the choice */ }
}

// loadCatalog loads the catalog of l before anything is drawn. While it
// cannot be loaded the page says so, in the words index.html holds for
// each language (there is no catalog to take them from), and offers to try
// again.
async function loadCatalog(l) {
  for (;;) {
    try {
      await load(l);
      return;
    } catch (e) {
      console.warn('atout: the catalog of ' + l + ' could not be loaded', e);
    }
    await catalogFailed(l);
  }
}

// catalogFailed shows that the catalog of l could not be loaded, and
// resolves when the user asks to try again.
function catalogFailed(l) {
  const tpl = document.getElementById('catalog-failed');
  const view = (tpl.content.querySelector('[lang="' + l + '"]') || tpl.content.firstElementChild).cloneNode(true);
  mount(view);
  return new Promise((resolve) => {
    view.querySelector('button').addEventListener('click', () => {
      view.querySelector('button').disabled = true;
      resolve();
    }, { once: true });
  });
}

async function start() {
  // The invite link /t/ID opens the table through the hash route.
  const m = location.pathname.match(/^\/t\/([^/]+)$/);
  if (m) {
    const inv = new URLSearchParams(location.search).get('invite');
    if (inv) rememberInvite(decodeURIComponent(m[1]), inv);
    history.replaceState(null, '', '/#/t/' + m[1]);
  }
  await refreshMe();
  await loadCatalog(pickLang(session.lang));
  const sel = document.getElementById('lang-select');
  sel.value = lang();
  sel.addEventListener('change', () => setLanguage(sel.value));
  applyStatic(document);
  window.addEventListener('hashchange', route);
  route();
  document.body.dataset.lang = lang();
  document.body.dataset.ready = 'true';
}

start().catch((e) => {
  mount(h('p', { class: 'error' }, t('err.network')));
  console.error(e);
});
