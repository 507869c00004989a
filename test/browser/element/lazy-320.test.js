import { lazySectionsSuite } from './lazy-suite.js';

lazySectionsSuite({ width: 320, height: 640 });
