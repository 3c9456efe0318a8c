// profile: a player's page (docs/profile.md): what he played, his figures
// against perfect play with their intervals, the bots' same figures, a
// trend plot of each, his costliest deals (his own page only), the choice
// of making the page public, and the export of his figures.
//
// Routes: #/profile (one's own page, a guest's too) and #/profile/NAME
// (another player's public page). The shapes read here are
// protocol.Profile, ProfileGames, ProfileFigure, Stat, TrendPoint and
// CostlyDeal (docs/protocol.md).

import { api } from './api.js';
import { h, mount, clear, toast } from './dom.js';
import { t, tn, has, lang, errorText, seatName, suitSymbol, rankText, cardName, beloteActionName, withDouble } from './i18n.js';
import { fmtDate } from './lobby.js';

// The bots' levels, in the order the page lists them.
const LEVELS = ['easy', 'medium', 'strong'];

// showProfile draws the page of name, or one's own page when name is ''.
export async function showProfile(name) {
  const root = h('section', { class: 'page profile', 'data-testid': 'profile' },
    h('h1', {}, t('profile.title')), h('p', { class: 'loading' }, t('common.loading')));
  mount(root);
  const path = name ? '/api/profiles/' + encodeURIComponent(name) : '/api/profile';
  let p;
  try {
    p = await api.get(path);
  } catch (e) {
    if (!root.isConnected) return;
    // A private page answers as an unknown name does: not found.
    clear(root).append(h('h1', {}, t('profile.title')),
      e && e.status === 404
        ? h('p', { class: 'error', 'data-testid': 'profile-missing' }, t('profile.notFound'))
        : h('p', { class: 'error', 'data-testid': 'profile-error' }, errorText(e)));
    return;
  }
  // The route may have changed while the page was asked for.
  if (!root.isConnected) return;
  draw(root, p || {});
}

function draw(root, p) {
  const games = p.games || [];
  const figures = p.figures || [];
  const parts = [
    // A guest may have no nickname: the page is then just the profile.
    h('h1', { 'data-testid': 'profile-name' }, p.name || t('profile.title')),
    h('p', { class: 'muted profile-sub' }, p.you ? t('profile.yours') : t('profile.title'),
      p.since ? [' · ', t('profile.since', { date: dateText(p.since) })] : null),
  ];
  if (p.you && p.guest) {
    parts.push(h('p', { class: 'guest-note profile-guest', 'data-testid': 'profile-guest' },
      t('profile.guestNote'), ' ',
      h('a', { href: '#/account', class: 'button-link', 'data-testid': 'profile-signup' }, t('account.signUp'))));
  }
  if (p.you) parts.push(visibility(p));
  if (!games.length && !figures.length) {
    parts.push(h('div', { class: 'profile-empty', 'data-testid': 'profile-empty' },
      h('p', {}, p.you ? t('profile.empty') : t('profile.emptyOther')),
      p.you ? h('a', { href: '#/', class: 'button-link primary', 'data-testid': 'profile-start' }, t('profile.startGame')) : null));
  } else {
    parts.push(gamesTable(games));
    for (const g of ['bridge', 'belote']) {
      const figs = figures.filter((f) => String(f.key).split('.')[0] === g);
      if (!figs.length) continue;
      parts.push(h('section', { class: 'profile-group', 'data-testid': 'profile-group', dataset: { game: g } },
        h('h2', {}, t('game.' + g)),
        h('div', { class: 'profile-figs' }, figs.map(figureCard))));
    }
    if (games.length && !figures.length) parts.push(h('p', { class: 'muted' }, t('profile.noFigures')));
  }
  if (p.you) {
    const costly = p.costliest || [];
    if (costly.length) parts.push(costliest(costly));
    parts.push(h('section', { class: 'profile-export', 'data-testid': 'profile-export' },
      h('h2', {}, t('profile.export')),
      h('p', { class: 'muted' }, t('profile.exportHelp')),
      h('div', { class: 'profile-buttons' }, [['csv', 'CSV'], ['json', 'JSON']].map(([f, label]) =>
        h('a', { class: 'button-link', href: '/api/profile/export?format=' + f, download: '', 'data-testid': 'profile-export-' + f },
          t('history.export') + ' ' + label)))));
  }
  clear(root).append(...parts);
}

