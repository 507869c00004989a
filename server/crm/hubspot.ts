/**
 * HubSpot's Forms API v3: the submission the element's HubSpot mode sends too, with the consent the
 * lead carries; delivered only on its documented success. Its 400s (`MISSING_PROCESSING_CONSENT`,
 * `INVALID_EMAIL`, `FORM_HAS_RECAPTCHA_ENABLED`…) will never succeed: failed at once with the errorType.
 */
import { isHubspotSuccess } from '../../src/shared/hubspot-success.js';
import { hubspotSubmission } from '../../src/shared/hubspot-submission.js';
import { toData } from '../../src/shared/lead-data.js';
import type { CrmAdapter } from './adapter.js';

const PATH = /^\/submissions\/v3\/integration\/(secure\/)?submit\/\d{1,12}\/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/;

export const hubspot: CrmAdapter = {
  check: (url) => (PATH.test(url.pathname) ? undefined : 'a HubSpot form is https://api.hsforms.com/submissions/v3/integration/submit/<portal ID>/<form GUID>'),
  request: async (lead, _url, { hubspotToken, hubspotSubscriptionTypeId }) => ({
    json: hubspotSubmission(toData(lead), { pageUri: lead.pageUrl }, Date.parse(lead.receivedAt), hubspotSubscriptionTypeId),
    ...(hubspotToken ? { headers: { Authorization: `Bearer ${hubspotToken}` } } : {}),
  }),
  read: (status, body) => {
    if (status === 200 && isHubspotSuccess(body)) return { delivered: true, httpStatus: status };
    if (status >= 200 && status < 300)
      return { delivered: false, httpStatus: status, reason: 'hubspot: no inlineMessage or redirectUri in the answer', permanent: false };
    const errors = (body as { errors?: { errorType?: unknown; message?: unknown }[] } | null)?.errors;
    if (status !== 400 || !Array.isArray(errors) || errors.length === 0) return undefined;
    const types = errors.map((error) => String(error.errorType ?? 'UNKNOWN')).join(', ');
    const words = errors.map((error) => `${String(error.errorType ?? 'UNKNOWN')}: ${String(error.message ?? '')}`).join('; ');
    return { delivered: false, httpStatus: status, reason: `hubspot ${words}`, logged: `hubspot ${types}`, permanent: true };
  },
};
