// counters.js: unit counters with NATO symbols, strength-MP and the
// reduced side.
import { svg } from './dom.js';

// Fill colours by nation, then by side (as gpw map render draws them).
const nationColor = /** @type {Object<string, string>} */ ({
  ger: '#8e9aa6', rom: '#b7a57a', hun: '#9bb07a', ita: '#a3c1a3', slo: '#8fa8c8', fin: '#e8eef4',
  axis: '#8e9aa6', soviet: '#c0392b',
});

// Size markers above the symbol.
const sizeMark = /** @type {Object<string, string>} */ ({ division: 'XX', corps: 'XXX', army: 'XXXX', front: 'XXXXX', group: 'XXXXX', brigade: 'X' });

/**
 * symbol draws the unit-type symbol inside the box w×h at (x, y).
 * @param {string} kind @param {number} x @param {number} y @param {number} w @param {number} h @param {string} ink
 * @returns {Element[]}
 */
function symbol(kind, x, y, w, h, ink) {
  const s = { stroke: ink, 'stroke-width': 1, fill: 'none' };
  const box = svg('rect', { x, y, width: w, height: h, ...s });
  const parts = [box];
  const cross = () => {
    parts.push(svg('line', { x1: x, y1: y, x2: x + w, y2: y + h, ...s }));
    parts.push(svg('line', { x1: x, y1: y + h, x2: x + w, y2: y, ...s }));
  };
  const track = () => parts.push(svg('rect', { x: x + w * 0.18, y: y + h * 0.25, width: w * 0.64, height: h * 0.5, rx: h * 0.25, ...s }));
  switch (kind) {
    case 'infantry': case 'guards': case 'shock': case 'garrison':
      cross();
      if (kind !== 'infantry') parts.push(svg('text', { x: x + w + 1.5, y: y + h, 'font-size': h * 0.7, fill: ink, 'text-anchor': 'start' }, kind[0].toUpperCase()));
      break;
    case 'panzer': case 'tank':
      track();
      break;
    case 'mech':
      cross(); track();
      break;
    case 'cavalry':
      parts.push(svg('line', { x1: x, y1: y + h, x2: x + w, y2: y, ...s }));
      break;
    case 'mountain':
      cross();
      parts.push(svg('path', { d: `M${x + w * 0.35},${y + h} L${x + w / 2},${y + h * 0.7} L${x + w * 0.65},${y + h} Z`, fill: ink }));
      break;
    case 'airborne':
      cross();
      parts.push(svg('path', { d: `M${x + w * 0.3},${y + h * 0.85} Q${x + w * 0.4},${y + h * 0.6} ${x + w / 2},${y + h * 0.85} Q${x + w * 0.6},${y + h * 0.6} ${x + w * 0.7},${y + h * 0.85}`, ...s }));
      break;
    case 'leader':
      parts.push(svg('text', { x: x + w / 2, y: y + h * 0.8, 'font-size': h * 0.9, fill: ink, 'text-anchor': 'middle' }, '★'));
      break;
    case 'air':
      parts.push(svg('path', { d: `M${x + w * 0.2},${y + h / 2} Q${x + w * 0.35},${y + h * 0.2} ${x + w / 2},${y + h / 2} Q${x + w * 0.65},${y + h * 0.8} ${x + w * 0.8},${y + h / 2}`, ...s }));
      break;
    default:
      parts.push(svg('text', { x: x + w / 2, y: y + h * 0.75, 'font-size': h * 0.6, fill: ink, 'text-anchor': 'middle' }, kind.slice(0, 3)));
  }
  return parts;
}

/**
 * counter draws unit u centred at (cx, cy), size px square, with the
 * symbols of what the rules module keeps about it (marks). A hidden unit
 * (an enemy its side may not see whole) is a blank counter with a "?".
 * @param {import('./types.js').Unit} u
 * @param {number} cx @param {number} cy @param {number} size
 * @param {import('./types.js').Mark[]} [marks]
 * @returns {SVGGElement}
 */
export function counter(u, cx, cy, size, marks) {
  const x = cx - size / 2, y = cy - size / 2;
  if (u.hidden) return hidden(u, x, y, size);
  const fillc = nationColor[(u.nation || '').toLowerCase()] || nationColor[u.side] || '#ccc';
  const ink = u.side === 'soviet' ? '#fff' : '#000';
  const g = /** @type {SVGGElement} */ (svg('g', { class: `counter ${u.side}${u.reduced ? ' reduced' : ''}${u.moved ? ' moved' : ''}`, 'data-unit': u.id }));
  g.append(svg('rect', { x, y, width: size, height: size, rx: 2, fill: fillc, stroke: '#000', 'stroke-width': 0.8 }));
  if (u.reduced) {
    // the reduced side: a pale band across the top, as on a flipped counter
    g.append(svg('rect', { x, y, width: size, height: size * 0.16, fill: '#ffffffb0' }));
  }
  const mark = sizeMark[u.size] || '';
  if (mark) g.append(svg('text', { x: cx, y: y + size * 0.15, 'font-size': size * 0.15, fill: ink, 'text-anchor': 'middle', class: 'size' }, mark));
  g.append(...symbol(u.kind || '', cx - size * 0.26, y + size * 0.2, size * 0.52, size * 0.32, ink));
  g.append(svg('text', { x: cx, y: y + size * 0.94, 'font-size': size * 0.38, class: 'factors', 'font-weight': 'bold', fill: ink, 'text-anchor': 'middle' },
    `${u.attack ?? '?'}-${u.mp ?? '?'}`));
  const shown = (marks || []).filter((m) => m.symbol);
  if (shown.length) {
    g.append(svg('text', { x: x + 1, y: y - 1.5, 'font-size': size * 0.22, class: 'unit-mark' }, shown.map((m) => m.symbol).join(' ')));
  }
  const notes = (marks || []).map((m) => `\n${m.label}: ${JSON.stringify(m.value)}`).join('');
  g.append(svg('title', {}, `${u.id} ${u.nation || u.side} ${u.kind || ''}: attack ${u.attack}, defence ${u.defense}, MP ${u.mp} (printed ${u.printed}${u.reduced ? ', reduced' : ''})${u.supplied ? '' : ', OUT OF SUPPLY'}${notes}`));
  return g;
}

/**
 * hidden draws a unit its viewer may not see whole: side and place only.
 * @param {import('./types.js').Unit} u @param {number} x @param {number} y @param {number} size
 * @returns {SVGGElement}
 */
function hidden(u, x, y, size) {
  const g = /** @type {SVGGElement} */ (svg('g', { class: `counter ${u.side} hidden`, 'data-unit': u.id }));
  g.append(svg('rect', { x, y, width: size, height: size, rx: 2, fill: nationColor[u.side] || '#ccc', stroke: '#000', 'stroke-width': 0.8 }),
    svg('text', { x: x + size / 2, y: y + size * 0.72, 'font-size': size * 0.6, 'font-weight': 'bold', fill: u.side === 'soviet' ? '#fff' : '#000', 'text-anchor': 'middle' }, '?'),
    svg('title', {}, `${u.side} unit, unknown strength`));
  return g;
}
