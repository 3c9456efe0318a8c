// teams: bridge team matches. The list with a creation form (#/teams) and
// one match (#/teams/ID[/N]): the two teams, the rooms, the player's own
// table, and the score sheet with the IMPs of each board and the running
// score. A board's results (and its deal) stay hidden from a player until
// his room has played it, and from everybody else until both rooms have:
// the server leaves them out, and answers 403 for the board itself. A
// player named by the organiser is invited: the rooms open once every
// invited player has accepted; one refusal calls the match off.

import { api } from './api.js';
import { h, mount, clear, toast } from './dom.js';
import { t, errorText, seatName, suitSymbol } from './i18n.js';
import { fmtDate } from './lobby.js';
import { field, levelSelect, submitter, showList, getOrBack, reloadLater } from './competition.js';

// contractText writes "4♠ N =" or the passed-out label.
export function contractText(r) {
  if (!r) return '';
  if (!r.contract || r.contract === 'Pass') return t('contract.passedOut');
  const m = String(r.contract).match(/^([1-7])(NT|[SHDC])(X{0,2})$/);
  const c = m ? m[1] + suitSymbol(m[2]) + m[3] : String(r.contract);
  return c + (r.declarer ? ' ' + seatName(r.declarer) : '') + (r.result ? ' ' + r.result : '');
}

// seatOf is the seat of a team's player i: the home team sits North-South
// in the open room and East-West in the closed room, the away team the
// other way round.
function seatOf(home, i) { return (home ? ['N', 'S', 'E', 'W'] : ['E', 'W', 'N', 'S'])[i]; }

function placeText(home, i) { return (i < 2 ? t('tm.open') : t('tm.closed')) + ', ' + seatName(seatOf(home, i)); }

function teamFieldset(side, legend, first) {
  const name = h('input', { id: 'tm-' + side + '-name', type: 'text', maxlength: '40', required: true, 'data-testid': 'tm-' + side + '-name', value: '' });
  const players = [0, 1, 2, 3].map((i) => h('input', {
    id: 'tm-' + side + '-p' + i, type: 'text', maxlength: '64', autocomplete: 'off',
    'data-testid': 'tm-' + side + '-player', value: side === 'home' && i === 0 && first ? 'me' : '',
    placeholder: t('tm.bot'),
  }));
  const box = h('fieldset', { class: 'opts' }, h('legend', {}, legend),
    field('tm-' + side + '-name', t('tour.name'), name),
    h('p', { class: 'muted' }, t('tm.players')),
    players.map((p, i) => field(p.id, placeText(side === 'home', i), p)));
  return { box, name, players };
}

export async function showTeamMatches() {
  const name = h('input', { id: 'tm-name', type: 'text', maxlength: '80', required: true, 'data-testid': 'tm-name', value: '' });
  const boards = h('input', { id: 'tm-boards', type: 'number', min: '4', max: '36', value: '8', inputmode: 'numeric', 'data-testid': 'tm-boards' });
  const level = levelSelect('tm-level', 'tm-level');
  const home = teamFieldset('home', t('tm.home'), true);
  const away = teamFieldset('away', t('tm.away'), false);
  const create = h('button', { type: 'submit', class: 'primary', 'data-testid': 'tm-create' }, t('tm.create'));
  let me = null;
  try { me = (await api.get('/api/me')).user; } catch (e) { /* shown without the hint */ }
  const form = h('form', {
    class: 'new-game', 'aria-labelledby': 'tm-title',
    onsubmit: submitter(create, async () => {
      const res = await api.post('/api/teammatches', {
        name: name.value.trim(), boards: parseInt(boards.value, 10) || 0, level: level.value,
        home: { name: home.name.value.trim(), players: home.players.map((p) => p.value.trim()) },
        away: { name: away.name.value.trim(), players: away.players.map((p) => p.value.trim()) },
      });
      return '#/teams/' + encodeURIComponent(res.id);
    }),
  },
  h('h2', { id: 'tm-title' }, t('tm.create')),
  // Players are named by username: an account's own is shown; a guest has
  // none (he can be "me" in his own match, or register).
  me ? h('p', { class: 'muted', 'data-testid': 'tm-your-name' },
    me.name && !me.guest ? t('tm.yourName', { name: me.name }) : t('tm.guest')) : null,
  field('tm-name', t('tour.name'), name),
  field('tm-boards', t('lobby.boards'), boards),
  field('tm-level', t('lobby.bots'), level),
  home.box, away.box,
  h('p', { class: 'muted', 'data-testid': 'tm-invite-help' }, t('tm.inviteHelp')),
  create);

  await showList({
    page: 'teammatches', title: t('tm.title'), list: 'tm-list', form,
    url: '/api/teammatches', key: 'matches', none: t('tm.none'),
    item: (m) => [h('a', { href: '#/teams/' + encodeURIComponent(m.id), 'data-testid': 'tm-link', dataset: { match: m.id } }, m.name),
      ' · ', m.home + ' – ' + m.away, ' · ', t('tour.boards') + t('punct.colon') + m.boards, ' · ', fmtDate(m.created)],
  });
}

