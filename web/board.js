// board.js: the board of one game. Everything a player may do comes from
// the server's view (its legal actions); the board only highlights them and
// sends the command words.
import { Game } from './api.js';
import { el, svg } from './dom.js';
import { counter } from './counters.js';
import { remember } from './links.js';
import { setupTools } from './setup.js';

export class Board {
  constructor(root, token) {
    this.root = root;
    this.api = new Game(token);
    this.view = null;      // the server's view
    this.log = [];         // log lines so far
    this.geo = null;       // hex geometry
    this.sel = null;       // what the player is doing: {kind, ...}
    this.overlays = new Set();
    this.replay = null;    // a past position being shown
    this.busy = false;
  }

  async start() {
    this.layout();
    const [geo, terrain, view] = await Promise.all([this.api.geometry(), this.api.terrain(), this.api.view(0, 0)]);
    this.geo = geo;
    this.center = new Map(geo.hexes.map(([id, x, y]) => [id, [x, y]]));
    this.drawMap(terrain);
    this.setView(view);
    this.focusUnits();
    this.api.events((v) => { if (!this.view || v !== this.view.version) this.refresh(); });
    remember(this.api.token, view.game.title, view.role);
    this.keys();
    document.body.dataset.ready = 'true';
  }

  // keys: e ends the phase, u undoes, Escape drops what is chosen.
  keys() {
    document.addEventListener('keydown', (e) => {
      if (e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey) return;
      const a = this.view && this.view.actions;
      if (e.key === 'Escape') { this.sel = null; this.render(); }
      else if (e.key === 'e' && a && a.end && !this.busy) this.send('end');
      else if (e.key === 'u' && this.view && this.view.undo && !this.busy) this.undo();
    });
  }

  // --- layout ---

  layout() {
    this.bar = el('div', { class: 'bar', id: 'bar' });
    this.mapBox = el('div', { class: 'mapbox', id: 'mapbox' });
    this.hover = el('div', { class: 'hover', id: 'hover' });
    this.panel = el('div', { class: 'panel', id: 'panel' });
    this.logBox = el('ol', { class: 'log', id: 'log' });
    this.msg = el('div', { class: 'msg', id: 'msg' });
    const side = el('div', { class: 'side' }, [this.panel, this.msg, el('h3', {}, 'Log'), this.logBox]);
    this.root.append(el('div', { class: 'board' }, [this.bar, el('div', { class: 'main' }, [this.mapBox, side]), this.hover]));
  }

  // drawMap draws the static terrain layer (the SVG of gpw map render,
  // inlined) and one click target per hex over it.
  drawMap(terrainText) {
    const { width, height } = this.geo;
    this.svg = svg('svg', { id: 'map', viewBox: `0 0 ${width} ${height}`, width: '100%', height: '100%' });
    this.vp = svg('g', { id: 'viewport' });
    this.gOverlay = svg('g', { id: 'overlay' });
    this.gMarks = svg('g', { id: 'marks' });
    this.gPaths = svg('g', { id: 'paths', 'pointer-events': 'none' });
    this.gCounters = svg('g', { id: 'counters' });
    this.gLabels = svg('g', { id: 'labels', 'pointer-events': 'none' });
    this.gTargets = svg('g', { id: 'targets' });
    const pts = this.geo.corner.map(([x, y]) => `${x},${y}`).join(' ');
    this.svg.append(svg('defs', {}, [svg('polygon', { id: 'hexshape', points: pts })]));
    const doc = new DOMParser().parseFromString(terrainText, 'image/svg+xml');
    const terrain = svg('g', { id: 'terrain', 'pointer-events': 'none' });
    terrain.append(...[...doc.documentElement.childNodes].map((n) => document.importNode(n, true)));
    this.vp.append(terrain,
      this.gOverlay, this.gMarks, this.gCounters, this.gPaths, this.gLabels, this.gTargets);
    // one click target per hex, tagged with its id
    const frag = document.createDocumentFragment();
    for (const [id, x, y] of this.geo.hexes) {
      frag.append(svg('use', { href: '#hexshape', x, y, class: 'hex', 'data-hex': id }));
    }
    this.gTargets.append(frag);
    this.svg.append(this.vp);
    this.mapBox.append(this.svg, el('div', { class: 'zoom' }, [
      el('button', { onclick: () => this.zoomBy(1.25), title: 'zoom in' }, '+'),
      el('button', { onclick: () => this.zoomBy(0.8), title: 'zoom out' }, '−'),
    ]));
    this.gTargets.addEventListener('click', (e) => {
      const id = e.target.dataset && e.target.dataset.hex;
      if (id && !this.dragged) this.clickHex(id);
    });
    this.gTargets.addEventListener('mouseover', (e) => {
      const id = e.target.dataset && e.target.dataset.hex;
      if (id) this.hoverHex(id);
    });
    this.panZoom();
  }

