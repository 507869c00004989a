import { HANDSET } from './paths.js';

/** The icons content.ts can name, each one stroked path on a 24-unit grid. */
export const ICON_PATHS = {
  /** Time-sensitive communication: a clock. */
  clock: 'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0M12 7v5l3 2',
  /** Complex support access: copying a number out of the chat. */
  copy: 'M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM15 9V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h3',
  /** One platform for chat and voice: a chat bubble carrying a sound wave. */
  'chat-voice': 'M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM9 9v3M12 7.5v6M15 9v3',
  /** Instant in-chat calling: a handset with a call in progress. */
  call: `${HANDSET}M15 3a6 6 0 0 1 6 6M15 7a2 2 0 0 1 2 2`,
  /** Improvement without a figure: a line trending up. */
  trend: 'M3 17l6-6 4 4 8-8M15 7h6v6',
} as const;

export type IconName = keyof typeof ICON_PATHS;
