/** HubSpot's Forms API v3: the submission the element's HubSpot mode sends too, delivered only on its documented success. */
import { isHubspotSuccess } from '../../src/shared/hubspot-success.js';
import { hubspotSubmission } from '../../src/shared/hubspot-submission.js';
import { toData } from '../../src/shared/lead-fields.js';
import type { CrmAdapter } from './adapter.js';

export const hubspot: CrmAdapter = {
  request: (lead, { hubspotToken }) => ({
    body: hubspotSubmission(toData(lead), { pageUri: lead.pageUrl }, Date.parse(lead.receivedAt)),
    ...(hubspotToken ? { headers: { Authorization: `Bearer ${hubspotToken}` } } : {}),
  }),
  read: (status, body) => {
    if (status === 200 && isHubspotSuccess(body)) return { delivered: true, httpStatus: status };
    if (status >= 200 && status < 300)
      return { delivered: false, httpStatus: status, reason: 'hubspot: no inlineMessage or redirectUri in the answer', permanent: false };
    return undefined;
  },
};
