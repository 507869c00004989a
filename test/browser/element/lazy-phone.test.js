import { lazySectionsSuite } from './lazy-suite.js';

lazySectionsSuite({ width: 390, height: 844 });
