import { caseStudySheet } from '../styles/sheet.js';

const declarative = new WeakSet<Element>();

/**
 * Gives the element its open shadow root. A root the HTML already declared (server-rendered, with
 * `<template shadowrootmode="open">`) is kept as it is, to be hydrated: calling attachShadow() on
 * it would empty it, which is why r2wc is not asked to attach one. Otherwise a new root gets the
 * shared stylesheet and a placeholder holding the element's space until the first render.
 */
export function setUpShadowRoot(host: HTMLElement): ShadowRoot {
  if (host.shadowRoot) {
    declarative.add(host);
    return host.shadowRoot;
  }
  const root = host.attachShadow({ mode: 'open' });
  adoptSheet(root);
  root.append(bootPlaceholder());
  return root;
}

/** True while the element's shadow root holds server-rendered markup not yet hydrated or replaced. */
export function hasServerMarkup(host: Element): boolean {
  return declarative.has(host);
}

/** The server markup has been hydrated or replaced: later mounts render on the client. */
export function forgetServerMarkup(host: Element): void {
  declarative.delete(host);
}

/** One constructable stylesheet for every instance: no <style> tags, no style attributes. */
export function adoptSheet(root: ShadowRoot): void {
  root.adoptedStyleSheets = [caseStudySheet()];
}

/** Removes the placeholder the first render replaces. */
export function removeBootPlaceholder(root: ShadowRoot): void {
  [...root.children].find((child) => child.classList.contains('boot'))?.remove();
}

function bootPlaceholder(): HTMLDivElement {
  const boot = document.createElement('div');
  boot.className = 'boot';
  return boot;
}
