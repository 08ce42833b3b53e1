// panel.js: the bar over the map and the side panel (a bottom sheet on a
// phone): what is happening, what may be done, the decisions in words as
// a fallback to the map, the odds, the last turn, chat and the log.
import { el, compact } from './dom.js';
import { retreatChoices, unitChoices, unitCommand, optionWords, sendable, useTargets } from './logic.js';
import { settings } from './links.js';
import { setupTools } from './setup.js';

/** @typedef {import('./board.js').Board} Board */
/** @typedef {import('./types.js').LogLine} LogLine */

/** @param {Board} b */
export function zoomButtons(b) {
  return el('div', { class: 'zoom' }, [
    el('button', { onclick: () => b.map.zoomBy(1.25), title: 'zoom in', id: 'zoom-in' }, '+'),
    el('button', { onclick: () => b.map.zoomBy(0.8), title: 'zoom out', id: 'zoom-out' }, '−'),
    el('button', { onclick: () => b.frame(), title: 'show the front', id: 'zoom-front' }, 'fit'),
  ]);
}

/** @param {string} role */
function roleWords(role) {
  return role === 'both' ? 'hot-seat: you play both sides' : role === 'spectator' ? 'you are watching' : `you play ${role}`;
}

/** @param {Board} b */
export function bar(b) {
  const v = b.shown(), st = v.status, g = v.game;
  document.title = `${b.view.you_act ? '▶ your move — ' : ''}${g.title} — gpw`;
  const acting = st.over ? 'the game is over' : v.computer_acting ? `the computer (${v.acting}) is playing` : `${v.acting} to act`;
  const items = [
    el('b', { class: 'title' }, g.title),
    el('span', { class: 'turn', id: 'turn' }, `${st.turn} (last ${st.last})`),
    el('span', { class: 'phase', id: 'phase' }, st.setup ? `setup: ${st.setup}` : `${st.phase} (${st.kind})`),
    st.weather ? el('span', { class: 'weather' }, `weather: ${st.weather}${st.turn_weather ? ' / ' + st.turn_weather : ''}`) : null,
    el('span', { class: 'acting ' + v.acting }, acting),
    el('span', { class: 'role' }, roleWords(v.role)),
  ];
  const a = b.view.actions;
  if (!b.replay && b.view.role !== 'spectator') {
    items.push(el('button', { id: 'end', class: 'act', disabled: !(a && a.end) || b.busy, onclick: () => b.end(), title: 'end the phase (e)' }, 'End phase'));
    items.push(el('button', { id: 'undo', class: 'act', disabled: !b.view.undo || b.busy, onclick: () => b.undo(), title: b.view.undo ? 'take back your last command (u)' : 'nothing to undo since the last die roll' }, 'Undo'));
  }
  for (const [k, label] of [['zoc-axis', 'ZOC axis'], ['zoc-soviet', 'ZOC soviet'], ['supply', 'supply'], ['control', 'control']]) {
    const on = b.overlays.has(k);
    items.push(el('button', { class: 'toggle' + (on ? ' on' : ''), id: 'ov-' + k, 'aria-pressed': on ? 'true' : 'false', onclick: () => b.toggleOverlay(k) }, (on ? '✓ ' : '') + label));
  }
  items.push(el('a', { href: b.api.recordURL, download: `gpw-${g.id}.json`, title: 'the record: commands, dice and hash chain' }, 'record'));
  items.push(g.secret
    ? el('span', { class: 'dice', title: `dice secret (revealed): ${g.secret}\ncommitment: ${g.commitment}` }, `dice ${g.commitment.slice(0, 10)}… revealed`)
    : el('span', { class: 'dice', id: 'commitment', title: `SHA-256 of the dice secret, revealed when the game ends: ${g.commitment}` }, `dice ${g.commitment.slice(0, 10)}…`));
  b.bar.replaceChildren(...compact(items));
}

