import { lazySectionsSuite } from './lazy-suite.js';

lazySectionsSuite({ width: 768, height: 1024 });
