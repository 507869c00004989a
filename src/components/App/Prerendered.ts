import { createContext, useContext } from 'react';

/**
 * True while the tree is rendered on the server or hydrates the server's HTML: every part of the
 * story renders in the first pass (no hero-first transition, lazy sections through Suspense) and
 * fade-ins start visible, so the client's first render matches the markup the server sent.
 */
export const Prerendered = createContext(false);

export const usePrerendered = (): boolean => useContext(Prerendered);
