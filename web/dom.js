// dom.js: small helpers to build HTML and SVG elements. Attributes named
// on... are listeners (added with addEventListener: no inline handlers).

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @template {Element} E
 * @param {E} node @param {Object<string, any>} [attrs] @param {any} [children]
 * @returns {E}
 */
function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === undefined || v === null) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of [].concat(children ?? [])) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/**
 * el makes an HTML element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Object<string, any>} [attrs] @param {any} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * svg makes an SVG element.
 * @param {string} tag @param {Object<string, any>} [attrs] @param {any} [children]
 * @returns {SVGElement}
 */
export function svg(tag, attrs, children) {
  return fill(/** @type {SVGElement} */ (document.createElementNS(SVG, tag)), attrs, children);
}

/**
 * compact drops the nulls from a list of children (append writes "null").
 * @param {any[]} xs
 */
export const compact = (xs) => xs.filter((x) => x !== null && x !== undefined && x !== false);
