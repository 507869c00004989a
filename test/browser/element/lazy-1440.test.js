import { lazySectionsSuite } from './lazy-suite.js';

lazySectionsSuite({ width: 1440, height: 900 });