  panZoom() {
    this.zoom = { k: 1, x: 0, y: 0 };
    let start = null;
    this.svg.addEventListener('pointerdown', (e) => { start = { x: e.clientX, y: e.clientY, zx: this.zoom.x, zy: this.zoom.y }; this.dragged = false; });
    this.svg.addEventListener('pointermove', (e) => {
      if (!start || !(e.buttons & 1)) return;
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) this.dragged = true;
      if (!this.dragged) return;
      const s = this.scale();
      this.zoom.x = start.zx + dx * s; this.zoom.y = start.zy + dy * s;
      this.applyZoom();
    });
    window.addEventListener('pointerup', () => { start = null; setTimeout(() => { this.dragged = false; }, 0); });
    this.svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const pt = this.toMap(e.clientX, e.clientY);
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, pt);
    }, { passive: false });
  }

  // scale is map units per screen pixel at zoom 1.
  scale() {
    const r = this.svg.getBoundingClientRect();
    return Math.max(this.geo.width / r.width, this.geo.height / r.height);
  }

  toMap(cx, cy) {
    const p = this.svg.createSVGPoint();
    p.x = cx; p.y = cy;
    const q = p.matrixTransform(this.vp.getScreenCTM().inverse());
    return [q.x, q.y];
  }

  zoomBy(f, at) {
    const z = this.zoom;
    const k = Math.min(8, Math.max(0.5, z.k * f));
    const [px, py] = at || [this.geo.width / 2, this.geo.height / 2];
    z.x += px * (z.k - k); z.y += py * (z.k - k); z.k = k;
    this.applyZoom();
  }

  applyZoom() {
    const z = this.zoom;
    this.vp.setAttribute('transform', `translate(${z.x},${z.y}) scale(${z.k})`);
  }

  // focusUnits zooms to the units on the map, legible.
  focusUnits() {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const u of this.view.units) {
      const c = u.hex && this.center.get(u.hex);
      if (!c) continue;
      x0 = Math.min(x0, c[0]); y0 = Math.min(y0, c[1]); x1 = Math.max(x1, c[0]); y1 = Math.max(y1, c[1]);
    }
    if (x0 === Infinity) return;
    const { width, height } = this.geo;
    const k = Math.max(1, Math.min(3, 0.9 * Math.min(width / (x1 - x0 + 200), height / (y1 - y0 + 200))));
    this.zoom = { k, x: width / 2 - (x0 + x1) / 2 * k, y: height / 2 - (y0 + y1) / 2 * k };
    this.applyZoom();
  }

  // focus zooms to show a hex.
  focus(hex, k = 2.5) {
    const c = this.center.get(hex);
    if (!c) return;
    this.zoom.k = k;
    this.zoom.x = this.geo.width / 2 - c[0] * k;
    this.zoom.y = this.geo.height / 2 - c[1] * k;
    this.applyZoom();
  }

  // --- the view ---

  // refresh reads the view again; refreshes asked for while one runs are
  // folded into one more.
  async refresh() {
    if (this.refreshing) { this.again = true; return this.refreshing; }
    this.refreshing = (async () => {
      do {
        this.again = false;
        const v = await this.api.view(this.logNext || 0, this.epoch || 0);
        this.setView(v);
      } while (this.again);
    })();
    try { await this.refreshing; } finally { this.refreshing = null; }
  }

  setView(v) {
    // the server sends the log from where this board stopped, or all of
    // it again when an undo rewrote it (a new epoch)
    this.log = this.log.filter((l) => l.n < v.log_from).concat(v.log);
    this.logNext = v.log_total;
    this.epoch = v.log_epoch;
    const same = this.view && this.view.version === v.version;
    this.view = v;
    if (this.sel && !same) this.sel = null; // the game moved on
    this.render();
  }

  shown() { return this.replay || this.view; }

  render() {
    this.renderBar();
    this.renderMarks();
    this.renderCounters();
    this.renderHighlights();
    this.renderPanel();
    this.renderLog();
  }

  renderBar() {
    const v = this.shown(), st = v.status, g = v.game;
    // a tab left open says when the game waits for you
    document.title = `${this.view.you_act ? '▶ your move — ' : ''}${g.title} — gpw`;
    const role = v.role === 'both' ? 'hot-seat' : v.role;
    const acting = st.over ? 'the game is over' : v.computer_acting ? `the computer (${v.acting}) is playing` : `${v.acting} to act`;
    const items = [
      el('b', {}, g.title),
      el('span', { class: 'turn', id: 'turn' }, `${st.turn} (last ${st.last})`),
      el('span', { class: 'phase', id: 'phase' }, st.setup ? `setup: ${st.setup}` : `${st.phase} (${st.kind})`),
      el('span', {}, `weather: ${st.weather}${st.turn_weather ? ' / ' + st.turn_weather : ''}`),
      el('span', { class: 'acting ' + v.acting }, acting),
      el('span', {}, `you: ${role}`),
    ];
    const a = this.view.actions;
    if (!this.replay) {
      items.push(el('button', { id: 'end', disabled: !(a && a.end) || this.busy, onclick: () => this.send('end') }, 'End phase'));
      items.push(el('button', { id: 'undo', disabled: !this.view.undo || this.busy, onclick: () => this.undo() }, 'Undo'));
    }
    for (const [k, label] of [['zoc-axis', 'ZOC axis'], ['zoc-soviet', 'ZOC soviet'], ['supply', 'supply'], ['control', 'control']]) {
      items.push(el('button', { class: 'toggle' + (this.overlays.has(k) ? ' on' : ''), id: 'ov-' + k, onclick: () => this.toggleOverlay(k) }, label));
    }
    items.push(el('a', { href: this.api.recordURL, download: `gpw-${g.id}.json`, title: 'the record: commands, dice and hash chain' }, 'record'));
    const dice = g.secret
      ? el('span', { class: 'dice', title: `dice secret (revealed): ${g.secret}\ncommitment: ${g.commitment}` }, `dice ${g.commitment.slice(0, 10)}… revealed`)
      : el('span', { class: 'dice', id: 'commitment', title: `SHA-256 of the dice secret, revealed when the game ends: ${g.commitment}` }, `dice ${g.commitment.slice(0, 10)}…`);
    items.push(dice);
    this.bar.replaceChildren(...items);
  }

  // renderMarks draws a control marker on each city: the controlling
  // side's colour.
  renderMarks() {
    const v = this.shown(), r = this.geo.hex_px * 0.09, frag = document.createDocumentFragment();
    for (const [hex, side] of Object.entries(v.control || {})) {
      const c = this.center.get(hex);
      if (c) frag.append(svg('circle', { cx: c[0] + this.geo.hex_px * 0.3, cy: c[1] - this.geo.hex_px * 0.3, r, class: `control ${side}` }, svg('title', {}, `${this.geo.places[hex] || hex}: ${side} control`)));
    }
    // what the rules module keeps about a hex: its marks' symbols
    for (const [hex, marks] of Object.entries(v.hex_marks || {})) {
      const c = this.center.get(hex);
      if (!c || !marks.length) continue;
      const text = marks.map((m) => m.symbol || m.label.slice(0, 2)).join(' ');
      frag.append(svg('text', { x: c[0] - this.geo.hex_px * 0.3, y: c[1] + this.geo.hex_px * 0.4, class: 'mark' }, [text,
        svg('title', {}, marks.map((m) => `${m.label}: ${JSON.stringify(m.value)}`).join('\n'))]));
    }
    this.gMarks.replaceChildren(frag);
  }

  renderCounters() {
    const v = this.shown();
    const size = this.geo.hex_px * 0.62;
    const stack = new Map();
    const frag = document.createDocumentFragment();
    this.unitAt = new Map();
    // leaders and air units under the combat unit they stand with
    const under = (u) => (u.kind === 'leader' || u.kind === 'air' ? 0 : 1);
    const units = v.units.filter((u) => u.hex).sort((a, b) => under(a) - under(b));
    for (const u of units) {
      const c = this.center.get(u.hex);
      if (!c) continue;
      const k = stack.get(u.hex) || 0;
      stack.set(u.hex, k + 1);
      this.unitAt.set(u.hex, u); // the one on top
      const g = counter(u, c[0] + k * 4, c[1] - k * 4, size, (v.unit_marks || {})[u.id]);
      if (this.sel && this.sel.unit === u.id) g.classList.add('selected');
      if (this.outOfSupply && this.outOfSupply.has(u.id)) g.classList.add('unsupplied');
      frag.append(g);
    }
    this.units = new Map(v.units.map((u) => [u.id, u]));
    this.gCounters.replaceChildren(frag);
  }

  // hexTint draws a tint over a hex.
  hexTint(group, hex, cls, label) {
    const c = this.center.get(hex);
    if (!c) return;
    group.append(svg('use', { href: '#hexshape', x: c[0], y: c[1], class: cls }));
    if (label !== undefined) this.gLabels.append(svg('text', { x: c[0], y: c[1] + this.geo.hex_px * 0.42, class: 'cost' }, label));
  }

  renderHighlights() {
    this.gOverlay.replaceChildren();
    this.gLabels.replaceChildren();
    this.gPaths.replaceChildren();
    this.renderOverlays();
    if (this.replay) return;
    const a = this.view.actions;
    if (!a) return;
    const sel = this.sel;
    if (a.decision) {
      for (const o of a.decision.options) if (o.path) this.drawPath([this.decisionFrom()].concat(o.path), 'retreat', o === this.hoverOption);
      return;
    }
    if (!sel) {
      for (const id of [].concat(a.move || [], Object.keys(a.rail || {}))) {
        const u = this.units.get(id);
        if (u && u.hex) this.hexTint(this.gOverlay, u.hex, 'can-act');
      }
      for (const t of a.attack || []) this.hexTint(this.gOverlay, t.hex, 'target');
      return;
    }
    if (sel.kind === 'move' && sel.reach) {
      for (const h of sel.reach.hexes) this.hexTint(this.gOverlay, h.hex, h.end ? 'reach' : 'reach pass', h.mp);
      if (sel.path) this.drawPath([sel.reach.from].concat(sel.path.path), 'move');
    }
    if (sel.kind === 'attack') {
      this.hexTint(this.gOverlay, sel.target.hex, 'target chosen');
      sel.target.from.forEach((h, i) => {
        const on = sel.attackers.includes(sel.target.attackers[i]);
        this.hexTint(this.gOverlay, h, on ? 'attacker on' : 'attacker');
      });
    }
    if ((sel.kind === 'place' || sel.kind === 'rebuild') && sel.area) {
      for (const h of sel.area) this.hexTint(this.gOverlay, h, 'reach');
    }
    if (sel.kind === 'rail') {
      for (const h of (a.rail || {})[sel.unit] || []) this.hexTint(this.gOverlay, h, 'reach');
    }
  }

  decisionFrom() {
    // the defender's hex: the last combat's hex in the log
    for (let i = this.log.length - 1; i >= 0; i--) {
      const ev = this.log[i].event;
      if (ev.event === 'combat') return ev.hex;
    }
    return null;
  }

  drawPath(hexes, cls, strong) {
    const pts = hexes.filter(Boolean).map((h) => this.center.get(h)).filter(Boolean);
    if (pts.length < 2) return;
    this.gPaths.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: `path ${cls}${strong ? ' strong' : ''}` }));
    const [x, y] = pts[pts.length - 1];
    this.gPaths.append(svg('circle', { cx: x, cy: y, r: 4, class: `path-end ${cls}` }));
  }

  renderOverlays() {
    for (const k of this.overlays) {
      const o = this.overlayData && this.overlayData[k];
      if (!o) continue;
      for (const [hex, val] of Object.entries(o.hexes)) this.hexTint(this.gOverlay, hex, `ov ov-${o.kind} ov-${val}`);
    }
  }

  async toggleOverlay(k) {
    if (this.overlays.has(k)) {
      this.overlays.delete(k);
    } else {
      this.overlays.add(k);
    }
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

  // --- the side panel ---

  renderPanel() {
    const v = this.shown(), a = this.view.actions, parts = [];
    if (v.status.over || this.view.game.over || this.replay) parts.push(this.replayControls());
    const victory = (this.replay ? this.replay.log : this.log).filter((l) => l.event.event === 'victory' || l.event.event === 'end');
    if (victory.length) parts.push(el('div', { class: 'victory', id: 'victory' }, victory.map((l) => el('p', {}, l.text))));
    else if (v.game.victory) {
      const now = v.standing && v.standing.length ? v.standing.map((x) => x.text).join('; ') : 'none of the conditions holds';
      parts.push(el('details', { class: 'standing', id: 'standing' }, [
        el('summary', {}, [el('b', {}, 'If the game ended now: '), now]),
        el('p', {}, v.game.victory)]));
    }
    if (this.replay) { this.panel.replaceChildren(...parts); return; }
    if (!a) {
      const why = v.role === 'spectator' ? 'You are watching.' : v.computer_acting ? 'The computer is playing…' : v.status.over ? '' : `Waiting for the ${v.acting} player.`;
      parts.push(el('p', { class: 'wait' }, why));
    } else if (a.decision) {
      parts.push(this.decisionPanel(a.decision));
    } else {
      parts.push(el('p', { class: 'hint' }, this.hint(a)));
      if (this.sel && this.sel.kind === 'attack') parts.push(this.oddsPanel());
      if (a.place && a.place.length) parts.push(this.placePanel(a));
      if (a.rebuild && a.rebuild.length) parts.push(this.rebuildPanel(a));
      if (a.warning) parts.push(el('p', { class: 'warning', id: 'warning' }, a.warning));
    }
    if (a) parts.push(this.commandBox());
    this.panel.replaceChildren(...parts);
  }

  hint(a) {
    const s = this.sel;
    if (s && s.kind === 'move') return `${s.unit}: click a highlighted hex to move there (numbers are MP spent). Click the unit again to cancel.`;
    if (s && s.kind === 'rail') return `${s.unit}: click a highlighted hex to move there by rail.`;
    if (s && s.kind === 'place') return `${s.unit}: click a highlighted hex to place it.`;
    if (s && s.kind === 'rebuild') return `${s.unit}: click a highlighted hex to rebuild it there.`;
    switch (a.kind) {
      case 'move': return `Movement: ${(a.move || []).length} units may move. Click one to see where it can go.`;
      case 'rail': return `Rail movement: ${Object.keys(a.rail || {}).length} units may move by rail. Click one, then a highlighted hex.`;
      case 'combat': return `Combat: click a red hex to attack it, then choose the attackers.`;
      case 'reinforcement': return (a.place || []).length ? 'Reinforcements: choose a unit below, then a hex.' : 'Reinforcements: nothing to place.';
      case 'setup': return 'Setup: choose a unit below and a hex of its area, or place the rest automatically.';
    }
    return '';
  }

  oddsPanel() {
    const s = this.sel, p = s.preview;
    const box = el('div', { class: 'odds', id: 'odds' }, [el('h3', {}, `Attack on ${s.target.defender} in ${s.target.hex}`)]);
    box.append(el('p', {}, 'Attackers (click on the map to add or remove): ' + (s.attackers.join(', ') || 'none')));
    if (s.error) box.append(el('p', { class: 'refused' }, s.error));
    if (p) {
      box.append(el('p', {}, `${p.attack} against ${p.defense}: ${p.odds}`));
      const rows = [];
      for (const n of p.notes) rows.push(el('li', {}, [n.text, el('cite', {}, n.rule)]));
      for (const sh of p.shifts) rows.push(el('li', {}, [`${sh.cause} ${sh.columns > 0 ? '+' : ''}${sh.columns} column`, el('cite', {}, sh.rule)]));
      if (p.held) rows.push(el('li', {}, ['shifts stop at the edge of the table', el('cite', {}, p.held)]));
      if (rows.length) box.append(el('ul', { class: 'why' }, rows));
      box.append(el('p', {}, el('b', {}, `column ${p.column}`)));
      box.append(el('table', { class: 'chances' }, p.chances.map((c) =>
        el('tr', {}, [el('td', {}, c.result), el('td', {}, 'die ' + c.dice.join(',')), el('td', {}, `${Math.round(c.percent)}%`)]))));
    }
    box.append(el('button', { id: 'roll', disabled: !p || this.busy, onclick: () => this.attack() }, 'Roll'),
      el('button', { onclick: () => { this.sel = null; this.render(); } }, 'Cancel'));
    return box;
  }

  decisionPanel(d) {
    const side = this.view.role === 'both' ? null : this.view.role;
    const box = el('div', { class: 'decision', id: 'decision' }, [el('h3', {}, `Decision: ${d.kind}`), el('p', {}, d.text)]);
    for (const o of d.options) {
      if (side && o.side !== side) continue;
      const label = o.path ? `${o.command} (${o.zoc} ZOC)` : o.command === 'nostand' ? 'do not stand: retreat' : o.command;
      const b = el('button', { class: 'option', onclick: () => this.send(o.command) }, label);
      b.addEventListener('mouseenter', () => { this.hoverOption = o; this.renderHighlights(); });
      b.addEventListener('mouseleave', () => { this.hoverOption = null; this.renderHighlights(); });
      box.append(b);
    }
    return box;
  }

  placePanel(a) {
    const box = el('div', { class: 'place', id: 'place' }, [el('h3', {}, 'To place')]);
    for (const p of a.place) {
      const on = this.sel && this.sel.kind === 'place' && this.sel.unit === p.unit;
      box.append(el('button', { class: 'unit' + (on ? ' on' : ''), onclick: () => { this.sel = { kind: 'place', unit: p.unit, area: p.area ? a.areas[p.area] : null }; this.render(); } }, p.unit));
    }
    if (a.kind === 'setup') box.append(el('button', { onclick: () => this.send('place auto') }, 'place the rest automatically'));
    if (a.kind === 'setup') box.append(setupTools(this.api.base)); // setup.js: the designer's export
    return box;
  }

  rebuildPanel(a) {
    const box = el('div', { class: 'place', id: 'rebuild' }, [el('h3', {}, `Rebuild (${this.view.status.points} replacement points)`)]);
    for (const r of a.rebuild) {
      const on = this.sel && this.sel.kind === 'rebuild' && this.sel.unit === r.unit;
      const pick = () => {
        if (!r.area) { this.send(`rebuild ${r.unit}`); return; }
        this.sel = { kind: 'rebuild', unit: r.unit, area: a.areas[r.area] };
        this.render();
      };
      box.append(el('button', { class: 'unit' + (on ? ' on' : ''), onclick: pick, title: r.area ? 'from the eliminated pile: then click a hex' : 'where it stands' }, `${r.unit} (${r.cost})`));
    }
    return box;
  }

  // commandBox sends any command word (rebuild, a rules module's own
  // commands): the server checks it as it checks every other.
  commandBox() {
    const words = ((this.view.actions || {}).module || []).map((m) => m.word);
    const input = el('input', { id: 'command', placeholder: 'or type a command' + (words.length ? ` (also: ${words.join(', ')})` : ''), size: 34 });
    const form = el('form', { class: 'command' }, [input, el('button', { type: 'submit' }, 'Send')]);
    form.addEventListener('submit', (e) => { e.preventDefault(); if (input.value.trim()) this.send(input.value.trim()); });
    return form;
  }

  replayControls() {
    const total = this.view.game.entries;
    const n = this.replay ? this.replay.step || 0 : total;
    const go = (k) => this.stepTo(Math.max(0, Math.min(total, k)));
    return el('div', { class: 'replay', id: 'replay' }, [
      el('h3', {}, 'Step through the game'),
      el('button', { onclick: () => go(0), title: 'the start' }, '|◀'),
      el('button', { id: 'back', onclick: () => go(n - 1) }, '◀'),
      el('span', {}, ` ${n} / ${total} `),
      el('button', { id: 'fwd', onclick: () => go(n + 1) }, '▶'),
      el('button', { onclick: () => { this.replay = null; this.render(); }, title: 'the game now' }, '▶|'),
    ]);
  }

  async stepTo(n) {
    if (n === this.view.game.entries) { this.replay = null; this.render(); return; }
    this.replay = await this.api.at(n);
    this.renderBar(); this.renderMarks(); this.renderCounters(); this.renderHighlights(); this.renderPanel();
    this.renderLogOf(this.replay.log);
  }

  renderLog() { this.renderLogOf(this.log); }

  renderLogOf(lines) {
    const frag = document.createDocumentFragment();
    for (const l of lines.slice(-400)) {
      const ev = l.event;
      const li = el('li', { class: 'ev-' + ev.event }, l.text);
      if (ev.die) li.prepend(el('span', { class: 'die', title: 'die' }, String(ev.die)));
      if (ev.rule) li.append(el('cite', {}, ev.rule));
      frag.append(li);
    }
    this.logBox.replaceChildren(frag);
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  // --- acting ---

  hoverHex(id) {
    const place = this.geo.places[id];
    const u = this.unitAt && this.unitAt.get(id);
    const parts = [id];
    if (place) parts.push(`${place} (${this.geo.kinds[id]})`);
    if (u) parts.push(`${u.id} ${u.side} ${u.kind} ${u.attack}-${u.mp}${u.reduced ? ' (reduced)' : ''}${u.supplied ? '' : ' OUT OF SUPPLY'}`);
    const s = this.sel;
    if (s && s.kind === 'move' && s.reach) {
      const h = s.reach.hexes.find((x) => x.hex === id);
      if (h) parts.push(`${h.mp} of ${s.reach.allowance} MP${h.end ? '' : ' (pass through only)'}`);
      s.path = h || null;
      this.gPaths.replaceChildren();
      if (h) this.drawPath([s.reach.from].concat(h.path), 'move');
    }
    this.hover.textContent = parts.join(' · ');
  }

  async clickHex(id) {
    if (this.replay || this.busy) return;
    const a = this.view.actions;
    if (!a || a.decision) return;
    const s = this.sel;
    const u = this.unitAt.get(id);
    if (s && s.kind === 'move') {
      if (u && u.id === s.unit) { this.sel = null; this.render(); return; }
      const h = s.reach && s.reach.hexes.find((x) => x.hex === id && x.end);
      if (h) { await this.send(`move ${s.unit} ${h.path.join(' ')}`); return; }
    }
    if (s && s.kind === 'rail') {
      if (u && u.id === s.unit) { this.sel = null; this.render(); return; }
      if (((a.rail || {})[s.unit] || []).includes(id)) { await this.send(`rail ${s.unit} ${id}`); return; }
    }
    if (s && s.kind === 'place') { await this.send(`place ${s.unit} ${id}`); return; }
    if (s && s.kind === 'rebuild') { await this.send(`rebuild ${s.unit} ${id}`); return; }
    if (s && s.kind === 'attack') {
      const i = s.target.from.indexOf(id);
      if (i >= 0) {
        const k = s.target.attackers[i];
        s.attackers = s.attackers.includes(k) ? s.attackers.filter((x) => x !== k) : s.attackers.concat([k]);
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
    if (u && (a.move || []).includes(u.id)) {
      this.sel = { kind: 'move', unit: u.id };
      try { this.sel.reach = await this.api.reach(u.id); } catch (err) { this.say(err); this.sel = null; }
      this.render();
      return;
    }
    if (u && (a.rail || {})[u.id]) { this.sel = { kind: 'rail', unit: u.id }; this.render(); return; }
    this.sel = null;
    this.render();
  }

  async weigh() {
    const s = this.sel;
    s.preview = null; s.error = '';
    if (s.attackers.length) {
      const from = s.attackers.map((k) => s.target.from[s.target.attackers.indexOf(k)]);
      try { s.preview = await this.api.preview(s.target.hex, from); } catch (err) { s.error = err.message + (err.rule ? ` (${err.rule})` : ''); }
    }
    this.render();
  }

  async attack() {
    const s = this.sel;
    const from = s.attackers.map((k) => s.target.from[s.target.attackers.indexOf(k)]);
    await this.send(`attack ${s.target.hex} from ${from.join(' ')}`);
  }

  async send(cmd) {
    this.busy = true;
    try {
      await this.api.command(cmd);
      this.sel = null;
      this.say('');
    } catch (err) {
      this.say(err);
    } finally {
      this.busy = false;
    }
    await this.refreshAll();
  }

  async undo() {
    this.busy = true;
    try { await this.api.undo(); this.say(''); } catch (err) { this.say(err); } finally { this.busy = false; }
    this.sel = null;
    await this.refreshAll();
  }

  async refreshAll() {
    if (this.overlays.size) await this.loadOverlays();
    await this.refresh();
  }

  say(err) {
    if (!err) { this.msg.replaceChildren(); return; }
    const text = typeof err === 'string' ? err : err.message;
    this.msg.replaceChildren(el('p', { class: 'refused', id: 'refusal' }, [text, err.rule ? el('cite', {}, err.rule) : null]));
  }
}