// visibility is the owner's choice of a public or a private page.
function visibility(p) {
  const box = h('input', { type: 'checkbox', id: 'profile-public', 'data-testid': 'profile-public', checked: !!p.public });
  const state = h('p', { class: 'profile-state', role: 'status', 'data-testid': 'profile-visibility' });
  const show = (pub) => {
    state.dataset.public = pub ? 'true' : 'false';
    clear(state);
    if (pub) {
      const href = '#/profile/' + encodeURIComponent(p.name || '');
      state.append(t('profile.isPublic'), ' ', h('a', { href, 'data-testid': 'profile-address' }, location.origin + '/' + href));
    } else {
      state.append(t('profile.isPrivate'));
    }
  };
  show(!!p.public);
  box.addEventListener('change', async () => {
    const want = box.checked;
    box.disabled = true;
    try {
      const res = await api.put('/api/profile', { public: want });
      const now = res && typeof res.public === 'boolean' ? res.public : want;
      box.checked = now;
      show(now);
    } catch (e) {
      box.checked = !want;
      toast(errorText(e));
    } finally {
      box.disabled = false;
    }
  });
  return h('div', { class: 'profile-visibility' },
    h('label', { class: 'profile-toggle', for: 'profile-public' }, box, h('span', {}, t('profile.public'))),
    state);
}

// kindText names a ProfileGames kind: a bridge scoring or a belote mode,
// and whether a competition's tables.
function kindText(game, kind) {
  const [k, where] = String(kind).split(':');
  const key = (game === 'bridge' ? 'scoring.' : 'mode.') + k;
  return (has(key) ? t(key) : k) + (where === 'competition' ? ' · ' + t('profile.competition') : '');
}

function gamesTable(games) {
  const nf = new Intl.NumberFormat(lang());
  return h('section', { class: 'profile-played' },
    h('h2', {}, t('profile.played')),
    h('table', { class: 'history profile-games', 'data-testid': 'profile-games' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('lobby.game')), h('th', { scope: 'col' }, t('profile.kind')),
        h('th', { scope: 'col', class: 'num' }, t('profile.games')), h('th', { scope: 'col', class: 'num' }, t('profile.deals')))),
      h('tbody', {}, games.map((g) => h('tr', { dataset: { game: g.game, kind: g.kind } },
        h('td', {}, t('game.' + g.game)), h('td', {}, kindText(g.game, g.kind)),
        h('td', { class: 'num' }, nf.format(g.games || 0)), h('td', { class: 'num' }, nf.format(g.deals || 0)))))));
}

// ---- figures ----

