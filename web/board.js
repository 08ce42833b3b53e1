// board.js: the controller of one game's board. Everything a player may
// do comes from the server's view (its legal actions); the board only
// highlights them and sends the command words. The map is view.js, the
// bar and side panel panel.js.
//
// Extension point: a tool (board.use(tool)) takes over clicks and adds a
// panel while it is active — a setup mode, say (web/setup.js):
//   {name, active(board) → bool, click?(board, hex) → bool (handled),
//    panel?(board) → Node|null, draw?(board), hint?(board) → string}
import { Game } from './api.js';
import { el } from './dom.js';
import { MapView } from './view.js';
import { remember, settings } from './links.js';
import * as panel from './panel.js';
import { LEGIBLE, LEGIBLE_PHONE, PHONE, lastMoves, retreatChoices, unitChoices, leftToDo, summary, turns, taken } from './logic.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').LogLine} LogLine */
/** @typedef {import('./types.js').Unit} Unit */
/** @typedef {import('./types.js').Target} Target */

/**
 * @typedef {{name: string, active: (b: Board) => boolean, click?: (b: Board, hex: string) => boolean|Promise<boolean>,
 *   panel?: (b: Board) => Node|null, draw?: (b: Board) => void, hint?: (b: Board) => string}} Tool
 * @typedef {{kind: string, unit?: string, reach?: any, path?: any, target?: Target, attackers?: string[],
 *   preview?: any, error?: string, area?: string[]|null, word?: string, uses?: Map<string, any[]>, at?: string}} Selection
 */

/** isPhone says whether the screen gets the phone layout. */
export const isPhone = () => window.innerWidth <= PHONE;

export class Board {
  /** @param {HTMLElement} root @param {string} token */
  constructor(root, token) {
    this.root = root;
    this.api = new Game(token);
    /** @type {View} */
    this.view = /** @type {any} */ (null);
    /** @type {LogLine[]} */
    this.log = [];
    /** @type {MapView} */
    this.map = /** @type {any} */ (null);
    /** @type {Selection|null} */
    this.sel = null;
    /** @type {Set<string>} */
    this.overlays = new Set();
    /** @type {Object<string, any>} */
    this.overlayData = {};
    /** @type {Set<string>} */
    this.outOfSupply = new Set();
    /** @type {View|null} a past position being shown */
    this.replay = null;
    /** @type {number} the step of the last turn's replay shown, -1: all */
    this.trail = -1;
    this.busy = false;
    /** @type {string} a question waiting for an answer: 'end' */
    this.asking = '';
    /** @type {Tool[]} */
    this.tools = [];
    /** @type {{n: number, side: string, text: string, at: string}[]} */
    this.chat = [];
    this.hoverHexId = '';
    /** @type {Map<string, Unit>} */
    this.units = new Map();
    /** @type {Map<number, Object<string, string>>} city control at the start of each player turn seen */
    this.controlAt = new Map();
    /** @type {Object<string, boolean>} the panel's sections opened or closed by the player */
    this.opened = {};
    /** @type {{lines: LogLine[], first: number, last: number, epoch: number, list: string}|null} the log as the panel shows it */
    this.logShown = null;
    /** a past turn being played again (replayTurn) */
    this.playing = false;
    /** @type {any} the charts of the rules, once read */
    this.charts = null;
  }

  /** use adds a tool (see the top of this file). @param {Tool} tool */
  use(tool) { this.tools.push(tool); if (this.view) this.render(); }

  /** The tool taking over now, if any. */
  tool() { return this.tools.find((t) => t.active(this)) || null; }

  async start() {
    this.layout();
    const [geo, terrain, view] = await Promise.all([this.api.geometry(), this.api.terrain(), this.api.view(0, 0)]);
    this.map = new MapView(this.mapBox, geo, terrain, {
      onClick: (h) => this.clickHex(h), onHover: (h) => this.hoverHex(h),
      key: `gpw-zoom-${view.game.id}`, minPx: () => (isPhone() ? LEGIBLE_PHONE + 2 : LEGIBLE + 4),
    });
    this.mapBox.append(panel.zoomButtons(this));
    this.setView(view);
    if (!this.map.restore()) this.frame();
    this.api.events((v) => { if (v !== this.view.version) this.refresh(v); if (this.view.game.mode === 'network') this.loadChat(); });
    if (view.game.mode === 'network') this.loadChat();
    remember(this.api.token, view.game.title, view.role);
    this.keys();
    document.body.dataset.readyMs = String(Math.round(performance.now())); // from the page's start
    document.body.dataset.ready = 'true';
  }