/** @param {Board} b */
export function side(b) {
  const v = b.shown(), a = b.replay ? undefined : b.view.actions, parts = [];
  if (b.asking === 'end') parts.push(confirmEnd(b));
  // the verdict once: the end's line says it; a victory line only before the end
  const lines = b.replay ? b.replay.log : b.log;
  const ended = lines.filter((l) => l.event.event === 'end');
  const victory = ended.length ? ended.slice(-1) : lines.filter((l) => l.event.event === 'victory');
  if (victory.length) parts.push(el('div', { class: 'victory', id: 'victory' }, victory.map((l) => el('p', {}, l.text))));
  else if (v.game.victory) {
    const now = v.standing && v.standing.length ? v.standing.map((x) => x.text).join('; ') : 'none of the conditions holds';
    parts.push(el('details', { class: 'standing', id: 'standing' }, [
      el('summary', {}, [el('b', {}, 'If the game ended now: '), now]), el('p', {}, v.game.victory)]));
  }
  const tool = b.tool();
  if (b.replay) {
    // stepping through: only the controls
  } else if (tool) {
    if (tool.hint) parts.push(el('p', { class: 'hint' }, tool.hint(b)));
    if (tool.panel) parts.push(tool.panel(b));
  } else if (!a) {
    const why = v.role === 'spectator' ? 'You are watching.' : v.computer_acting ? 'The computer is playing…' : v.status.over ? '' : `Waiting for the ${v.acting} player.`;
    if (why) parts.push(el('p', { class: 'wait', id: 'wait' }, why));
  } else if (a.decision) {
    parts.push(decision(b, a.decision));
  } else {
    parts.push(el('p', { class: 'hint', id: 'hint' }, hint(b)));
    if (b.sel && b.sel.kind === 'attack') parts.push(odds(b));
    if (b.sel && b.sel.kind === 'module') parts.push(moduleUses(b));
    if (a.module && a.module.length) parts.push(moduleWords(b));
    if (a.place && a.place.length) parts.push(place(b));
    if (a.rebuild && a.rebuild.length) parts.push(rebuild(b));
    if (a.warning) parts.push(el('p', { class: 'warning', id: 'warning' }, a.warning));
  }
  if (a && !tool) parts.push(commandBox(b));
  b.panel.replaceChildren(...compact(parts));
  b.extras.replaceChildren(...compact([lastTurn(b), stepper(b), chat(b), charts(b), options(b)]));
  // a section the player opened or closed stays so across renders
  for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (b.side.querySelectorAll('details[id]'))) {
    if (d.id in b.opened) d.open = b.opened[d.id];
    d.addEventListener('toggle', () => { b.opened[d.id] = d.open; });
  }
}

/** @param {Board} b */
function confirmEnd(b) {
  return el('div', { class: 'confirm', id: 'confirm-end' }, [
    el('p', {}, [el('b', {}, 'End the phase? '), `${b.leftToDo()}.`]),
    el('button', { id: 'end-sure', class: 'act', onclick: () => b.end(true) }, 'End the phase'),
    el('button', { id: 'end-keep', onclick: () => { b.asking = ''; b.render(); } }, 'Keep playing'),
    el('label', { class: 'small' }, [el('input', { type: 'checkbox', id: 'end-noask', onchange: (/** @type {Event} */ e) => { settings.confirmEnd = !(/** @type {HTMLInputElement} */ (e.target).checked); } }), ' do not ask again']),
  ]);
}

/** @param {Board} b */
function hint(b) {
  const s = b.sel, a = /** @type {import('./types.js').Actions} */ (b.view.actions);
  if (s && s.kind === 'move') return `${s.unit}: tap a blue hex to move there (the numbers are the MP spent). Tap the unit again to cancel.`;
  if (s && s.kind === 'rail') return `${s.unit}: tap a blue hex to move there by rail.`;
  if (s && s.kind === 'place') return `${s.unit}: tap a blue hex to place it.`;
  if (s && s.kind === 'rebuild') return `${s.unit}: tap a blue hex to rebuild it there.`;
  if (s && s.kind === 'module') return `${s.word}: tap a highlighted hex.`;
  switch (a.kind) {
    case 'move': return `Movement: ${(a.move || []).length} units may move (yellow). Tap one to see where it can go.`;
    case 'rail': return `Rail movement: ${Object.keys(a.rail || {}).length} units may move by rail. Tap one, then a blue hex.`;
    case 'combat': return (a.attack || []).length ? 'Combat: tap a red hex to attack it; tap the green hexes to choose the attackers.' : 'Combat: no attack is possible.';
    case 'reinforcement': return (a.place || []).length ? 'Reinforcements: choose a unit below, then a hex.' : 'Reinforcements: nothing to place.';
    case 'setup': return 'Setup: choose a unit below and a hex of its area, or place the rest automatically.';
  }
  return '';
}