function num(v, digits, signed) {
  return new Intl.NumberFormat(lang(), {
    minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(v);
}

// fmtValue writes a value of figure f: a rate as a percentage, a mean with
// two decimals (IMPs signed), a total as a whole number.
function fmtValue(f, v) {
  if (f.kind === 'rate') {
    return new Intl.NumberFormat(lang(), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
  }
  if (f.kind === 'total') return num(v, 0, false);
  return num(v, 2, f.unit === 'imps');
}

// unitText is the unit word of a mean ("tricks per deal"), '' otherwise.
function unitText(f) {
  return f.kind === 'mean' && f.unit ? t('profile.unit.' + f.unit) : '';
}

function interval(f, s) {
  return '[' + fmtValue(f, s.lo) + ', ' + fmtValue(f, s.hi) + ']';
}

function figureName(f) { return t('profile.fig.' + f.key); }

// better says which way a figure improves: what the player loses or gives
// away is better low; results against par or the bots' table, contracts
// made and coinches that paid are better high.
function better(key) {
  if (/\.(lost|costly|wrong|accepted|refused)$/.test(key)) return 'lower';
  if (/^bridge\.(par|table|field)\.|^belote\.(made|coinche)\./.test(key)) return 'higher';
  return '';
}

function figureCard(f) {
  const unit = unitText(f);
  const bots = f.bots || {};
  const levels = LEVELS.filter((l) => bots[l] && bots[l].n > 0);
  for (const l of Object.keys(bots)) if (!levels.includes(l) && bots[l] && bots[l].n > 0) levels.push(l);
  return h('article', { class: 'profile-fig', 'data-testid': 'profile-fig', dataset: { key: f.key } },
    h('h3', {}, figureName(f)),
    h('p', { class: 'fig-value' },
      h('strong', { 'data-testid': 'fig-value' }, fmtValue(f, f.value)), unit ? [' ', h('span', { class: 'fig-unit' }, unit)] : null,
      better(f.key) ? h('span', { class: 'fig-better', 'data-testid': 'fig-better' }, t('profile.better.' + better(f.key))) : null),
    h('p', { class: 'fig-stat' },
      h('span', { class: 'fig-interval' }, h('span', { class: 'muted' }, t('profile.interval')), ' ',
        h('span', { 'data-testid': 'fig-interval' }, interval(f, f))),
      ' ', h('span', { class: 'fig-n', 'data-testid': 'fig-n' }, t('profile.n', { n: f.n }))),
    levels.length ? h('table', { class: 'fig-bots', 'data-testid': 'fig-bots' },
      h('caption', {}, t('profile.bots')),
      h('tbody', {}, levels.map((l) => h('tr', { 'data-testid': 'fig-bot', dataset: { level: l } },
        h('th', { scope: 'row' }, t('bot.' + l)),
        h('td', {}, fmtValue(f, bots[l].value)),
        h('td', {}, interval(f, bots[l])),
        h('td', { class: 'fig-n' }, t('profile.n', { n: bots[l].n })))))) : null,
    (f.trend || []).length ? trendPlot(f) : null);
}

// ---- the trend plot: inline SVG ----

const SVG = 'http://www.w3.org/2000/svg';

function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

// dateText writes the day of a time (Unix milliseconds).
function dateText(ms) {
  try {
    return new Date(ms).toLocaleDateString(lang(), { dateStyle: 'medium' });
  } catch (e) {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

function dayText(d) {
  try {
    return new Date(d * 86400000).toLocaleDateString(lang(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  } catch (e) {
    return new Date(d * 86400000).toISOString().slice(0, 10);
  }
}

// trendPlot draws the trend of f: a polyline of its points, oldest first,
// over the band of the whole figure's interval and the line of its value.
function trendPlot(f) {
  const pts = f.trend;
  const W = 320;
  const H = 96;
  const pad = 8;
  const vals = pts.map((p) => p.value);
  let lo = Math.min(f.lo, f.value, ...vals);
  let hi = Math.max(f.hi, f.value, ...vals);
  if (f.kind === 'rate') { lo = Math.max(0, lo); hi = Math.min(1, hi); }
  if (hi - lo < 1e-9) {
    const d = f.kind === 'rate' ? 0.05 : 0.5;
    lo -= d;
    hi += d;
  }
  const m = (hi - lo) * 0.08;
  lo -= m;
  hi += m;
  const x = (i) => (pts.length === 1 ? W / 2 : pad + i * (W - 2 * pad) / (pts.length - 1));
  const y = (v) => pad + (hi - v) * (H - 2 * pad) / (hi - lo);
  const name = figureName(f);
  const first = pts[0];
  const last = pts[pts.length - 1];
  // Its accessible name: the figure, and where the trend went.
  const span = pts.length === 1
    ? fmtValue(f, first.value) + ' (' + periodText(first) + ')'
    : t('profile.trendSpan', { first: fmtValue(f, first.value), from: periodText(first), last: fmtValue(f, last.value), to: periodText(last) });
  const label = t('profile.trend', { name }) + ', ' + span;
  const svg = s('svg', {
    class: 'fig-trend', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': label, 'data-testid': 'fig-trend',
    focusable: 'false',
  },
  s('title', {}, label),
  s('rect', { class: 'fig-band', 'data-testid': 'fig-band', x: 0, y: y(f.hi).toFixed(1), width: W, height: Math.max(1, y(f.lo) - y(f.hi)).toFixed(1) }),
  s('line', { class: 'fig-mean', x1: 0, x2: W, y1: y(f.value).toFixed(1), y2: y(f.value).toFixed(1) }),
  lo < 0 && hi > 0 && f.kind !== 'rate' ? s('line', { class: 'fig-zero', x1: 0, x2: W, y1: y(0).toFixed(1), y2: y(0).toFixed(1) }) : null,
  pts.length > 1 ? s('polyline', { class: 'fig-line', 'data-testid': 'fig-line', points: pts.map((p, i) => x(i).toFixed(1) + ',' + y(p.value).toFixed(1)).join(' ') }) : null,
  ...pts.map((p, i) => s('circle', { class: 'fig-point', cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: 3.5 },
    s('title', {}, periodText(p) + t('punct.colon') + fmtValue(f, p.value) + ' (n = ' + p.n + ')'))));
  return h('figure', { class: 'fig-plot' }, svg,
    h('figcaption', { class: 'muted fig-dates' }, first.from === last.to
      ? h('span', { class: 'fig-day' }, dayText(first.from))
      : [h('span', {}, dayText(first.from)), h('span', {}, dayText(last.to))]));
}

function periodText(p) {
  return p.from === p.to ? dayText(p.from) : dayText(p.from) + ' – ' + dayText(p.to);
}

// ---- the costliest deals (one's own page only) ----

// contractText writes a costly deal's contract: a bridge contract ("4SX",
// "3NT", "Pass", with its declarer's letter if any) or a belote one (the
// trump named, a bid "100H", a capot).
function contractText(game, c) {
  const str = String(c || '').trim();
  if (!str) return '';
  if (game === 'bridge') {
    if (/^pass$/i.test(str)) return t('call.pass');
    const m = str.match(/^([1-7])(C|D|H|S|NT|N)(XX|X)?(?:\s*(?:by\s+)?([NESW]))?$/);
    if (!m) return str;
    const strain = m[2] === 'N' ? 'NT' : m[2];
    return withDouble(t('call.bid', { level: m[1], strain: t('strain.' + strain) }), m[3] || '') + (m[4] ? ' ' + seatName(m[4]) : '');
  }
  return str.split(/\s+/).map((w) => beloteActionName(w)).join(' ');
}

function cardText(c) {
  if (!/^[SHDC][AKQJT2-9]$/.test(c || '')) return c || '';
  return suitSymbol(c[0]) + rankText(c[1]);
}

function costliest(list) {
  const groups = ['bridge', 'belote'].map((g) => [g, list.filter((x) => x.game === g)]).filter(([, xs]) => xs.length);
  return h('section', { class: 'profile-costly', 'data-testid': 'profile-costly' },
    h('h2', {}, t('profile.costliest')),
    h('p', { class: 'muted' }, t('profile.costliestHelp')),
    groups.map(([g, xs]) => [
      groups.length > 1 ? h('h3', {}, t('game.' + g)) : null,
      h('ol', { class: 'costly-list' }, xs.map((x) => {
        const deal = g === 'bridge' ? t('table.board', { n: x.board || x.deal }) : t('table.deal', { n: x.deal });
        const cost = g === 'bridge' ? tn('contract.tricks', x.cost) : tn('common.points', x.cost);
        const contract = contractText(g, x.contract);
        const href = '#/replay/' + encodeURIComponent(x.gameId) + '/' + x.deal + '/' + x.step;
        return h('li', {}, h('a', {
          href, class: 'costly-link', 'data-testid': 'costly-link',
          dataset: { game: x.gameId, deal: String(x.deal), step: String(x.step) },
          'aria-label': [deal, contract, t('profile.costlyCard', { card: /^[SHDC][AKQJT2-9]$/.test(x.card || '') ? cardName(x.card) : cardText(x.card), trick: x.trick }), t('profile.cost', { cost })].filter(Boolean).join(', '),
        },
        h('span', { class: 'costly-deal' }, deal),
        contract ? h('span', { class: 'costly-contract' }, contract) : null,
        h('span', { class: 'costly-card' }, t('profile.costlyCard', { card: cardText(x.card), trick: x.trick })),
        h('span', { class: 'costly-cost' }, t('profile.cost', { cost })),
        x.finished ? h('span', { class: 'costly-date muted' }, fmtDate(x.finished)) : null));
      })),
    ]));
}
