import { extendCaseStudySheet } from '../../styles/sheet.js';
import { illustrationStyles } from './illustrations.styles.js';
import { InChatCall } from './InChatCall.js';
import { QuoteMark } from './QuoteMark.js';
import { IconDrawing } from './IconDrawing.js';

// The drawings' styles join the shared sheet with them (not in the initial bundle).
extendCaseStudySheet(illustrationStyles);

/** The illustrations' chunk: every drawing, by name. */
export const drawings = { 'call-card': InChatCall, 'quote-mark': QuoteMark, icon: IconDrawing };
