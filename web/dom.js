// dom.js: small helpers to build HTML and SVG elements.

const SVG = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === undefined || v === null) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of [].concat(children ?? [])) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// el makes an HTML element.
export function el(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

// svg makes an SVG element.
export function svg(tag, attrs, children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}
