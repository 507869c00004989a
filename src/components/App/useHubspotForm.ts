import { useEffect, useMemo } from 'react';
import { hubspotForm, hubspotProblem } from '../../lib/hubspot.js';

/** The HubSpot form the attributes name, or undefined; says once in the console why ill-formed ones are not used. */
export function useHubspotForm(portal: string | undefined, form: string | undefined) {
  const problem = hubspotProblem(portal, form);
  useEffect(() => {
    if (problem) console.error(`<redcliffe-case-study>: ${problem}`);
  }, [problem]);
  return useMemo(() => hubspotForm(portal, form), [portal, form]);
}
