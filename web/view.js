// view.js: the map of a board: the terrain, the counters, what is
// highlighted, and pan and zoom by mouse, wheel, touch and pinch. It knows
// nothing of the rules: the controller (board.js) tells it what to draw
// and hears which hex was clicked or hovered.
import { svg } from './dom.js';
import { counter } from './counters.js';
import { counterSize, legibleK, zoomAt, fan, frame } from './logic.js';

/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').Unit} Unit */
/** @typedef {import('./types.js').Zoom} Zoom */
/** @typedef {import('./types.js').Mark} Mark */

/**
 * @typedef {{onClick: (hex: string) => void, onHover: (hex: string) => void, key: string, minPx: () => number}} ViewHooks
 */

export class MapView {
  /**
   * @param {HTMLElement} box the element the map fills
   * @param {Geometry} geo
   * @param {string} terrain the terrain layer, SVG text
   * @param {ViewHooks} hooks
   */
  constructor(box, geo, terrain, hooks) {
    this.box = box;
    this.geo = geo;
    this.hooks = hooks;
    /** @type {Map<string, number[]>} */
    this.center = new Map(geo.hexes.map(([id, x, y]) => [id, [x, y]]));
    /** @type {Zoom} */
    this.zoom = { k: 1, x: 0, y: 0 };
    this.dragged = false;
    /** @type {Map<string, SVGGElement[]>} counters by hex, bottom first */
    this.stacks = new Map();
    /** @type {string} the stack spread out */
    this.open = '';
    /** @type {Map<string, {key: string, g: SVGGElement}>} the counters drawn, by unit */
    this.drawn = new Map();
    this.draw(terrain);
  }