/** @param {Board} b */
function odds(b) {
  const s = /** @type {import('./board.js').Selection} */ (b.sel), p = s.preview, t = /** @type {import('./types.js').Target} */ (s.target);
  const box = el('div', { class: 'odds', id: 'odds' }, [el('h3', {}, `Attack on ${t.defender} in ${t.hex}`)]);
  box.append(el('p', {}, 'Attackers (tap the green hexes to add or remove): ' + ((s.attackers || []).join(', ') || 'none')));
  if (s.error) box.append(el('p', { class: 'refused' }, s.error));
  if (p) {
    box.append(el('p', {}, `${p.attack} against ${p.defense}: ${p.odds}`));
    const rows = [];
    for (const n of p.notes) rows.push(el('li', {}, [n.text, el('cite', {}, n.rule)]));
    for (const sh of p.shifts) rows.push(el('li', {}, [`${sh.cause} ${sh.columns > 0 ? '+' : ''}${sh.columns} column`, el('cite', {}, sh.rule)]));
    if (p.held) rows.push(el('li', {}, ['shifts stop at the edge of the table', el('cite', {}, p.held)]));
    if (rows.length) box.append(el('ul', { class: 'why' }, rows));
    box.append(el('p', {}, el('b', {}, `column ${p.column}`)));
    box.append(el('table', { class: 'chances' }, p.chances.map((/** @type {any} */ c) =>
      el('tr', {}, [el('td', {}, c.result), el('td', {}, 'die ' + c.dice.join(',')), el('td', {}, `${Math.round(c.percent)}%`)]))));
  }
  box.append(el('button', { id: 'roll', class: 'act', disabled: !p || b.busy, onclick: () => b.attack() }, 'Roll'),
    el('button', { onclick: () => { b.sel = null; b.render(); } }, 'Cancel'));
  return box;
}

/** decision shows a battle's decision: on the map first, here in words.
 * @param {Board} b @param {import('./types.js').Decision} d */
function decision(b, d) {
  const side = b.decider(), places = b.map.geo.places;
  const retreats = retreatChoices(d, side, places), units = unitChoices(d, side);
  // the engine's text lists every option: the map and the buttons say them in words
  const box = el('div', { class: 'decision', id: 'decision' }, [el('h3', {}, `Decision: ${d.kind}`),
    retreats.size ? null : el('p', {}, d.text)]);
  if (retreats.size) box.append(el('p', { class: 'hint' }, `Tap a marked hex on the map to retreat there (the label is the enemy zones of control entered and the steps they cost; hold a finger or the mouse over one to see its path). Or choose here:`));
  if (units.size) box.append(el('p', { class: 'hint' }, d.kind === 'loss' ? 'Tap the unit that takes the loss (outlined on the map), or choose here:' : 'Tap the unit that advances (outlined on the map), or choose here:'));
  const pickAt = b.sel && b.sel.kind === 'pick' ? b.sel.at : '';
  const list = el('div', { class: 'options' });
  for (const c of retreats.values()) {
    const bt = el('button', { class: 'option', 'data-hex': c.hex, onclick: () => b.send(c.option.command) }, c.words);
    bt.addEventListener('mouseenter', () => b.hoverHex(c.hex));
    list.append(bt);
  }
  for (const o of d.options) {
    if ((side && o.side !== side) || (o.path && o.path.length)) continue;
    const m = unitCommand(o);
    if (m && pickAt && b.units.get(m[2])?.hex !== pickAt) continue;
    list.append(el('button', { class: 'option', onclick: () => b.send(o.command) }, optionWords(o)));
  }
  box.append(list);
  return box;
}

/** @param {Board} b */
function moduleWords(b) {
  const a = /** @type {import('./types.js').Actions} */ (b.view.actions);
  const box = el('div', { class: 'module', id: 'module' }, [el('h3', {}, 'Commands of the rules')]);
  for (const m of a.module || []) {
    const on = b.sel && b.sel.kind === 'module' && b.sel.word === m.word;
    const n = (m.uses || []).length;
    const pick = () => {
      if (on) { b.sel = null; b.render(); return; }
      if (!m.uses) {
        // no uses listed: the word goes to the command box, to complete
        const input = /** @type {HTMLInputElement|null} */ (document.querySelector('#command'));
        if (input) { input.value = m.word + ' '; input.focus(); }
        return;
      }
      b.sel = { kind: 'module', word: m.word, uses: useTargets(m, b.units) };
      b.render();
    };
    box.append(el('button', { class: 'unit' + (on ? ' on' : ''), 'data-word': m.word, disabled: m.uses !== undefined && !n, title: m.help || '', onclick: pick },
      `${m.word}${m.uses ? ` (${n})` : ''}`));
  }
  return box;
}

