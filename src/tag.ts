/** The element's tag name (public: `import { TAG } from 'redcliffe-case-study'`). */
export const TAG = 'redcliffe-case-study';
