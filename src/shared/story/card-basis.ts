import type { Card } from './story.generated.js';

/** When and against what a result was measured, as one line ("Six months after launch, against …"); '' without either. The page and the PDF print it under the figure. */
export const cardBasis = (card: Card): string => [card.period, card.baseline].filter(Boolean).join(', ');
