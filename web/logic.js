// logic.js: what the board works out from the server's view, as plain
// functions (no DOM): framing, the choices of a decision, the last turn's
// marks and summary, what may be sent now. Tested under node --test.

/** @typedef {import('./types.js').Unit} Unit */
/** @typedef {import('./types.js').Zoom} Zoom */
/** @typedef {import('./types.js').Decision} Decision */
/** @typedef {import('./types.js').Option} Option */
/** @typedef {import('./types.js').Actions} Actions */
/** @typedef {import('./types.js').LogLine} LogLine */

/** Counter side, in map units, of a board with hexes hexPx apart. */
export const counterSize = (/** @type {number} */ hexPx) => hexPx * 0.62;

/** The least legible counter, in CSS pixels, on a laptop and on a phone. */
export const LEGIBLE = 28, LEGIBLE_PHONE = 24;

/** The widest screen that gets the phone layout (the panel a bottom sheet). */
export const PHONE = 700;

/**
 * legibleK is the least zoom at which counters are minPx wide.
 * @param {number} hexPx @param {number} minPx
 */
export function legibleK(hexPx, minPx) {
  return minPx / counterSize(hexPx);
}

/**
 * frame is the first view of a board box.w×box.h pixels: the front (the
 * side's units within three hexes of an enemy; else all its units; else
 * every unit), as large as fits but never below the legible zoom, centred
 * on the front's middle.
 * @param {Unit[]} units
 * @param {Map<string, number[]>} center hex → its centre in map units
 * @param {string} side the viewer's side ('' or 'both': either)
 * @param {{w: number, h: number}} box
 * @param {number} hexPx
 * @param {number} minPx
 * @returns {Zoom}
 */
export function frame(units, center, side, box, hexPx, minPx) {
  const placed = units.filter((u) => u.hex && center.has(u.hex));
  const at = (/** @type {Unit} */ u) => /** @type {number[]} */ (center.get(/** @type {string} */ (u.hex)));
  const near = 3 * hexPx;
  const front = placed.filter((u) => placed.some((e) => e.side !== u.side && Math.hypot(at(e)[0] - at(u)[0], at(e)[1] - at(u)[1]) <= near));
  const mine = (/** @type {Unit[]} */ us) => (side === 'axis' || side === 'soviet' ? us.filter((u) => u.side === side) : us);
  let pick = mine(front);
  if (!pick.length) pick = front;
  if (!pick.length) pick = mine(placed);
  if (!pick.length) pick = placed;
  const kMin = legibleK(hexPx, minPx);
  if (!pick.length) return { k: kMin, x: 0, y: 0 };
  const xs = pick.map((u) => at(u)[0]), ys = pick.map((u) => at(u)[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const fit = Math.min(box.w / (x1 - x0 + 2 * hexPx), box.h / (y1 - y0 + 2 * hexPx));
  const k = Math.min(Math.max(fit, kMin), kMin * 2.5);
  // the middle: the bounding box's when it fits, else the median unit's
  let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  if ((x1 - x0) * k > box.w || (y1 - y0) * k > box.h) {
    const mid = (/** @type {number[]} */ a) => a.slice().sort((p, q) => p - q)[Math.floor(a.length / 2)];
    cx = mid(xs); cy = mid(ys);
  }
  return { k, x: box.w / 2 - cx * k, y: box.h / 2 - cy * k };
}

/**
 * zoomAt scales z by f about the screen point (px, py), within [lo, hi].
 * @param {Zoom} z @param {number} f @param {number} px @param {number} py
 * @param {number} lo @param {number} hi
 * @returns {Zoom}
 */
export function zoomAt(z, f, px, py, lo, hi) {
  const k = Math.min(hi, Math.max(lo, z.k * f));
  const r = k / z.k;
  return { k, x: px - (px - z.x) * r, y: py - (py - z.y) * r };
}

/**
 * fan places n stacked counters of side size: spread in a row when open,
 * else offset a little up and right, as a stack.
 * @param {number} n @param {number} size @param {boolean} open
 * @returns {number[][]} offsets [dx, dy] from the hex centre
 */
export function fan(n, size, open) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(open && n > 1 ? [(i - (n - 1) / 2) * size * 1.08, -size * 0.35] : [i * size * 0.12, -i * size * 0.12]);
  }
  return out;
}

/**
 * @typedef {{hex: string, option: Option, path: string[], zoc: number, steps: number, label: string, words: string}} RetreatChoice
 */

/**
 * retreatChoices groups a retreat decision's options by the hex they end
 * in, keeping for each the one through fewest zones of control, then the
 * shortest; each enemy zone of control entered costs a step.
 * @param {Decision} d
 * @param {string|null} side only this side's options (null: any)
 * @param {Object<string, string>} places hex → city name
 * @returns {Map<string, RetreatChoice>}
 */
