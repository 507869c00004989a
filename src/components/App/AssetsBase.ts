import { createContext } from 'react';

/**
 * On the server, the folder serving the bundle (renderCaseStudy's `assetsUrl`, normalised): what the
 * browser finds beside the element's script (the one-pager's cover) is written from it, since the
 * server has no script URL of its own. In the browser, null: the script's own URL is used.
 */
export const AssetsBase = createContext<string | null>(null);