/** moduleUses lists the uses of the chosen command: those at the tapped
 * hex, or those with no place on the map. @param {Board} b */
function moduleUses(b) {
  const s = /** @type {import('./board.js').Selection} */ (b.sel);
  const m = (b.view.actions?.module || []).find((x) => x.word === s.word);
  const box = el('div', { class: 'uses', id: 'uses' }, [el('p', {}, m?.help || '')]);
  for (const u of m?.uses || []) {
    const placed = (u.hexes && u.hexes.length) || (u.units && u.units.length);
    const here = s.at && (s.uses?.get(s.at) || []).includes(u);
    if (placed && !here) continue;
    box.append(el('button', { class: 'option', onclick: () => b.send(u.line) }, u.text || u.line));
  }
  return box;
}

/** @param {Board} b */
function place(b) {
  const a = /** @type {import('./types.js').Actions} */ (b.view.actions);
  const box = el('div', { class: 'place', id: 'place' }, [el('h3', {}, 'To place')]);
  for (const p of a.place || []) {
    const on = b.sel && b.sel.kind === 'place' && b.sel.unit === p.unit;
    box.append(el('button', { class: 'unit' + (on ? ' on' : ''), onclick: () => { b.sel = { kind: 'place', unit: p.unit, area: p.area ? (a.areas || {})[p.area] : null }; b.render(); } }, p.unit));
  }
  if (a.kind === 'setup') box.append(el('button', { onclick: () => b.send('place auto') }, 'place the rest automatically'));
  if (a.kind === 'setup') box.append(setupTools(b.api.base)); // setup.js: the designer's export
  return box;
}

/** @param {Board} b */
function rebuild(b) {
  const a = /** @type {import('./types.js').Actions} */ (b.view.actions);
  const box = el('div', { class: 'place', id: 'rebuild' }, [el('h3', {}, `Rebuild (${b.view.status.points ?? 0} replacement points)`)]);
  for (const r of a.rebuild || []) {
    const on = b.sel && b.sel.kind === 'rebuild' && b.sel.unit === r.unit;
    const pick = () => {
      if (!r.area) { b.send(`rebuild ${r.unit}`); return; }
      b.sel = { kind: 'rebuild', unit: r.unit, area: (a.areas || {})[r.area] };
      b.render();
    };
    box.append(el('button', { class: 'unit' + (on ? ' on' : ''), onclick: pick, title: r.area ? 'from the eliminated pile: then tap a hex' : 'where it stands' }, `${r.unit} (${r.cost})`));
  }
  return box;
}

/** commandBox sends a command typed in: its suggestions and its help
 * are what may be sent now. @param {Board} b */
function commandBox(b) {
  const can = sendable(b.view.actions, b.view.undo);
  const list = el('datalist', { id: 'commands' }, can.map((c) => el('option', { value: c.line }, c.help)));
  const input = /** @type {HTMLInputElement} */ (el('input', { id: 'command', list: 'commands', placeholder: 'or type a command (help: what may be sent)', autocomplete: 'off' }));
  const form = el('form', { class: 'command' }, [input, list, el('button', { type: 'submit' }, 'Send')]);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const line = input.value.trim();
    if (line === 'undo') b.undo();
    else if (line === 'end') b.end();
    else if (line) b.send(line);
  });
  const out = el('div', { class: 'commandbox' }, [form]);
  if (b.showHelp) {
    out.append(el('ul', { class: 'help', id: 'help' }, can.map((c) => el('li', {}, [el('code', {}, c.line), ' — ', c.help]))));
    b.showHelp = false;
  }
  return out;
}

/** lastTurn sums up the last player turn and steps through its moves and
 * battles on the map. @param {Board} b */
