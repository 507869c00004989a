import { defineCaseStudy } from './define.js';

defineCaseStudy();

export { TAG } from './define.js';
export { VERSION } from './version.js';
export type * from './types.js';