export function retreatChoices(d, side, places = {}) {
  /** @type {Map<string, RetreatChoice>} */
  const out = new Map();
  for (const o of d.options) {
    if (!o.path || !o.path.length || (side && o.side !== side)) continue;
    const hex = o.path[o.path.length - 1], zoc = o.zoc || 0;
    const had = out.get(hex);
    if (had && (had.zoc < zoc || (had.zoc === zoc && had.path.length <= o.path.length))) continue;
    out.set(hex, { hex, option: o, path: o.path, zoc, steps: zoc, label: zoc ? `${zoc} ZOC −${zoc}` : '0', words: retreatWords(o, places) });
  }
  return out;
}

/**
 * retreatWords says a retreat in words.
 * @param {Option} o @param {Object<string, string>} places
 */
export function retreatWords(o, places = {}) {
  const path = o.path || [];
  const end = path[path.length - 1];
  const name = (/** @type {string} */ h) => (places[h] ? `${places[h]} (${h})` : h);
  const zoc = o.zoc || 0;
  const cost = zoc === 0 ? 'through no enemy zone of control' : `through ${zoc} enemy zone${zoc > 1 ? 's' : ''} of control, losing ${zoc} step${zoc > 1 ? 's' : ''}`;
  return `Retreat ${path.length} hex${path.length > 1 ? 'es' : ''} to ${name(end)}, ${cost}`;
}

/**
 * unitCommand parses an option whose command names a unit ("loss ger-1",
 * "advance ger-1"): [command, verb, unit], or null.
 * @param {Option} o
 */
export function unitCommand(o) {
  return o.command.match(/^(loss|advance)\s+(\S+)$/);
}

/**
 * unitChoices lists a loss or advance decision's options by unit: the
 * options whose command names a unit ("loss ger-1", "advance ger-1").
 * @param {Decision} d @param {string|null} side
 * @returns {Map<string, Option>}
 */
export function unitChoices(d, side) {
  const out = new Map();
  for (const o of d.options) {
    if (side && o.side !== side) continue;
    const m = unitCommand(o);
    if (m) out.set(m[2], o);
  }
  return out;
}

/**
 * optionWords says in words an option that is not a retreat path nor a
 * unit's loss or advance: stand, nostand, noadvance...
 * @param {Option} o
 */
export function optionWords(o) {
  const words = /** @type {Object<string, string>} */ ({
    stand: 'Stand and take the result in place (no retreat)',
    nostand: 'Do not stand: retreat',
    noadvance: 'Do not advance',
  });
  const m = unitCommand(o);
  if (m) return m[1] === 'loss' ? `${m[2]} takes the loss` : `${m[2]} advances`;
  if (o.path) return retreatWords(o);
  return words[o.command] || o.command;
}

/** @param {string} phase a phase id: axis-move */
export const phaseSide = (phase) => (phase || '').split('-')[0];

/**
 * turns splits the log into player turns: the index of each line where a
 * side's run of phases begins, with the side.
 * @param {LogLine[]} log
 * @returns {{at: number, side: string, turn: string}[]}
 */
export function turns(log) {
  const out = [];
  let side = '';
  log.forEach((l, i) => {
    const ev = l.event;
    if (ev.event !== 'phase') return;
    const s = phaseSide(ev.phase);
    if (s && s !== side) { out.push({ at: i, side: s, turn: ev.turn || '' }); side = s; }
  });
  return out;
}

/**
 * @typedef {{unit: string, path: string[], rail: boolean, now: boolean}} MoveMark
 * @typedef {{hex: string, result: string, die: number, odds: string, column: string, now: boolean}} BattleMark
 */

/**
 * lastMoves lists what to mark on the board: the moves and battles of the
 * last player turn before the current one and of the current one so far.
 * @param {LogLine[]} log
 * @returns {{moves: MoveMark[], battles: BattleMark[], side: string}}
 */
export function lastMoves(log) {
  const ts = turns(log);
  if (!ts.length) return { moves: [], battles: [], side: '' };
  const cur = ts[ts.length - 1], prev = ts.length > 1 ? ts[ts.length - 2] : cur;
  /** @type {MoveMark[]} */ const moves = [];
  /** @type {BattleMark[]} */ const battles = [];
  for (let i = prev.at; i < log.length; i++) {
    const ev = log[i].event, now = i >= cur.at;
    if ((ev.event === 'move' || ev.event === 'rail') && ev.path && ev.path.length) {
      moves.push({ unit: ev.unit, path: [ev.from].concat(ev.path), rail: ev.event === 'rail', now });
    } else if (ev.event === 'combat') {
      battles.push({ hex: ev.hex, result: ev.result, die: ev.die, odds: ev.odds, column: ev.column, now });
    }
  }
  return { moves, battles, side: cur.side };
}

/**
 * @typedef {{side: string, turn: string, battles: {hex: string, result: string, column: string, die: number}[],
 *   lost: Object<string, number>, eliminated: string[], moved: number}} Summary
 */

/**
 * summary sums up the last complete player turn: its battles, the
 * strength each side lost, the units eliminated, how many moved.
 * @param {LogLine[]} log
 * @returns {Summary|null}
 */