// refresh keeps the open match page up to date while it is shown.
let refreshTimer = 0;

export async function showTeamMatch(id, boardNo) {
  clearTimeout(refreshTimer);
  const info = await getOrBack('/api/teammatches/' + encodeURIComponent(id), '#/teams');
  if (!info) return;
  const m = info.match;
  const you = info.you;
  const team = (x, key) => h('section', { class: 'panel', 'data-testid': 'tm-team-' + key },
    h('h2', {}, x.name),
    h('ul', {}, x.players.map((p, i) => h('li', { class: p.you ? 'you' : '' },
      placeText(key === 'home', i) + t('punct.colon') + (p.bot ? t('tm.bot') : p.name)))));
  const rooms = h('ul', { class: 'resume', 'data-testid': 'tm-rooms' }, info.rooms.map((r) => h('li', {},
    h('strong', {}, t('tm.' + r.room)), ' · ', t('side.NS') + t('punct.colon') + r.ns, ' · ', t('side.EW') + t('punct.colon') + r.ew,
    ' · ', t('tour.boardsPlayed') + t('punct.colon') + r.played,
    r.table ? [' · ', h('a', { href: '#/t/' + encodeURIComponent(r.table), 'data-testid': 'tm-room-link', dataset: { room: r.room } },
      you && you.room === r.room ? t('table.play') : t('tm.watch'))] : null)));
  const base = '/api/teammatches/' + encodeURIComponent(id);
  const answer = (accept) => async () => {
    try { await api.post(base + '/answer', { accept }); } catch (e) { toast(errorText(e)); }
    showTeamMatch(id, boardNo);
  };
  // An invited player answers first; the rooms open once every one has accepted.
  let play = null;
  if (m.declined) {
    play = h('p', { class: 'notice', 'data-testid': 'tm-declined', role: 'status' }, t('tm.declined', { name: m.declined }));
  } else if (m.invited) {
    play = h('div', { class: 'invite-ask', 'data-testid': 'tm-invited', role: 'group' },
      h('p', {}, t('tm.invited')),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'tm-accept', onclick: answer(true) }, t('invite.accept')),
      h('button', { type: 'button', 'data-testid': 'tm-decline', onclick: answer(false) }, t('invite.decline')));
  } else if ((m.waiting || []).length) {
    play = h('p', { class: 'muted', 'data-testid': 'tm-waiting', role: 'status' }, t('tm.waiting', { names: m.waiting.join(', ') }));
  } else if (you && you.table) {
    play = h('a', {
      href: '#/t/' + encodeURIComponent(you.table), class: 'button-link primary', 'data-testid': 'tm-play',
    }, t('table.play') + ' (' + t('tm.' + you.room) + ', ' + seatName(you.seat) + ')');
  }

  const rows = info.boards.map((b) => h('tr', {
    'data-testid': 'tm-board', dataset: { board: String(b.board), complete: b.complete ? '1' : '', visible: b.visible ? '1' : '', imps: String(b.imps) },
  },
  h('td', {}, h('a', { href: '#/teams/' + encodeURIComponent(id) + '/' + b.board }, String(b.board))),
  h('td', {}, b.visible ? contractText(b.open) : ''),
  h('td', {}, b.visible && b.open ? String(b.open.scoreNS) : ''),
  h('td', {}, b.visible ? contractText(b.closed) : ''),
  h('td', {}, b.visible && b.closed ? String(b.closed.scoreNS) : ''),
  h('td', { 'data-testid': 'tm-imps' }, b.complete ? (b.imps > 0 ? String(b.imps) : '') : ''),
  h('td', {}, b.complete ? (b.imps < 0 ? String(-b.imps) : '') : ''),
  h('td', {}, b.complete ? b.home + ' – ' + b.away : '')));
  const sheet = h('table', { class: 'history', 'data-testid': 'tm-sheet' },
    h('caption', {}, t('result.score') + t('punct.colon'), h('strong', { 'data-testid': 'tm-score', dataset: { home: String(info.score.home), away: String(info.score.away) } },
      info.home.name + ' ' + info.score.home + ' – ' + info.score.away + ' ' + info.away.name)),
    h('thead', {}, h('tr', {},
      [t('table.board', { n: '' }).trim() || '#', t('tm.open'), t('side.NS'), t('tm.closed'), t('side.NS'),
        t('tm.imps') + ' ' + info.home.name, t('tm.imps') + ' ' + info.away.name, t('result.score')]
        .map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, rows));
  const panel = h('section', { class: 'panel', 'data-testid': 'tm-board-panel', 'aria-live': 'polite' });

  mount(h('div', { class: 'page', 'data-testid': 'team-match', dataset: { match: id } },
    h('p', {}, h('a', { href: '#/teams' }, t('common.back'))),
    h('h1', {}, m.name),
    h('p', { class: 'muted' }, t('tour.boards') + t('punct.colon') + m.boards, ' · ', t('bot.' + m.level), m.over ? [' · ', t('tour.over')] : null),
    play,
    h('div', { class: 'tm-teams' }, team(info.home, 'home'), team(info.away, 'away')),
    rooms, h('div', { class: 'scroll-x' }, sheet), panel));
  if (boardNo) await showBoard(id, boardNo, panel);
  if (!m.over && !m.declined) {
    // Live: reload while the page stays on this match.
    refreshTimer = reloadLater(() => showTeamMatch(id, boardNo));
  }
}

