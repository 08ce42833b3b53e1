// Tests of logic.js under node's test runner: node --test web/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frame, counterSize, legibleK, zoomAt, fan, retreatChoices, retreatWords, unitChoices, optionWords, turns, lastMoves, summary, leftToDo, sendable, useTargets, taken } from '../logic.js';

const hexPx = 48;
// a row of hexes 48 apart; axis at x 0..4, soviet at x 20..21, one soviet near axis at 5
const center = new Map();
for (let i = 0; i < 40; i++) center.set(`A-${String(i).padStart(4, '0')}`, [i * hexPx, 100]);
const at = (i) => `A-${String(i).padStart(4, '0')}`;
const units = [
  ...[0, 1, 2, 3, 4].map((i) => ({ id: `ger-${i}`, side: 'axis', hex: at(i) })),
  { id: 'sov-1', side: 'soviet', hex: at(6) },
  { id: 'sov-2', side: 'soviet', hex: at(30) },
  { id: 'sov-3', side: 'soviet' }, // off the map
];

test('frame: the front, counters legible', () => {
  const box = { w: 1000, h: 800 };
  const z = frame(units, center, 'axis', box, hexPx, 28);
  assert.ok(counterSize(hexPx) * z.k >= 28, `counter ${counterSize(hexPx) * z.k} px`);
  // the front is ger-3 and ger-4 (within three hexes of sov-1): centred
  const x = 3.5 * hexPx * z.k + z.x;
  assert.ok(Math.abs(x - box.w / 2) < 1, `front at ${x}`);
});

test('frame: no enemy near: the side\'s units; no units: legible at the origin', () => {
  const far = [{ id: 'a', side: 'axis', hex: at(0) }, { id: 'b', side: 'soviet', hex: at(30) }];
  const z = frame(far, center, 'soviet', { w: 500, h: 500 }, hexPx, 24);
  assert.ok(Math.abs(30 * hexPx * z.k + z.x - 250) < 1);
  assert.deepEqual(frame([], center, 'axis', { w: 500, h: 500 }, hexPx, 24), { k: legibleK(hexPx, 24), x: 0, y: 0 });
});

test('zoomAt keeps the point under the cursor and the limits', () => {
  const z = zoomAt({ k: 1, x: 10, y: 20 }, 2, 100, 100, 0.5, 4);
  assert.equal(z.k, 2);
  // the map point under (100, 100) stays there
  assert.equal((100 - 10) / 1, (100 - z.x) / 2);
  assert.equal(zoomAt(z, 10, 0, 0, 0.5, 4).k, 4);
});

test('fan spreads a stack in a row when open', () => {
  assert.deepEqual(fan(1, 30, true), [[0, -0]]);
  const open = fan(3, 30, true);
  assert.ok(open[0][0] < 0 && open[2][0] > 0 && open[1][0] === 0);
  const shut = fan(2, 30, false);
  assert.ok(Math.abs(shut[1][0]) < 10);
});

const retreat = {
  kind: 'retreat', side: 'axis', text: 'the attacker retreats sov-1',
  options: [
    { command: 'retreat A-0007 A-0008', side: 'axis', path: ['A-0007', 'A-0008'], zoc: 1 },
    { command: 'retreat A-0009 A-0008', side: 'axis', path: ['A-0009', 'A-0008'] },
    { command: 'retreat A-0007', side: 'axis', path: ['A-0007'], zoc: 2 },
    { command: 'stand', side: 'soviet' },
  ],
};

test('retreatChoices: one per hex, the fewest ZOC; labels in words, never undefined', () => {
  const c = retreatChoices(retreat, 'axis', { 'A-0008': 'Minsk' });
  assert.deepEqual([...c.keys()].sort(), ['A-0007', 'A-0008']);
  assert.equal(c.get('A-0008').zoc, 0);
  assert.equal(c.get('A-0008').option.command, 'retreat A-0009 A-0008');
  assert.equal(c.get('A-0007').label, '2 ZOC −2');
  assert.match(c.get('A-0008').words, /Minsk \(A-0008\), through no enemy zone of control/);
  for (const x of c.values()) assert.doesNotMatch(x.words + x.label, /undefined|null/);
  assert.equal(retreatChoices(retreat, 'soviet').size, 0);
  assert.match(retreatWords(retreat.options[0]), /losing 1 step$/);
});