export function summary(log) {
  const ts = turns(log);
  if (ts.length < 2) return null;
  const t = ts[ts.length - 2], end = ts[ts.length - 1].at;
  /** @type {Summary} */
  const s = { side: t.side, turn: t.turn, battles: [], lost: { axis: 0, soviet: 0 }, eliminated: [], moved: 0 };
  const moved = new Set();
  for (let i = t.at; i < end; i++) {
    const ev = log[i].event;
    if (ev.event === 'combat') s.battles.push({ hex: ev.hex, result: ev.result, column: ev.column, die: ev.die });
    else if (ev.event === 'loss' && ev.side) s.lost[ev.side] = (s.lost[ev.side] || 0) + (ev.lost || 0);
    else if (ev.event === 'eliminated') s.eliminated.push(ev.unit);
    else if (ev.event === 'move' || ev.event === 'rail') moved.add(ev.unit);
  }
  s.moved = moved.size;
  return s;
}

/**
 * leftToDo says what the side could still do in this phase, or '' when
 * nothing: ending the phase then asks first.
 * @param {Actions} a
 * @param {Set<string>} moved units that moved already this phase
 */
export function leftToDo(a, moved = new Set()) {
  const parts = [];
  const can = (a.move || []).filter((id) => !moved.has(id)).length;
  if (can && a.kind === 'move') parts.push(`${can} unit${can > 1 ? 's' : ''} may still move`);
  const rail = Object.values(a.rail || {}).filter((h) => h.length).length;
  if (rail && a.kind === 'rail') parts.push(`${rail} unit${rail > 1 ? 's' : ''} may still move by rail`);
  const atk = (a.attack || []).length;
  if (atk) parts.push(`${atk} enemy hex${atk > 1 ? 'es' : ''} may still be attacked`);
  const place = (a.place || []).length;
  if (place) parts.push(`${place} unit${place > 1 ? 's' : ''} to place`);
  if (a.warning) parts.push(a.warning);
  return parts.join('; ');
}

/**
 * sendable lists the commands that may be sent now, as the command box's
 * help and suggestions: each a template and what it does. Nothing the
 * server would refuse for its kind (no "auto").
 * @param {Actions|undefined} a @param {boolean} undo
 * @returns {{line: string, help: string}[]}
 */
export function sendable(a, undo) {
  const out = [];
  if (!a) return out;
  if (a.decision) {
    for (const o of a.decision.options) out.push({ line: o.command + (o.path ? '' : ''), help: optionWords(o) });
    return out;
  }
  if (a.move && a.move.length) out.push({ line: 'move UNIT HEX...', help: `move a unit along hexes (${a.move.length} may move)` });
  if (a.rail && Object.keys(a.rail).length) out.push({ line: 'rail UNIT HEX', help: 'move a unit by rail' });
  if (a.attack && a.attack.length) out.push({ line: 'attack HEX from HEX...', help: `attack an enemy hex (${a.attack.length} targets)` });
  if (a.place && a.place.length) out.push({ line: 'place UNIT HEX', help: `place a unit (${a.place.length} to place)` });
  if (a.kind === 'setup') out.push({ line: 'place auto', help: 'place the rest by the automatic rule' });
  if (a.rebuild && a.rebuild.length) out.push({ line: 'rebuild UNIT [HEX]', help: 'rebuild a unit' });
  for (const m of a.module || []) {
    if (m.uses && m.uses.length) for (const u of m.uses) out.push({ line: u.line, help: u.text || m.help || m.word });
    else out.push({ line: m.word, help: m.help || 'a command of the rules module' });
  }
  if (a.end) out.push({ line: 'end', help: 'end the phase' });
  if (undo) out.push({ line: 'undo', help: 'take back the last command' });
  return out;
}

/**
 * useTargets lists where a module command's uses point: hex → the uses
 * there, a use's units standing where the units stand.
 * @param {import('./types.js').ModuleWord} m
 * @param {Map<string, Unit>} units by id
 * @returns {Map<string, import('./types.js').Use[]>}
 */
export function useTargets(m, units) {
  const out = new Map();
  for (const u of m.uses || []) {
    const hexes = new Set(u.hexes || []);
    for (const id of u.units || []) { const h = units.get(id)?.hex; if (h) hexes.add(h); }
    for (const h of hexes) out.set(h, (out.get(h) || []).concat([u]));
  }
  return out;
}

/**
 * taken lists the cities that changed hands between two views of city
 * control, by the side that took them, named.
 * @param {Object<string, string>} before @param {Object<string, string>} after
 * @param {Object<string, string>} places hex → city name
 * @returns {Object<string, string[]>}
 */
export function taken(before, after, places = {}) {
  /** @type {Object<string, string[]>} */
  const out = { axis: [], soviet: [] };
  for (const [hex, side] of Object.entries(after)) {
    if (before[hex] && before[hex] !== side) (out[side] = out[side] || []).push(places[hex] || hex);
  }
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}
