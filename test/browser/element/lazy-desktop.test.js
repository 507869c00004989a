import { lazySectionsSuite } from './lazy-suite.js';

lazySectionsSuite({ width: 1280, height: 800 });