async function showBoard(id, n, panel) {
  clear(panel).appendChild(h('p', { class: 'muted' }, t('common.loading')));
  let b;
  try {
    b = await api.get('/api/teammatches/' + encodeURIComponent(id) + '/boards/' + n);
  } catch (e) {
    clear(panel).append(h('h2', {}, t('table.board', { n })),
      h('p', { class: 'muted', 'data-testid': 'tm-hidden' }, e.status === 403 ? t('tour.hidden') : errorText(e)));
    return;
  }
  const hands = String(b.deal || '').replace(/^[NESW]:/, '').split(' ');
  const seats = ['N', 'E', 'S', 'W'];
  const start = seats.indexOf(String(b.deal || 'N')[0]);
  const handRows = hands.map((hand, i) => {
    const suits = hand.split('.');
    return h('tr', {}, h('th', { scope: 'row' }, seatName(seats[(start + i) % 4])),
      ['S', 'H', 'D', 'C'].map((s, k) => h('td', {}, suitSymbol(s) + ' ' + (suits[k] || '—'))));
  });
  clear(panel).append(h('h2', {}, t('table.board', { n })),
    h('p', { class: 'muted' }, t('table.dealer', { seat: seatName(b.dealer) }), ' · ', t('vul.' + b.vul)),
    h('div', { class: 'scroll-x' }, h('table', { class: 'history', 'data-testid': 'tm-deal' }, h('tbody', {}, handRows))),
    h('p', { 'data-testid': 'tm-board-result' },
      h('strong', {}, t('tm.open') + t('punct.colon')), contractText(b.open) + (b.open ? ' (' + b.open.scoreNS + ')' : ''), ' · ',
      h('strong', {}, t('tm.closed') + t('punct.colon')), contractText(b.closed) + (b.closed ? ' (' + b.closed.scoreNS + ')' : ''),
      b.complete ? ' · ' + t('tm.imps') + t('punct.colon') + b.imps : ''));
}
