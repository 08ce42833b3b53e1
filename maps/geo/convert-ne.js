// convert-ne.js turns Natural Earth's 1:50m country shapes, as carried by the
// npm package world-atlas (v2, Natural Earth 4.1.0, public domain), into
// maps/geo/natural-earth.geojson: the land and the countries clipped to the
// theatre's box, rounded to 0.01 degree and simplified. It was run once:
//
//	cd /tmp && npm install world-atlas@2
//	node maps/geo/convert-ne.js /tmp/node_modules/world-atlas/countries-50m.json > maps/geo/natural-earth.geojson
//
// gpw itself never runs it; the builder reads the committed GeoJSON.
"use strict";
const fs = require("fs");
const topo = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const BOX = { w: 5, e: 62, s: 36, n: 67 };
const TOL = 0.02; // Douglas-Peucker tolerance in degrees

const [kx, ky] = topo.transform.scale, [tx, ty] = topo.transform.translate;
const arcs = topo.arcs.map(a => {
  let x = 0, y = 0;
  return a.map(p => { x += p[0]; y += p[1]; return [x * kx + tx, y * ky + ty]; });
});
function arc(i) { return i >= 0 ? arcs[i] : arcs[~i].slice().reverse(); }
function ring(ids) {
  const out = [];
  ids.forEach((id, k) => { const a = arc(id); out.push(...(k ? a.slice(1) : a)); });
  return out;
}
function clipEdge(pts, inside, cut) {
  const out = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    const ia = inside(a), ib = inside(b);
    if (ia) out.push(a);
    if (ia !== ib) out.push(cut(a, b));
  }
  return out;
}
function lerpX(a, b, x) { const t = (x - a[0]) / (b[0] - a[0]); return [x, a[1] + t * (b[1] - a[1])]; }
function lerpY(a, b, y) { const t = (y - a[1]) / (b[1] - a[1]); return [a[0] + t * (b[0] - a[0]), y]; }
function clip(pts) {
  pts = clipEdge(pts, p => p[0] >= BOX.w, (a, b) => lerpX(a, b, BOX.w));
  pts = clipEdge(pts, p => p[0] <= BOX.e, (a, b) => lerpX(a, b, BOX.e));
  pts = clipEdge(pts, p => p[1] >= BOX.s, (a, b) => lerpY(a, b, BOX.s));
  pts = clipEdge(pts, p => p[1] <= BOX.n, (a, b) => lerpY(a, b, BOX.n));
  return pts;
}
function dp(pts, tol) {
  if (pts.length < 3) return pts;
  const keep = new Array(pts.length).fill(false);
  keep[0] = keep[pts.length - 1] = true;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop();
    const [ax, ay] = pts[i], [bx, by] = pts[j];
    const dx = bx - ax, dy = by - ay, L = Math.hypot(dx, dy) || 1e-12;
    let best = -1, bd = tol;
    for (let k = i + 1; k < j; k++) {
      const d = Math.abs(dy * (pts[k][0] - ax) - dx * (pts[k][1] - ay)) / L;
      if (d > bd) { bd = d; best = k; }
    }
    if (best >= 0) { keep[best] = true; stack.push([i, best], [best, j]); }
  }
  return pts.filter((_, k) => keep[k]);
}
function tidy(pts) {
  pts = clip(pts).map(p => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100]);
  pts = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
  // split the closed ring at its two farthest points so DP keeps its shape
  if (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1]) pts.pop();
  let far = 0, fd = -1;
  pts.forEach((p, k) => { const d = Math.hypot(p[0] - pts[0][0], p[1] - pts[0][1]); if (d > fd) { fd = d; far = k; } });
  pts = dp(pts.slice(0, far + 1), TOL).concat(dp(pts.slice(far).concat([pts[0]]), TOL).slice(1, -1));
  if (pts.length < 4) return null;
  pts.push(pts[0]);
  return pts;
}
function polys(g) {
  const list = g.type === "Polygon" ? [g.arcs] : g.type === "MultiPolygon" ? g.arcs : [];
  const out = [];
  for (const p of list) {
    const rings = p.map(ring).map(tidy).filter(r => r);
    if (rings.length) out.push(rings);
  }
  return out;
}
const feats = [];
function add(kind, name, g) {
  const ps = polys(g);
  if (ps.length) feats.push({ type: "Feature", properties: { kind, name }, geometry: { type: "MultiPolygon", coordinates: ps } });
}
for (const g of topo.objects.land.geometries) add("land", "land", g);
for (const g of topo.objects.countries.geometries) add("country", g.properties.name, g);
feats.sort((a, b) => (a.properties.kind + a.properties.name).localeCompare(b.properties.kind + b.properties.name));
const lines = feats.map(f => JSON.stringify(f));
process.stdout.write('{"type":"FeatureCollection","features":[\n' + lines.join(",\n") + "\n]}\n");
