/** What /admin calls each CRM, and which answer 2xx whether or not they keep a lead. Data only. */
import type { ForwardAdapter } from '../types.js';

export const CRM_NAMES: Record<ForwardAdapter, string> = {
  json: 'JSON endpoint',
  hubspot: 'HubSpot',
  salesforce: 'Salesforce Web-to-Lead',
  marketo: 'Marketo',
};
/** Web-to-Lead drops a lead it refuses with the same 200: /admin says "sent", never "delivered". */
export const UNCONFIRMED: readonly ForwardAdapter[] = ['salesforce'];
