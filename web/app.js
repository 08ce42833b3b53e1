// app.js: the start page and the route to a board.
import { scenarios, computers, rules, createGame, lobby, offer, join } from './api.js';
import { Board } from './board.js';
import { el, compact } from './dom.js';
import { remembered } from './links.js';
import { ownScenario, uploadField } from './upload.js';
import { ruleOptions, houseFile } from './rules.js';

const app = document.getElementById('app');

function yourGames() {
  const games = Object.entries(remembered())
    .sort((a, b) => b[1].seen.localeCompare(a[1].seen)).slice(0, 20);
  if (!games.length) return null;
  return el('div', { class: 'yours', id: 'yours' }, [el('h2', {}, 'Your games'),
    el('ul', {}, games.map(([tok, g]) => el('li', {}, [el('a', { href: `/play/${tok}` }, g.title), ` — ${g.role}, last seen ${g.seen.slice(0, 10)}`])))]);
}

function route() {
  const m = location.pathname.match(/^\/play\/([0-9a-f]+)$/);
  app.textContent = '';
  if (m) {
    const b = new Board(app, m[1]);
    /** @type {any} */ (window).gpwBoard = b; // for the browser tests and the console
    b.start();
  } else {
    startPage();
  }
}

// startPage lets a player pick a scenario, variant or house module, a
// mode and a side.
async function startPage() {
  const [list, levels, choice] = await Promise.all([scenarios(), computers(), rules().catch(() => ({ variants: [], house: [] }))]);
  const form = el('form', { class: 'start' });
  const scen = el('select', { name: 'scenario', id: 'scenario' },
    [...list.map((s) => el('option', { value: s.name }, `${s.title || s.name} (${s.name}, ${s.start}–${s.end})`)),
      el('option', { value: ownScenario }, 'a scenario of your own (.toml file)…')]);
  const upload = uploadField();
  scen.value = list.some((s) => s.name === 'gdw/barbarossa') ? 'gdw/barbarossa' : list[0].name;
  const variant = el('select', { name: 'rules', id: 'rules' });
  const module = el('input', { type: 'file', accept: '.lua', id: 'module' });
  const moduleLabel = el('label', { class: 'module' }, ['House module ', module]);
  const fillVariants = () => {
    const s = list.find((x) => x.name === scen.value) || { variants: [''] };
    upload.label.hidden = scen.value !== ownScenario;
    variant.replaceChildren(...ruleOptions(s.variants, choice.house).map(([v, label]) => el('option', { value: v }, label)));
    moduleLabel.hidden = variant.value !== houseFile;
  };
  scen.addEventListener('change', fillVariants);
  variant.addEventListener('change', () => { moduleLabel.hidden = variant.value !== houseFile; });
  fillVariants();
  const mode = el('select', { name: 'mode', id: 'mode' }, [
    el('option', { value: 'solo' }, 'solo against the computer'),
    el('option', { value: 'hotseat' }, 'hot-seat (both sides on this screen)'),
    el('option', { value: 'network' }, 'two players over the network'),
  ]);
  const side = el('select', { name: 'side', id: 'side' }, [el('option', { value: 'axis' }, 'Axis'), el('option', { value: 'soviet' }, 'Soviet')]);
  const auto = el('input', { type: 'checkbox', id: 'auto', checked: true });
  const level = el('select', { name: 'computer', id: 'computer' }, levels.map((l) => el('option', { value: l.name }, `${l.name}: ${l.text}`)));
  level.value = levels.some((l) => l.name === 'normal') ? 'normal' : levels[0].name;
  const out = el('div', { class: 'links' });
  const open = el('input', { type: 'checkbox', id: 'open' });
  form.append(
    el('h1', {}, 'The Great Patriotic War'),
    el('p', { class: 'sub' }, 'Every rule enforced. Pick a game.'),
    el('label', {}, ['Scenario ', scen]),
    upload.label,
    el('label', {}, ['Rules ', variant]),
    moduleLabel,
    el('label', {}, ['Mode ', mode]),
    el('label', { class: 'yourside' }, ['Your side ', side]),
    el('label', { class: 'computer' }, ['Computer ', level]),
    el('label', {}, [auto, ' set up by the automatic rule']),
    el('label', { class: 'open' }, [open, ' offer the other side in the lobby (anyone may join as it)']),
    el('button', { type: 'submit', id: 'create' }, 'Start the game'),
    out);
  // the computer matters only in a solo game; the side in solo and when
  // the other side of a network game is offered in the lobby
  const solo = () => {
    for (const l of form.querySelectorAll('.computer')) /** @type {HTMLElement} */ (l).hidden = mode.value !== 'solo';
    for (const l of form.querySelectorAll('.yourside')) /** @type {HTMLElement} */ (l).hidden = !(mode.value === 'solo' || (mode.value === 'network' && open.checked));
    for (const l of form.querySelectorAll('.open')) /** @type {HTMLElement} */ (l).hidden = mode.value !== 'network';
  };
  mode.addEventListener('change', solo);
  open.addEventListener('change', solo);
  solo();
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const req = { scenario: scen.value, mode: mode.value, side: side.value, computer: level.value, auto_setup: auto.checked };
    if (scen.value === ownScenario) {
      try { req.upload = await upload.read(); } catch (err) { out.textContent = err.message; return; }
      req.scenario = req.upload.file.replace(/\.toml$/, '');
    }
    if (variant.value === houseFile) {
      const f = module.files[0];
      if (!f) { out.textContent = 'Choose a .lua file for the house module.'; return; }
      req.module = { name: f.name, source: await f.text() };
    } else {
      req.rules = variant.value;
    }
    try {
      const c = await createGame(req);
      if (req.mode === 'network' && open.checked) {
        // keep my side's link, offer the other's in the lobby
        const other = side.value === 'axis' ? 'soviet' : 'axis';
        await offer(c.links[other].split('/').pop());
        location.href = c.links[side.value];
      } else if (req.mode === 'network') {
        out.replaceChildren(el('p', {}, 'Each side has its own private link: keep yours, send the other to your opponent. Anyone with the spectator link may watch.'),
          ...Object.entries(c.links).map(([role, link]) => el('p', {}, [el('b', {}, role + ': '), el('a', { href: link }, location.origin + link)])));
      } else {
        location.href = c.you;
      }
    } catch (err) {
      out.textContent = err.message + (err.rule ? ` (${err.rule})` : '');
    }
  });
  // the lists outside the form: their buttons must not submit it
  app.append(el('div', { class: 'start-page' }, compact([form, lobbyList(), yourGames()])));
}

// lobbyList lists the network games whose other side anyone may take.
function lobbyList() {
  const box = el('div', { class: 'yours', id: 'lobby' });
  lobby().then((games) => {
    if (!games.length) return;
    box.replaceChildren(el('h2', {}, 'Open games: join one'), el('ul', {}, games.map((g) => el('li', {}, [
      `${g.title} (${g.rules}), created ${g.created.slice(0, 16).replace('T', ' ')}: `,
      el('button', { type: 'button', class: 'join', 'data-game': g.id, onclick: async () => { const r = await join(g.id); location.href = r.link; } }, `play ${g.side}`)]))));
  }).catch(() => {});
  return box;
}

route();