function lastTurn(b) {
  if (b.replay) return null;
  const s = b.summary(), h = b.marks();
  const n = h.moves.length + h.battles.length;
  if (!s && !n) return null;
  const box = el('details', { class: 'summary', id: 'summary', open: !!s && !(b.view.actions && b.view.actions.decision) });
  box.append(el('summary', {}, s ? `Last turn: ${s.side}, ${s.turn}` : 'This turn'));
  if (s) {
    const battles = s.battles.length ? s.battles.map((x) => `${x.result} at ${b.map.geo.places[x.hex] || x.hex}`).join(', ') : 'none';
    box.append(el('ul', {}, compact([
      el('li', {}, `${s.moved} units moved; battles: ${s.battles.length}${s.battles.length ? ` (${battles})` : ''}`),
      el('li', {}, `strength lost: axis ${s.lost.axis || 0}, soviet ${s.lost.soviet || 0}`),
      s.taken ? el('li', { id: 'taken' }, `cities taken: ${['axis', 'soviet'].map((k) => `${k} ${(s.taken[k] || []).join(', ') || 'none'}`).join('; ')}`) : null,
      s.eliminated.length ? el('li', {}, `eliminated: ${s.eliminated.join(', ')}`) : null,
      el('li', {}, `cities held: axis ${Object.values(b.view.control || {}).filter((x) => x === 'axis').length}, soviet ${Object.values(b.view.control || {}).filter((x) => x === 'soviet').length}`),
      b.view.standing && b.view.standing.length ? el('li', {}, `the victory conditions: ${b.view.standing.map((x) => x.text).join('; ')}`) : null,
    ])));
  }
  if (s) {
    box.append(el('p', {}, el('button', { id: 'replay-turn', onclick: () => b.replayTurn() }, `Play the ${s.side} turn again on the map`)));
  }
  if (n) {
    const i = b.trail;
    box.append(el('div', { class: 'trail', id: 'trail' }, [
      el('span', {}, 'Replay the moves: '),
      el('button', { id: 'trail-back', disabled: i === 0, onclick: () => b.stepTrail(i < 0 ? n - 1 : i - 1) }, '◀'),
      el('span', { id: 'trail-at' }, i < 0 ? ` all ${n} ` : ` ${i + 1} / ${n} `),
      el('button', { id: 'trail-fwd', onclick: () => b.stepTrail(i + 1) }, '▶'),
      el('button', { onclick: () => b.stepTrail(-1) }, 'all'),
    ]));
    if (i >= 0) {
      const what = i < h.moves.length ? `${h.moves[i].unit} ${h.moves[i].rail ? 'by rail' : 'moves'} to ${h.moves[i].path.at(-1)}` : (() => { const x = h.battles[i - h.moves.length]; return `battle at ${x.hex}: ${x.odds}, die ${x.die}, ${x.result}`; })();
      box.append(el('p', { class: 'small' }, what));
    }
  }
  return box;
}

/** stepper steps through the whole game (past positions). @param {Board} b */
function stepper(b) {
  const total = b.view.game.entries;
  const n = b.replay ? b.replay.step || 0 : total;
  const go = (/** @type {number} */ k) => { b.playing = false; b.stepTo(Math.max(0, Math.min(total, k))); };
  const controls = [
    el('button', { onclick: () => go(0), title: 'the start' }, '|◀'),
    el('button', { id: 'back', onclick: () => go(n - 1) }, '◀'),
    el('span', {}, ` ${n} / ${total} `),
    el('button', { id: 'fwd', onclick: () => go(n + 1) }, '▶'),
    el('button', { id: 'now', onclick: () => { b.playing = false; b.replay = null; b.render(); }, title: 'the game now' }, '▶|'),
  ];
  return el('details', { class: 'replay', id: 'replay', open: !!b.replay || b.view.game.over }, [el('summary', {}, 'Step through the game'), ...controls]);
}

/** chat between the two players of a network game. @param {Board} b */
function chat(b) {
  if (b.view.game.mode !== 'network') return null;
  const box = el('details', { class: 'chat', id: 'chat', open: true }, [el('summary', {}, `Chat${b.chat.length ? ` (${b.chat.length})` : ''}`)]);
  box.append(el('ol', { class: 'messages' }, b.chat.slice(-50).map((m) => el('li', { class: m.side }, [el('b', {}, m.side + ': '), m.text]))));
  if (b.view.role === 'axis' || b.view.role === 'soviet') {
    const input = /** @type {HTMLInputElement} */ (el('input', { id: 'chat-text', maxlength: 500, placeholder: 'a word to your opponent', autocomplete: 'off' }));
    const form = el('form', { class: 'command' }, [input, el('button', { type: 'submit' }, 'Say')]);
    form.addEventListener('submit', (e) => { e.preventDefault(); const t = input.value.trim(); if (t) { input.value = ''; b.sendChat(t); } });
    box.append(form);
  }
  return box;
}