test('unitChoices and optionWords', () => {
  const d = { kind: 'loss', side: 'axis', text: '', options: [{ command: 'loss ger-1', side: 'axis' }, { command: 'loss ger-2', side: 'axis' }] };
  assert.deepEqual([...unitChoices(d, null).keys()], ['ger-1', 'ger-2']);
  assert.equal(optionWords({ command: 'advance ger-1', side: 'axis' }), 'ger-1 advances');
  assert.equal(optionWords({ command: 'noadvance', side: 'axis' }), 'Do not advance');
  assert.equal(optionWords({ command: 'nostand', side: 'soviet' }), 'Do not stand: retreat');
});

const ev = (n, e) => ({ n, text: e.event, event: e });
const log = [
  ev(0, { event: 'phase', phase: 'axis-rail', turn: 'Jun 1941' }),
  ev(1, { event: 'move', unit: 'ger-1', from: 'A-0001', path: ['A-0002', 'A-0003'] }),
  ev(2, { event: 'phase', phase: 'axis-combat', turn: 'Jun 1941' }),
  ev(3, { event: 'combat', hex: 'A-0004', result: 'DR', die: 3, odds: '3:1', column: '3:1' }),
  ev(4, { event: 'loss', unit: 'sov-1', side: 'soviet', lost: 4 }),
  ev(5, { event: 'eliminated', unit: 'sov-1', side: 'soviet' }),
  ev(6, { event: 'phase', phase: 'soviet-move', turn: 'Jun 1941' }),
  ev(7, { event: 'rail', unit: 'sov-9', from: 'A-0030', path: ['A-0029'] }),
];

test('turns and lastMoves: the last player turn and this one', () => {
  assert.deepEqual(turns(log).map((t) => [t.at, t.side]), [[0, 'axis'], [6, 'soviet']]);
  const m = lastMoves(log);
  assert.equal(m.side, 'soviet');
  assert.deepEqual(m.moves.map((x) => [x.unit, x.now, x.rail]), [['ger-1', false, false], ['sov-9', true, true]]);
  assert.deepEqual(m.moves[0].path, ['A-0001', 'A-0002', 'A-0003']);
  assert.equal(m.battles[0].result, 'DR');
});

test('summary sums up the last complete player turn', () => {
  const s = summary(log);
  assert.equal(s.side, 'axis');
  assert.equal(s.battles.length, 1);
  assert.deepEqual(s.lost, { axis: 0, soviet: 4 });
  assert.deepEqual(s.eliminated, ['sov-1']);
  assert.equal(s.moved, 1);
  assert.equal(summary(log.slice(0, 5)), null);
});

test('leftToDo asks only when something is left', () => {
  assert.equal(leftToDo({ side: 'axis', kind: 'move', end: true, move: [] }), '');
  assert.equal(leftToDo({ side: 'axis', kind: 'move', end: true, move: ['a', 'b'] }, new Set(['a'])), '1 unit may still move');
  assert.match(leftToDo({ side: 'axis', kind: 'combat', end: true, attack: [{ hex: 'x', defender: 'd', attackers: [], from: [] }] }), /1 enemy hex may still be attacked/);
});

test('sendable lists only what may be sent: no auto', () => {
  const lines = sendable({ side: 'axis', kind: 'move', end: true, move: ['a'], module: [{ word: 'fortify', uses: [{ line: 'fortify A-0001', hexes: ['A-0001'] }] }] }, true).map((x) => x.line);
  assert.ok(lines.includes('end') && lines.includes('undo') && lines.includes('fortify A-0001'));
  assert.ok(!lines.some((l) => l.startsWith('auto')));
  assert.deepEqual(sendable(undefined, false), []);
  assert.deepEqual(sendable({ side: 'axis', kind: 'decision', end: false, decision: retreat }, false).map((x) => x.line).slice(0, 1), ['retreat A-0007 A-0008']);
});

test('useTargets: a use\'s hexes and its units\' hexes', () => {
  const us = new Map([['ger-1', { id: 'ger-1', side: 'axis', hex: 'A-0005' }]]);
  const t = useTargets({ word: 'shock', uses: [{ line: 'shock ger-1', units: ['ger-1'] }, { line: 'fortify A-0001', hexes: ['A-0001'] }, { line: 'rally' }] }, us);
  assert.deepEqual([...t.keys()].sort(), ['A-0001', 'A-0005']);
});

test('taken: the cities that changed hands, by the side that took them', () => {
  const t = taken({ a: 'soviet', b: 'soviet', c: 'axis' }, { a: 'axis', b: 'soviet', c: 'soviet', d: 'axis' }, { a: 'Minsk' });
  assert.deepEqual(t, { axis: ['Minsk'], soviet: ['c'] });
});