  /** @param {string} terrainText */
  draw(terrainText) {
    const g = (/** @type {string} */ id, /** @type {Object<string, any>} */ attrs = {}) => /** @type {SVGGElement} */ (svg('g', { id, ...attrs }));
    this.svg = /** @type {SVGSVGElement} */ (svg('svg', { id: 'map', width: '100%', height: '100%' }));
    this.vp = g('viewport');
    this.gOverlay = g('overlay', { 'pointer-events': 'none' });
    this.gHistory = g('history', { 'pointer-events': 'none' });
    this.gMarks = g('marks');
    this.gCounters = g('counters', { 'pointer-events': 'none' });
    this.gPaths = g('paths', { 'pointer-events': 'none' });
    this.gLabels = g('labels', { 'pointer-events': 'none' });
    this.gTargets = g('targets');
    const pts = this.geo.corner.map(([x, y]) => `${x},${y}`).join(' ');
    this.svg.append(svg('defs', {}, [svg('polygon', { id: 'hexshape', points: pts }),
      svg('marker', { id: 'arrowhead', viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' },
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }))]));
    const doc = new DOMParser().parseFromString(terrainText, 'image/svg+xml');
    const terrain = g('terrain', { 'pointer-events': 'none' });
    terrain.append(...[...doc.documentElement.childNodes].map((n) => document.importNode(n, true)));
    // the last turns' marks over the counters (the battle's result under its hex's stack)
    this.vp.append(terrain, this.gOverlay, this.gMarks, this.gCounters, this.gHistory, this.gPaths, this.gLabels, this.gTargets);
    const frag = document.createDocumentFragment();
    for (const [id, x, y] of this.geo.hexes) frag.append(svg('use', { href: '#hexshape', x, y, class: 'hex', 'data-hex': id }));
    this.gTargets.append(frag);
    this.svg.append(this.vp);
    this.box.append(this.svg);
    const hexOf = (/** @type {Event} */ e) => /** @type {HTMLElement} */ (e.target).dataset?.hex;
    this.gTargets.addEventListener('click', (e) => { const id = hexOf(e); if (id && !this.dragged) this.hooks.onClick(id); });
    this.gTargets.addEventListener('mouseover', (e) => { const id = hexOf(e); if (id) this.hooks.onHover(id); });
    // under the finger: what a tap would do is shown while it is held
    this.gTargets.addEventListener('pointerdown', (e) => { const id = hexOf(e); if (id && e.pointerType !== 'mouse') this.hooks.onHover(id); });
    this.panZoom();
  }

  // --- pan and zoom ---

  /** The zoom range: from a third of legible to five times. */
  limits() {
    const k = legibleK(this.geo.hex_px, this.hooks.minPx());
    return [k / 3, k * 5];
  }

  panZoom() {
    /** @type {Map<number, {x: number, y: number}>} */
    const ptrs = new Map();
    /** @type {{z: Zoom, x: number, y: number, d: number}|null} */
    let start = null;
    const begin = () => {
      const ps = [...ptrs.values()];
      const x = ps.reduce((s, p) => s + p.x, 0) / ps.length, y = ps.reduce((s, p) => s + p.y, 0) / ps.length;
      const d = ps.length > 1 ? Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) : 0;
      start = ps.length ? { z: { ...this.zoom }, x, y, d } : null;
    };
    const local = (/** @type {PointerEvent|WheelEvent} */ e) => {
      const r = this.svg.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    this.svg.addEventListener('pointerdown', (e) => {
      ptrs.set(e.pointerId, local(e)); begin();
      if (ptrs.size === 1) this.dragged = false;
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!ptrs.has(e.pointerId) || !start) return;
      ptrs.set(e.pointerId, local(e));
      const ps = [...ptrs.values()];
      const x = ps.reduce((s, p) => s + p.x, 0) / ps.length, y = ps.reduce((s, p) => s + p.y, 0) / ps.length;
      if (Math.abs(x - start.x) + Math.abs(y - start.y) > 6 || ps.length > 1) this.dragged = true;
      if (!this.dragged) return;
      let z = { k: start.z.k, x: start.z.x + x - start.x, y: start.z.y + y - start.y };
      if (ps.length > 1 && start.d > 0) {
        const d = Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y);
        const [lo, hi] = this.limits();
        z = zoomAt(z, d / start.d, x, y, lo, hi);
      }
      this.setZoom(z);
    });
    const up = (/** @type {PointerEvent} */ e) => {
      if (!ptrs.delete(e.pointerId)) return;
      begin();
      // the click that ends a drag is not a click on a hex
      if (!ptrs.size) setTimeout(() => { this.dragged = false; }, 0);
    };
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    this.svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const p = local(e);
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
  }

  /** @param {number} f @param {number} [px] @param {number} [py] */
  zoomBy(f, px, py) {
    const r = this.svg.getBoundingClientRect();
    const [lo, hi] = this.limits();
    this.setZoom(zoomAt(this.zoom, f, px ?? r.width / 2, py ?? r.height / 2, lo, hi));
  }

  /** @param {Zoom} z */
  setZoom(z) {
    this.zoom = z;
    this.vp.setAttribute('transform', `translate(${z.x.toFixed(1)},${z.y.toFixed(1)}) scale(${z.k.toFixed(4)})`);
    clearTimeout(this.saving);
    this.saving = setTimeout(() => {
      try { localStorage.setItem(this.hooks.key, JSON.stringify(this.zoom)); } catch { /* private mode: not kept */ }
    }, 250);
  }

  /** restore takes the zoom kept for this game; false when none is. */
  restore() {
    try {
      const z = JSON.parse(localStorage.getItem(this.hooks.key) || 'null');
      if (z && [z.k, z.x, z.y].every(Number.isFinite) && z.k > 0) { this.setZoom(z); return true; }
    } catch { /* a broken entry: frame anew */ }
    return false;
  }

  /** frameUnits frames the front, legible. @param {Unit[]} units @param {string} side */
  frameUnits(units, side) {
    const r = this.svg.getBoundingClientRect();
    this.setZoom(frame(units, this.center, side, { w: r.width, h: r.height }, this.geo.hex_px, this.hooks.minPx()));
  }

  /** focus centres a hex at zoom k (default: twice legible). @param {string} hex @param {number} [k] */
  focus(hex, k) {
    const c = this.center.get(hex);
    if (!c) return;
    const r = this.svg.getBoundingClientRect();
    const kk = k ?? legibleK(this.geo.hex_px, this.hooks.minPx()) * 1.6;
    this.setZoom({ k: kk, x: r.width / 2 - c[0] * kk, y: r.height / 2 - c[1] * kk });
  }

  /** counterPx is the width of a counter on screen now. */
  counterPx() { return counterSize(this.geo.hex_px) * this.zoom.k; }

  // --- drawing ---

  clear() {
    for (const g of [this.gOverlay, this.gLabels, this.gPaths]) g.replaceChildren();
  }

  /** tint draws a tint over a hex, with a label under its centre.
   * @param {string} hex @param {string} cls @param {string|number} [label] @param {string} [title] */
  tint(hex, cls, label, title) {
    const c = this.center.get(hex);
    if (!c) return;
    this.gOverlay.append(svg('use', { href: '#hexshape', x: c[0], y: c[1], class: cls }, title ? svg('title', {}, title) : null));
    if (label !== undefined && label !== '') this.gLabels.append(svg('text', { x: c[0], y: c[1] + this.geo.hex_px * 0.44, class: 'cost' }, String(label)));
  }

  /** path draws a line through hexes. @param {string[]} hexes @param {string} cls @param {SVGGElement} [into] */
  path(hexes, cls, into) {
    const pts = hexes.map((h) => this.center.get(h)).filter((p) => !!p);
    if (pts.length < 2) return;
    const g = into || this.gPaths;
    g.append(svg('polyline', { points: pts.map((p) => (p || []).join(',')).join(' '), class: `path ${cls}`, 'marker-end': 'url(#arrowhead)' }));
  }

  /** @param {Object<string, string>} control @param {Object<string, Mark[]>} hexMarks */
  marks(control, hexMarks) {
    const px = this.geo.hex_px, frag = document.createDocumentFragment();
    for (const [hex, side] of Object.entries(control || {})) {
      const c = this.center.get(hex);
      if (c) frag.append(svg('circle', { cx: c[0] + px * 0.3, cy: c[1] - px * 0.3, r: px * 0.09, class: `control ${side}` }, svg('title', {}, `${this.geo.places[hex] || hex}: ${side} control`)));
    }
    for (const [hex, ms] of Object.entries(hexMarks || {})) {
      const c = this.center.get(hex);
      if (!c || !ms.length) continue;
      frag.append(svg('text', { x: c[0] - px * 0.3, y: c[1] + px * 0.4, class: 'mark' }, [ms.map((m) => m.symbol || m.label.slice(0, 2)).join(' '),
        svg('title', {}, ms.map((m) => `${m.label}: ${JSON.stringify(m.value)}`).join('\n'))]));
    }
    this.gMarks.replaceChildren(frag);
  }

  /**
   * history draws the last turns' moves (arrows) and battles (their result).
   * @param {import('./logic.js').MoveMark[]} moves @param {import('./logic.js').BattleMark[]} battles
   * @param {number} [only] draw only this step (a replay), -1 for all
   */
  history(moves, battles, only = -1) {
    this.gHistory.replaceChildren();
    const px = this.geo.hex_px;
    moves.forEach((m, i) => {
      if (only >= 0 && i !== only) return;
      this.path(m.path, `trail ${m.now ? 'now' : 'last'}${m.rail ? ' rail' : ''}${only >= 0 ? ' strong' : ''}`, this.gHistory);
    });
    battles.forEach((b, i) => {
      if (only >= 0 && moves.length + i !== only) return;
      const c = this.center.get(b.hex);
      if (!c) return;
      this.gHistory.append(svg('g', { class: `battle ${b.now ? 'now' : 'last'}` }, [
        svg('rect', { x: c[0] - px * 0.3, y: c[1] + px * 0.26, width: px * 0.6, height: px * 0.24, rx: 3 }),
        svg('text', { x: c[0], y: c[1] + px * 0.44 }, b.result),
        svg('title', {}, `battle: ${b.odds} on the ${b.column} column, die ${b.die}: ${b.result}`)]));
    });
  }

  /**
   * counters draws the units on the map, stacked by hex (leaders and air
   * units under the combat unit they stand with).
   * @param {Unit[]} units
   * @param {{selected?: string, unsupplied?: Set<string>, marks?: Object<string, Mark[]>, pick?: Set<string>}} how
   */
  counters(units, how) {
    const size = counterSize(this.geo.hex_px);
    const under = (/** @type {Unit} */ u) => (u.kind === 'leader' || u.kind === 'air' ? 0 : 1);
    const placed = units.filter((u) => u.hex && this.center.has(u.hex)).sort((a, b) => under(a) - under(b));
    this.stacks = new Map();
    // a counter drawn before is kept while nothing it shows has changed
    /** @type {Map<string, {key: string, g: SVGGElement}>} */
    const drawn = new Map();
    for (const u of placed) {
      const marks = (how.marks || {})[u.id];
      const key = JSON.stringify([u, marks, how.selected === u.id, !!how.unsupplied?.has(u.id), !!how.pick?.has(u.id)]);
      const old = this.drawn.get(u.id);
      let g;
      if (old && old.key === key) {
        g = old.g;
      } else {
        const c = /** @type {number[]} */ (this.center.get(/** @type {string} */ (u.hex)));
        g = counter(u, c[0], c[1], size, marks);
        if (how.selected === u.id) g.classList.add('selected');
        if (how.unsupplied && how.unsupplied.has(u.id)) g.classList.add('unsupplied');
        if (how.pick && how.pick.has(u.id)) g.classList.add('pick');
      }
      drawn.set(u.id, { key, g });
      const s = this.stacks.get(/** @type {string} */ (u.hex)) || [];
      s.push(g);
      this.stacks.set(/** @type {string} */ (u.hex), s);
    }
    this.drawn = drawn;
    const frag = document.createDocumentFragment();
    for (const [hex, gs] of this.stacks) {
      const sg = svg('g', { class: 'stack', 'data-hex': hex });
      sg.append(...gs);
      frag.append(sg);
    }
    this.gCounters.replaceChildren(frag);
    for (const hex of this.stacks.keys()) this.spread(hex, hex === this.open);
  }

  /** spread fans a stack out (or closes it). @param {string} hex @param {boolean} open */
  spread(hex, open) {
    const gs = this.stacks.get(hex);
    if (!gs) return;
    const offs = fan(gs.length, counterSize(this.geo.hex_px), open);
    gs.forEach((g, i) => g.setAttribute('transform', `translate(${offs[i][0].toFixed(1)},${offs[i][1].toFixed(1)})`));
    const sg = /** @type {Element} */ (gs[0].parentNode);
    sg.classList.toggle('open', open);
    if (open) this.gCounters.append(sg); // on top of its neighbours
  }

  /** openStack fans out the stack in hex (closing the one open). @param {string} hex */
  openStack(hex) {
    if (this.open === hex) return;
    if (this.open) this.spread(this.open, false);
    this.open = (this.stacks.get(hex) || []).length > 1 ? hex : '';
    if (this.open) this.spread(hex, true);
  }
}