/** options: the confirmation, notifications, the charts. @param {Board} b */
function options(b) {
  const confirm = el('label', { class: 'small' }, [el('input', { type: 'checkbox', id: 'opt-confirm', checked: settings.confirmEnd,
    onchange: (/** @type {Event} */ e) => { settings.confirmEnd = /** @type {HTMLInputElement} */ (e.target).checked; } }), ' ask before ending a phase with units still able to act']);
  const notes = typeof Notification === 'undefined' ? null : el('label', { class: 'small' }, [el('input', { type: 'checkbox', id: 'opt-notify', checked: settings.notify && Notification.permission === 'granted',
    onchange: async (/** @type {Event} */ e) => {
      const box = /** @type {HTMLInputElement} */ (e.target);
      if (box.checked && Notification.permission !== 'granted') box.checked = (await Notification.requestPermission()) === 'granted';
      settings.notify = box.checked;
    } }), ' notify me when it is my move (another tab in front)']);
  return el('details', { class: 'options', id: 'options' }, [el('summary', {}, 'Options'), confirm, el('br'), notes]);
}

/** charts shows the charts of the rules in force, read when first opened.
 * @param {Board} b */
function charts(b) {
  const box = el('details', { class: 'charts', id: 'charts' }, [el('summary', {}, 'Charts: combat results, terrain')]);
  if (b.charts) box.append(...chartTables(b.charts));
  box.addEventListener('toggle', async () => {
    if (!box.open || b.charts) return;
    try { b.charts = await b.api.charts(); box.append(...chartTables(b.charts)); } catch (err) { b.say(err); }
  });
  return box;
}

/** @param {any} c the server's charts */
function chartTables(c) {
  /** @param {string} caption @param {string} corner @param {{columns: string[], rows: string[], cells: string[][]}} t */
  const table = (caption, corner, t) => el('table', { class: 'chart' }, [
    el('caption', {}, caption),
    el('tr', {}, [el('th', {}, corner), ...t.columns.map((x) => el('th', {}, x))]),
    ...t.rows.map((r, i) => el('tr', {}, [el('th', {}, r), ...(t.cells[i] || []).map((x) => el('td', {}, x))]))]);
  return [
    table(`Combat results (${c.rules})`, 'die', c.crt),
    table('Terrain: MP to enter, by unit class (stop: the move ends there; no: may not enter)', 'terrain', c.move),
  ];
}

/** log lists the events in the order they happened; lines added since
 * the last call are appended (the list is rebuilt when the log was
 * rewritten or another one is shown). @param {Board} b @param {LogLine[]} lines */
export function log(b, lines) {
  const shown = lines.slice(-400);
  const first = shown.length ? shown[0].n : -1, last = shown.length ? shown[shown.length - 1].n : -1;
  const was = b.logShown;
  const item = (/** @type {LogLine} */ l) => {
    const ev = l.event;
    const li = el('li', { class: 'ev-' + ev.event, value: l.n + 1 }, l.text);
    if (ev.die) li.prepend(el('span', { class: 'die', title: 'die' }, String(ev.die)));
    if (ev.rule) li.append(el('cite', {}, ev.rule));
    return li;
  };
  if (was && was.lines === lines && was.first === first && was.last === last) return;
  if (was && was.list === (b.replay ? 'replay' : 'game') && was.epoch === b.epoch && !b.replay && first >= was.first && last >= was.last) {
    const frag = document.createDocumentFragment();
    for (const l of shown) if (l.n > was.last) frag.append(item(l));
    b.logBox.append(frag);
    while (b.logBox.childElementCount > shown.length && b.logBox.firstElementChild) b.logBox.firstElementChild.remove();
  } else {
    const frag = document.createDocumentFragment();
    for (const l of shown) frag.append(item(l));
    b.logBox.replaceChildren(frag);
  }
  b.logShown = { lines, first, last, epoch: b.epoch, list: b.replay ? 'replay' : 'game' };
  b.logBox.scrollTop = b.logBox.scrollHeight;
}
