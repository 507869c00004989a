/**
 * What names a HubSpot form: an account (portal) ID and the form's GUID. The element checks its
 * `hubspot-portal`/`hubspot-form` attributes with it, and `redcliffe-leads snippet` its options.
 */

export interface HubspotForm {
  portalId: string;
  formGuid: string;
}

export const isPortalId = (value: string): boolean => /^\d{1,12}$/.test(value);
export const isFormGuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/** The form named by a portal ID and a form GUID, when both are well formed (the GUID in any case). */
export function hubspotForm(portal: string | undefined, form: string | undefined): HubspotForm | undefined {
  const portalId = portal?.trim() ?? '';
  const formGuid = form?.trim().toLowerCase() ?? '';
  return isPortalId(portalId) && isFormGuid(formGuid) ? { portalId, formGuid } : undefined;
}
