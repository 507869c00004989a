/**
 * Contrast from computed colours (not a test file): the text colour, outline colour or border
 * colour of a node against the background it really sits on, found by walking up through its
 * ancestors (and shadow hosts) and compositing their backgrounds; a gradient counts as each of
 * its colour stops, and the worst one is returned.
 */
import { contrast } from './pixels.js';

/** [r, g, b, a] (0-255, alpha 0-1) from a computed colour: rgb(), rgba() or color(srgb …). */
export function parseColour(value) {
  let match = /^rgba?\(([^)]+)\)$/.exec(value.trim());
  if (match) {
    const [r, g, b, a = '1'] = match[1].split(/[\s,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  match = /^color\(srgb ([^)]+)\)$/.exec(value.trim());
  if (match) {
    const [r, g, b, a = '1'] = match[1].split(/[\s/]+/).filter(Boolean);
    return [Number(r) * 255, Number(g) * 255, Number(b) * 255, Number(a)];
  }
  throw new Error(`unreadable colour: ${value}`);
}

const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
const parent = (node) => node.parentElement ?? node.getRootNode()?.host ?? null;

/** Every colour the background behind `node` can be (one, or a gradient's stops), opaque. */
export function backgroundsBehind(node) {
  const layers = [];
  for (let at = node; at; at = parent(at)) {
    const style = getComputedStyle(at);
    const stops = [...style.backgroundImage.matchAll(/(rgba?\([^)]+\)|color\(srgb [^)]+\))/g)].map((m) => parseColour(m[1]));
    const colour = parseColour(style.backgroundColor);
    if (stops.length > 0) {
      layers.push({ options: stops.map((stop) => over(stop, colour[3] > 0 ? over(colour, [255, 255, 255]) : [255, 255, 255])).map((c) => [...c, 1]) });
      break;
    }
    if (colour[3] > 0) layers.push({ options: [colour] });
    if (colour[3] >= 1) break;
  }
  // Composite from the bottom (white page under everything) up.
  let results = [[255, 255, 255]];
  for (const layer of layers.reverse()) {
    results = results.flatMap((below) => layer.options.map((option) => over(option, below)));
  }
  return results;
}

/** The worst contrast of `colour` (a computed colour string) on every background behind `node`. */
export function worstContrast(colour, node) {
  const parsed = parseColour(colour);
  return Math.min(...backgroundsBehind(node).map((background) => contrast(over(parsed, background), background)));
}

/** Text contrast of `node` in its current state. */
export const textRatio = (node) => worstContrast(getComputedStyle(node).color, node);

/** An outline (focus ring) drawn outside `node`: measured against what is behind the node's parent. */
export const outlineRatio = (node) => worstContrast(getComputedStyle(node).outlineColor, parent(node));

/** A control's edge: its border against what is behind it. */
export const borderRatio = (node) => worstContrast(getComputedStyle(node).borderTopColor, parent(node));
