/** The generic adapter: the lead's `data` object, as the element sent it, to any JSON endpoint; any 2xx is delivered. */
import { toData } from '../../src/shared/lead-data.js';
import type { CrmAdapter } from './adapter.js';

export const json: CrmAdapter = {
  request: async (lead) => ({ json: toData(lead) }),
};
