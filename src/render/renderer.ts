import type { R2WCRenderer } from '@r2wc/core';
import { createElement, startTransition, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { AppProps } from '../components/App/App.js';
import { Prerendered } from '../components/App/Prerendered.js';
import { loadDrawings } from '../components/Illustrations/Art.js';
import { LAZY_SECTIONS } from '../components/LazySection/lazy-sections.js';
import { clientOnlySheet } from '../styles/sheet.js';
import { parseView } from '../lib/story-route.js';
import { DEFER_HYDRATION_ATTRIBUTE, RENDERED_STORY_ATTRIBUTE, RENDERED_VERSION_ATTRIBUTE, RENDERED_VIEW_ATTRIBUTE } from '../lib/constants.js';
import { trustStory } from '../components/App/useShownStory.js';
import { VERSION } from '../version.js';
import { attributesOf, propOf } from './attributes.js';
import { renderedVersion, warnMarkupMismatch, warnVersionMismatch, whenHydrationAllowed, whenIdleOrInteraction } from './hydration.js';
import { adoptSheet, forgetServerMarkup, hasServerMarkup, removeBootPlaceholder } from './shadow-root.js';

interface Context {
  host: HTMLElement;
  Component: ComponentType<AppProps>;
  props: AppProps;
  root?: Root;
  /** The tree hydrates (or hydrated) server markup: it renders every part at once. */
  prerendered: boolean;
  /** Removed from the page; unmounted at the next microtask unless it was put back (a move). */
  leaving: boolean;
  stopWaiting?: () => void;
  attributes?: MutationObserver;
}

const contexts = new WeakMap<HTMLElement, Context>();

function tree(context: Context) {
  const { host } = context;
  // The `story` property is the element's own (no attribute): read from it on every render.
  const props: AppProps = { ...context.props, container: host, story: (host as { story?: AppProps['story'] }).story };
  // Every attribute as the element has it (a string, '' for a bare boolean one), or undefined: its default.
  for (const attribute of attributesOf(host)) (props as Record<string, unknown>)[propOf(attribute)] = host.getAttribute(attribute) ?? undefined;
  return createElement(Prerendered.Provider, { value: context.prerendered }, createElement(context.Component, props));
}

function render(context: Context) {
  context.root?.render(tree(context));
}

/** Renders the element again (its `story` property was set). */
export function rerender(host: HTMLElement): void {
  const context = contexts.get(host);
  if (context) render(context);
}

/** r2wc ignores a removed attribute; the element's attributes are watched here so removal restores the default. */
function watchAttributes(context: Context) {
  context.attributes ??= new MutationObserver(() => render(context));
  context.attributes.observe(context.host, { attributes: true, attributeFilter: [...attributesOf(context.host)] });
}

// ---- Rendering on the client ---------------------------------------------------------------

/**
 * First renders wait for one task and then run together: 50 instances on a page cost one
 * style and layout pass instead of fifty (React would otherwise commit each root in its own task).
 */
const waitingToMount = new Set<Context>();
function mountSoon(context: Context) {
  if (waitingToMount.size === 0) setTimeout(mountWaiting);
  waitingToMount.add(context);
}
function mountWaiting() {
  const batch = [...waitingToMount];
  waitingToMount.clear();
  flushSync(() => batch.forEach((context) => context.host.isConnected && clientRender(context)));
}

function clientRender(context: Context) {
  const shadow = context.host.shadowRoot!;
  adoptSheet(shadow);
  context.root = createRoot(shadow);
  render(context);
  removeBootPlaceholder(shadow);
  watchAttributes(context);
}

// ---- Hydrating server markup ----------------------------------------------------------------

/**
 * With `defer-hydration`, the element waits, fetching nothing, until the page removes the attribute,
 * then hydrates as soon as its chunks are there; without it, it hydrates when it is near the
 * viewport and the browser is idle, or when used (a press, a key, focus, `openDownload()`).
 */
function waitToHydrate(context: Context) {
  const deferred = context.host.hasAttribute(DEFER_HYDRATION_ATTRIBUTE);
  const cancelDeferral = whenHydrationAllowed(context.host, () => {
    context.stopWaiting = startHydrating(context, !deferred);
  });
  context.stopWaiting ??= cancelDeferral;
}

function startHydrating(context: Context, atIdle: boolean): () => void {
  // The sections below the hero are lazy chunks: fetch them now, so they are there to hydrate, and
  // wait for them before hydrating: each adds its styles to the shared sheet, which replaces the
  // server's stylesheet link on hydration (that link holds those rules too), so nothing below the
  // hero loses its styles. The drawings' chunk too, so they hydrate in place. A first interaction
  // hydrates at once (a Suspense boundary then keeps each server drawing until it arrives).
  // The downloads start in a task of their own: starting four module fetches costs the main thread
  // tens of milliseconds at 4x CPU, which would otherwise lengthen the task that evaluates the
  // element's module and upgrades the server-rendered elements.
  const chunks = new Promise((resolve) => setTimeout(resolve)).then(() =>
    Promise.allSettled([...Object.values(LAZY_SECTIONS).map((load) => load()), loadDrawings()]),
  );
  return whenIdleOrInteraction(context.host, () => hydrate(context), chunks, { idle: atIdle });
}

function hydrate(context: Context) {
  context.stopWaiting = undefined;
  const { host } = context;
  const shadow = host.shadowRoot!;
  forgetServerMarkup(host);
  const rendered = renderedVersion(shadow);
  if (rendered !== VERSION) {
    warnVersionMismatch(rendered);
    flushSync(() => {
      shadow.replaceChildren();
      clientRender(context);
    });
    return;
  }
  // The server's stylesheet (its <style> or <link>, which React passes over at the root) stays: it
  // holds every rule the story needs. Beside it the story adopts only what chunks add that it lacks
  // (the dialog's form): taking the whole shared sheet instead parsed every rule again and restyled
  // every element, a long task while the page loads.
  shadow.adoptedStyleSheets = [clientOnlySheet()];
  const marker = [...shadow.children].find((child) => child.hasAttribute(RENDERED_VERSION_ATTRIBUTE));
  // The view the server rendered (the story, or its 404 page): the hydrating render shows it, so HTML
  // rendered for another path than this page's hydrates without a mismatch, then follows the route.
  context.props = { ...context.props, serverView: parseView(marker?.getAttribute(RENDERED_VIEW_ATTRIBUTE)) };
  // The story the server rendered (none for the default story): the same object, checked there, so
  // hydration matches without fetching or checking it again. Taken out of the root before React reads it.
  const storyScript = shadow.querySelector(`script[${RENDERED_STORY_ATTRIBUTE}]`);
  if (storyScript) {
    const story = JSON.parse(storyScript.textContent!);
    trustStory(story);
    (host as { story?: unknown }).story = story;
    storyScript.remove();
  }
  context.prerendered = true;
  // React hydrates any container node, a shadow root included (its typings name only Element and Document).
  // Started in a transition, React hydrates in slices of a few milliseconds, yielding to the browser
  // in between, instead of in one long task; an event on a part not yet hydrated still hydrates that
  // part at once and is delivered.
  startTransition(() => hydrateWithRecovery(context, shadow, rendered));
  watchAttributes(context);
}

function hydrateWithRecovery(context: Context, shadow: ShadowRoot, rendered: string | null) {
  const serverNodes = new Set(shadow.childNodes);
  context.root = hydrateRoot(shadow as unknown as Element, tree(context), {
    // Markup that doesn't match: React renders the tree anew but, in a shadow root, leaves the
    // server's nodes in place (it clears only element containers). Take them out in the same task.
    onRecoverableError(error) {
      if (!context.root) return; // unmounted before hydration finished: nothing left to mismatch
      warnMarkupMismatch(rendered, error);
      const rerendered = [...shadow.childNodes].some((node) => !serverNodes.has(node));
      if (!rerendered) return; // only a section below was rendered again, in place
      adoptSheet(shadow);
      for (const node of serverNodes) if (node.parentNode === shadow) node.remove();
    },
  });
}

// ---- The renderer r2wc drives ----------------------------------------------------------------

/**
 * r2wc calls mount when the element is connected, update when an observed attribute gets a value,
 * unmount when it is disconnected. `container` is the element itself: r2wc attaches no shadow root
 * (the element keeps a declarative one, see setUpShadowRoot).
 */
export const renderer: R2WCRenderer<AppProps, Context> = {
  mount(container, Component, props) {
    const moved = contexts.get(container);
    if (moved) {
      moved.leaving = false; // put back in the same task: keep the tree and its state
      moved.props = props;
      render(moved);
      return moved;
    }
    const context: Context = { host: container, Component, props, prerendered: false, leaving: false };
    contexts.set(container, context);
    if (hasServerMarkup(container)) waitToHydrate(context);
    else {
      // The sections below the hero are a chunk of their own: fetch it while the hero renders.
      LAZY_SECTIONS['below-hero']().catch(() => {}); // a failure shows in their place (StoryPage)
      mountSoon(context);
    }
    return context;
  },

  update(context, props) {
    context.props = props;
    // r2wc mounts an element given an attribute before it was ever in the page (it starts out as
    // "connected"); if the batched mount found it still out, it renders once it is in (r2wc updates then).
    if (!context.root && !context.stopWaiting) mountSoon(context);
    else render(context); // before the first render, the batched mount reads the attributes itself
  },

  unmount(context) {
    context.leaving = true;
    queueMicrotask(() => {
      if (!context.leaving || context.host.isConnected) return;
      context.leaving = false;
      contexts.delete(context.host);
      waitingToMount.delete(context);
      context.stopWaiting?.();
      context.attributes?.disconnect();
      const root = context.root;
      context.root = undefined;
      root?.unmount();
      context.prerendered = false;
    });
  },
};