  /** frame shows the front, legible. */
  frame() {
    const side = this.view.role === 'axis' || this.view.role === 'soviet' ? this.view.role : this.view.acting;
    this.map.frameUnits(this.view.units, side);
  }

  /** focus centres a hex (for the tests and the console). @param {string} hex @param {number} [k] */
  focus(hex, k) { this.map.focus(hex, k); }

  // keys: e ends the phase (asking first), u undoes, Escape drops what is chosen.
  keys() {
    document.addEventListener('keydown', (e) => {
      const t = /** @type {HTMLElement} */ (e.target);
      if (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
      const a = this.view && this.view.actions;
      if (e.key === 'Escape') { this.sel = null; this.asking = ''; this.render(); }
      else if (e.key === 'e' && a && a.end && !this.busy) this.end();
      else if (e.key === 'u' && !this.busy) this.undo();
    });
  }

  layout() {
    this.bar = el('div', { class: 'bar', id: 'bar' });
    this.mapBox = el('div', { class: 'mapbox', id: 'mapbox' });
    this.hover = el('div', { class: 'hover', id: 'hover' });
    this.panel = el('div', { class: 'panel', id: 'panel' });
    this.extras = el('div', { class: 'extras', id: 'extras' });
    this.logBox = el('ol', { class: 'log', id: 'log' });
    this.msg = el('div', { class: 'msg', id: 'msg', role: 'status' });
    this.side = el('div', { class: 'side peek', id: 'side' });
    const handle = el('button', { class: 'handle', id: 'sheet', title: 'pull the panel up or down', onclick: () => this.sheet() }, '');
    this.side.append(handle, this.msg, this.panel, this.extras, el('h3', {}, 'Log'), this.logBox);
    this.root.append(el('div', { class: 'board' }, [this.bar, el('div', { class: 'main' }, [this.mapBox, this.side]), this.hover]));
  }

  /** sheet cycles the phone's bottom sheet: peek, full, hidden. @param {string} [to] */
  sheet(to) {
    const order = ['peek', 'full', 'closed'];
    const now = order.find((c) => this.side.classList.contains(c)) || 'peek';
    const next = to || order[(order.indexOf(now) + 1) % order.length];
    this.side.classList.remove(...order);
    this.side.classList.add(next);
  }

  // --- the view ---

  /** refresh reads the view again, until it is at least version want:
   * asked for while a read runs, it waits for that read, and reads
   * again only if that one was older than wanted. @param {number} [want] */
  async refresh(want = 0) {
    this.want = Math.max(this.want || 0, want);
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      do {
        const t0 = performance.now();
        const v = await this.api.view(this.logNext || 0, this.epoch || 0);
        const t1 = performance.now();
        this.setView(v);
        this.lastView = t1 - t0;
        this.lastDraw = performance.now() - t1;
      } while (this.view.version < this.want);
    })();
    try { await this.refreshing; } finally { this.refreshing = null; }
  }

  /** @param {View} v */
  setView(v) {
    // the server sends the log from where this board stopped, or all of
    // it again when an undo rewrote it (a new epoch)
    this.log = this.log.filter((l) => l.n < v.log_from).concat(v.log);
    this.logNext = v.log_total;
    this.epoch = v.log_epoch;
    const same = this.view && this.view.version === v.version;
    const was = this.view;
    this.view = v;
    if (this.sel && !same) this.sel = null; // the game moved on
    if (!same) { this.asking = ''; this.trail = -1; }
    this.units = new Map(v.units.map((u) => [u.id, u]));
    // who held each city when a player turn began, as this page saw it
    const n = turns(this.log).length;
    if (!this.controlAt.has(n)) this.controlAt.set(n, { ...v.control });
    if (was && !was.you_act && v.you_act) this.yourTurn();
    this.render();
  }

  /** yourTurn tells a player whose tab is elsewhere that it is their move. */
  yourTurn() {
    if (!settings.notify || typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden) return;
    new Notification(`${this.view.game.title}: your move`, { body: `${this.view.status.turn}, ${this.view.status.phase}`, tag: `gpw-${this.view.game.id}` });
  }

  shown() { return this.replay || this.view; }

  render() {
    this.units = new Map(this.shown().units.map((u) => [u.id, u]));
    panel.bar(this);
    this.renderMap();
    panel.side(this);
    panel.log(this, this.replay ? this.replay.log : this.log);
  }

  /** The moves and battles of the last player turns, from the log. */
  marks() { return lastMoves(this.log); }

  /** The last complete player turn summed up, with the cities it took
   * when this page saw its start and its end. */
  summary() {
    const s = summary(this.log);
    if (!s) return null;
    const n = turns(this.log).length, before = this.controlAt.get(n - 1), after = this.controlAt.get(n);
    return { ...s, taken: before && after ? taken(before, after, this.map.geo.places) : null };
  }

  /** The player turns of the log. */
  turns() { return turns(this.log); }

  renderMap() {
    const v = this.shown(), m = this.map, a = this.replay ? undefined : this.view.actions;
    m.marks(v.control, v.hex_marks || {});
    const pick = new Set();
    if (a && a.decision) for (const k of unitChoices(a.decision, this.decider()).keys()) pick.add(k);
    m.counters(v.units, { selected: this.sel?.unit, unsupplied: this.outOfSupply, marks: v.unit_marks, pick });
    const h = this.replay ? { moves: [], battles: [] } : this.marks();
    m.history(h.moves, h.battles, this.trail);
    this.renderHighlights();
  }

  /** The side whose choices this page may make in a decision (null: either). */
  decider() { return this.view.role === 'both' ? null : this.view.role; }

  renderHighlights() {
    const m = this.map;
    m.clear();
    this.renderOverlays();
    if (this.replay) return;
    const tool = this.tool();
    if (tool) { if (tool.draw) tool.draw(this); return; }
    const a = this.view.actions;
    if (!a) return;
    const sel = this.sel;
    if (a.decision) {
      const d = a.decision;
      const from = this.decisionFrom();
      if (from) m.tint(from, 'target chosen');
      for (const c of retreatChoices(d, this.decider(), m.geo.places).values()) {
        m.tint(c.hex, c.zoc ? 'retreat-to costly' : 'retreat-to', c.label, c.words);
        if (c.hex === this.hoverHexId && from) m.path([from].concat(c.path), 'retreat strong');
      }
      for (const [id] of unitChoices(d, this.decider())) {
        const u = this.units.get(id);
        if (u && u.hex) m.tint(u.hex, d.kind === 'loss' ? 'pick-loss' : 'pick-advance');
      }
      if (d.kind === 'advance' && from) m.tint(from, 'reach');
      return;
    }
    if (!sel) {
      for (const id of [].concat(/** @type {any} */ (a.move || []), /** @type {any} */ (Object.keys(a.rail || {})))) {
        const u = this.units.get(id);
        if (u && u.hex && !u.moved) m.tint(u.hex, 'can-act');
      }
      for (const t of a.attack || []) m.tint(t.hex, 'target');
      return;
    }
    if (sel.kind === 'move' && sel.reach) {
      for (const h of sel.reach.hexes) m.tint(h.hex, h.end ? 'reach' : 'reach pass', h.mp);
      if (sel.path) m.path([sel.reach.from].concat(sel.path.path), 'move');
    }
    if (sel.kind === 'attack' && sel.target) {
      const t = sel.target;
      m.tint(t.hex, 'target chosen');
      t.from.forEach((h, i) => m.tint(h, (sel.attackers || []).includes(t.attackers[i]) ? 'attacker on' : 'attacker'));
    }
    if ((sel.kind === 'place' || sel.kind === 'rebuild') && sel.area) for (const h of sel.area) m.tint(h, 'reach');
    if (sel.kind === 'rail' && sel.unit) for (const h of (a.rail || {})[sel.unit] || []) m.tint(h, 'reach');
    if (sel.kind === 'module' && sel.uses) for (const h of sel.uses.keys()) m.tint(h, 'reach module', undefined, (sel.uses.get(h) || []).map((u) => u.text || u.line).join('\n'));
  }

  /** The defender's hex of the battle a decision is about: the last combat's. */
  decisionFrom() {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const ev = this.log[i].event;
      if (ev.event === 'combat') return /** @type {string} */ (ev.hex);
    }
    return '';
  }

  renderOverlays() {
    for (const k of this.overlays) {
      const o = this.overlayData[k];
      if (!o) continue;
      for (const [hex, val] of Object.entries(o.hexes)) this.map.tint(hex, `ov ov-${o.kind} ov-${val}`);
    }
  }

  /** @param {string} k */
  async toggleOverlay(k) {
    if (this.overlays.has(k)) this.overlays.delete(k);
    else this.overlays.add(k);
    await this.loadOverlays();
    this.render();
  }

  async loadOverlays() {
    this.overlayData = {};
    this.outOfSupply = new Set();
    for (const k of this.overlays) {
      const [kind, side] = k.split('-');
      if (kind === 'supply') {
        const [a, s] = await Promise.all([this.api.overlay('supply', 'axis'), this.api.overlay('supply', 'soviet')]);
        this.overlayData[k] = { kind: 'supply', hexes: { ...a.hexes, ...s.hexes } };
        for (const u of [...(a.units || []), ...(s.units || [])]) this.outOfSupply.add(u);
      } else {
        this.overlayData[k] = await this.api.overlay(kind, side || '');
      }
    }
  }

  // --- replay ---

  /** @param {number} n */
  async stepTo(n) {
    if (n === this.view.game.entries) { this.replay = null; this.render(); return; }
    this.replay = await this.api.at(n);
    this.render();
  }

  /** turnEntry finds the first record entry after which a player turn
   * has begun: the least K whose position's log reaches that turn's first
   * event (a binary search over past positions). @param {number} at the event */
  async turnEntry(at) {
    let lo = 0, hi = this.view.game.entries;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const v = await this.api.at(mid);
      if (v.log_total > at) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  /** replayTurn plays the last complete player turn again on the map,
   * position by position, from its start to the start of the turn now. */
  async replayTurn() {
    const ts = turns(this.log);
    if (ts.length < 2) return;
    const [from, to] = await Promise.all([this.turnEntry(ts[ts.length - 2].at), this.turnEntry(ts[ts.length - 1].at)]);
    this.playing = true;
    for (let k = from; k <= to && this.playing; k++) {
      await this.stepTo(k);
      await new Promise((r) => setTimeout(r, 600));
    }
    // then the game now, unless the player stopped somewhere
    if (this.playing) this.replay = null;
    this.playing = false;
    this.render();
  }

  /** stepTrail shows one step of the last turns' moves and battles; -1 all. @param {number} i */
  stepTrail(i) {
    const h = this.marks(), n = h.moves.length + h.battles.length;
    this.trail = i < 0 || i >= n ? -1 : i;
    this.render();
    if (this.trail >= 0) {
      const hex = this.trail < h.moves.length ? h.moves[this.trail].path.at(-1) : h.battles[this.trail - h.moves.length].hex;
      if (hex) this.map.focus(hex, this.map.zoom.k);
    }
  }

  // --- acting ---

  /** @param {string} id */
  hoverHex(id) {
    this.hoverHexId = id;
    const geo = this.map.geo;
    const place = geo.places[id];
    const units = this.shown().units.filter((u) => u.hex === id);
    const parts = [id];
    if (place) parts.push(`${place} (${geo.kinds[id]})`);
    for (const u of units) parts.push(u.hidden ? `${u.side} unit (unknown)` : `${u.id} ${u.kind} ${u.attack}-${u.mp}${u.reduced ? ' (reduced)' : ''}${u.supplied === false ? ' OUT OF SUPPLY' : ''}`);
    const s = this.sel;
    if (s && s.kind === 'move' && s.reach) {
      const h = s.reach.hexes.find((/** @type {any} */ x) => x.hex === id);
      if (h) parts.push(`${h.mp} of ${s.reach.allowance} MP${h.end ? '' : ' (pass through only)'}`);
      s.path = h || null;
    }
    const a = this.view.actions;
    if (a && a.decision) {
      const c = retreatChoices(a.decision, this.decider(), geo.places).get(id);
      if (c) parts.push(c.words);
    }
    this.map.openStack(id);
    this.hover.textContent = parts.join(' · ');
    this.renderHighlights();
  }

  /** @param {string} id */
  async clickHex(id) {
    if (this.replay || this.busy) return;
    const tool = this.tool();
    if (tool && tool.click && await tool.click(this, id)) return;
    const a = this.view.actions;
    if (!a) { this.map.openStack(id); return; }
    if (a.decision) { await this.decideAt(id); return; }
    const s = this.sel;
    const here = this.view.units.filter((u) => u.hex === id);
    const u = here.find((x) => (a.move || []).includes(x.id) && !x.moved) || here.find((x) => (a.rail || {})[x.id]) || here[here.length - 1];
    // a second tap on a stack chooses its next unit that may act, then none
    if (s && (s.kind === 'move' || s.kind === 'rail') && here.some((x) => x.id === s.unit)) {
      const can = here.filter((x) => (s.kind === 'move' ? (a.move || []).includes(x.id) && !x.moved : !!(a.rail || {})[x.id]));
      const next = can[can.findIndex((x) => x.id === s.unit) + 1];
      this.sel = null;
      if (next) await this.choose(next, s.kind);
      else this.render();
      return;
    }
    if (s && s.kind === 'move') {
      const h = s.reach && s.reach.hexes.find((/** @type {any} */ x) => x.hex === id && x.end);
      if (h) { this.moveNow(/** @type {string} */ (s.unit), id); await this.send(`move ${s.unit} ${h.path.join(' ')}`); return; }
    }
    if (s && s.kind === 'rail' && s.unit) {
      if (((a.rail || {})[s.unit] || []).includes(id)) { this.moveNow(s.unit, id); await this.send(`rail ${s.unit} ${id}`); return; }
    }
    if (s && s.kind === 'place') { await this.send(`place ${s.unit} ${id}`); return; }
    if (s && s.kind === 'rebuild') { await this.send(`rebuild ${s.unit} ${id}`); return; }
    if (s && s.kind === 'module' && s.uses) {
      const uses = s.uses.get(id) || [];
      if (uses.length === 1) { await this.send(uses[0].line); return; }
      if (uses.length > 1) { s.at = id; this.render(); return; }
    }
    if (s && s.kind === 'attack' && s.target) {
      const t = s.target, ks = t.attackers.filter((_, i) => t.from[i] === id);
      if (ks.length) {
        // the attackers of a hex together: all out if any was in
        const on = s.attackers || [], was = ks.some((k) => on.includes(k));
        s.attackers = was ? on.filter((x) => !ks.includes(x)) : on.concat(ks);
        await this.weigh();
        return;
      }
    }
    const t = (a.attack || []).find((x) => x.hex === id);
    if (t) {
      this.sel = { kind: 'attack', target: t, attackers: t.attackers.slice() };
      await this.weigh();
      return;
    }
    if (u && (a.move || []).includes(u.id)) { await this.choose(u, 'move'); return; }
    if (u && (a.rail || {})[u.id]) { await this.choose(u, 'rail'); return; }
    this.sel = null;
    this.map.openStack(id);
    this.render();
  }

  /** choose selects a unit to move (its reach read) or rail.
   * @param {Unit} u @param {string} kind move or rail */
  async choose(u, kind) {
    this.sel = { kind, unit: u.id };
    if (kind === 'move') {
      try { this.sel.reach = await this.api.reach(u.id); } catch (err) { this.say(err); this.sel = null; }
    }
    this.render();
  }

  /** decideAt answers a decision by a tap on the map: a retreat's
   * destination, or the unit that takes the loss or advances. @param {string} id */
  async decideAt(id) {
    const d = /** @type {import('./types.js').Decision} */ (this.view.actions?.decision);
    const r = retreatChoices(d, this.decider(), this.map.geo.places).get(id);
    if (r) { await this.send(r.option.command); return; }
    const choices = unitChoices(d, this.decider());
    const here = [...choices.keys()].filter((k) => this.units.get(k)?.hex === id);
    if (here.length === 1) { await this.send(/** @type {any} */ (choices.get(here[0])).command); return; }
    if (here.length > 1) { this.map.openStack(id); this.sel = { kind: 'pick', at: id }; this.render(); return; }
    if (d.kind === 'advance' && id === this.decisionFrom() && choices.size === 1) {
      await this.send(/** @type {any} */ ([...choices.values()][0]).command);
    }
  }

  async weigh() {
    const s = /** @type {Selection} */ (this.sel), t = /** @type {Target} */ (s.target);
    s.preview = null; s.error = '';
    const on = s.attackers || [];
    if (on.length) {
      const from = on.map((k) => t.from[t.attackers.indexOf(k)]);
      try { s.preview = await this.api.preview(t.hex, from); } catch (err) { s.error = err.message + (err.rule ? ` (${err.rule})` : ''); }
    }
    this.render();
  }

  async attack() {
    const s = /** @type {Selection} */ (this.sel), t = /** @type {Target} */ (s.target);
    const from = (s.attackers || []).map((k) => t.from[t.attackers.indexOf(k)]);
    await this.send(`attack ${t.hex} from ${from.join(' ')}`);
  }

  /** What would be left undone by ending the phase now ('' : nothing). */
  leftToDo() {
    const a = this.view.actions;
    if (!a) return '';
    const moved = new Set(this.view.units.filter((u) => u.moved).map((u) => u.id));
    return leftToDo(a, moved);
  }

  /** end ends the phase, asking first when units could still act. @param {boolean} [sure] */
  async end(sure) {
    if (!sure && settings.confirmEnd && this.leftToDo()) { this.asking = 'end'; this.sheet('peek'); this.render(); return; }
    this.asking = '';
    await this.send('end');
  }

  /** moveNow draws a unit in the hex it is sent to at once, before the
   * server answers (a refusal's refresh puts it back).
   * @param {string} unit @param {string} hex */
  moveNow(unit, hex) {
    const t0 = performance.now();
    const units = this.view.units.map((u) => (u.id === unit ? { ...u, hex, moved: true } : u));
    this.map.clear();
    this.map.counters(units, { unsupplied: this.outOfSupply, marks: this.view.unit_marks });
    this.drawnIn = performance.now() - t0;
  }

  /** @param {string} cmd */
  async send(cmd) {
    if (cmd.trim() === 'help') { this.showHelp = true; this.render(); return; }
    const t0 = performance.now();
    this.busy = true;
    panel.bar(this); // the buttons off while it is sent
    let t1 = t0, want = 0;
    try {
      want = (await this.api.command(cmd)).version;
      t1 = performance.now();
      this.sel = null;
      this.say('');
    } catch (err) {
      this.say(err);
    } finally {
      this.busy = false;
    }
    // a refusal refreshes too: the game may have moved on in another tab
    await this.refreshAll(want);
    // how long the last command took: answered, the view read, drawn
    this.lastSend = performance.now() - t0;
    this.timing = { shown: this.drawnIn, command: t1 - t0, view: this.lastView, draw: this.lastDraw, total: this.lastSend };
    this.drawnIn = undefined;
  }

  async undo() {
    if (!this.view.undo) { this.say('Nothing to undo: no command of yours since the last die roll.'); return; }
    this.busy = true;
    let want = 0;
    try { want = (await this.api.undo()).version; this.say(''); } catch (err) { this.say(err); } finally { this.busy = false; }
    this.sel = null;
    await this.refreshAll(want);
  }

  /** @param {number} [want] the version to read at least */
  async refreshAll(want = 0) {
    if (this.overlays.size) await this.loadOverlays();
    await this.refresh(want);
  }

  /** say shows a refusal or a note; '' clears it. @param {any} err */
  say(err) {
    if (!err) { this.msg.replaceChildren(); return; }
    const text = typeof err === 'string' ? err : err.message;
    this.msg.replaceChildren(el('p', { class: typeof err === 'string' ? 'note' : 'refused', id: 'refusal' }, [text, err.rule ? el('cite', {}, err.rule) : null]));
  }

  // --- chat (network games) ---

  async loadChat() {
    try {
      const c = await this.api.chat(this.chat.length ? this.chat[this.chat.length - 1].n + 1 : 0);
      if (c.messages.length) { this.chat = this.chat.concat(c.messages); panel.side(this); }
    } catch { /* no chat here */ }
  }

  /** @param {string} text */
  async sendChat(text) {
    try { await this.api.say(text); await this.loadChat(); } catch (err) { this.say(err); }
  }
}
