/** GET where leads carry a spam token: one for the form about to be filled, with its proof-of-work challenge when on. */
import type { LeadContext } from '../env.js';
import { errorName } from '../errors.js';
import { json, unavailable } from '../respond.js';

export async function issueToken(c: LeadContext): Promise<Response> {
  const { services, deadline } = c.var;
  try {
    return json(200, await services.issueToken(deadline, { challenge: true }));
  } catch (error) {
    services.config.logger.error('spam token not issued', { error: errorName(error) });
    return unavailable();
  }
}
