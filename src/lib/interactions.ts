/** What counts as the visitor starting to use the story (a press, a key, focus moving in). */
export const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
