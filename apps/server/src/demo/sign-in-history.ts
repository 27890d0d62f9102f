import type { SignInType } from '@gridline/contracts/enums';
import { addDays } from './dates.ts';
import type { OrganisationBuilder } from './organisation-builder.ts';
import { createRandom, pickWeighted } from './random.ts';

/** Days of customers' sign-ins the demo gives each organisation, so the back office's charts have a past. */
export const SIGN_IN_HISTORY_DAYS = 120;

/** Methods that are not a customer's own sign-in (an admin acting for one) are left out. */
const STAFF_METHODS: ReadonlySet<SignInType> = new Set(['ADMIN', 'ADMIN_BANKID']);

/** How likely a method is chosen, relative to the others the organisation offers: e-ID first. */
const weightOf = (method: SignInType): number => (method.startsWith('BANKID') || method === 'OPENID' ? 6 : method === 'USR_PWD' ? 3 : 2);

/**
 * The organisation's customers' sign-ins of the last `SIGN_IN_HISTORY_DAYS` days, as the counter
 * of migration 0021 (`customer_sign_in_days`) would have kept them: on a weekday about one
 * customer in twelve signs in, on a weekend half as many, each with one of the organisation's
 * methods. Drawn from a random stream of its own, so the rest of the demo stays as it was.
 */
export function addSignInHistory(org: OrganisationBuilder): void {
  const random = createRandom(`gridline-demo:${org.profile.slug}:sign-ins`);
  const methods = org.profile.signInMethods.filter((method) => !STAFF_METHODS.has(method)).map((method) => [method, weightOf(method)] as const);
  if (methods.length === 0) return;
  for (let back = SIGN_IN_HISTORY_DAYS; back >= 1; back -= 1) {
    const day = addDays(org.today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const likelihood = weekday === 0 || weekday === 6 ? 0.04 : 0.08;
    for (const user of org.rows.users) {
      if (String(user.created_at).slice(0, 10) > day || !random.chance(likelihood)) continue;
      org.rows.customer_sign_in_days.push({
        organisation_id: org.organisationId,
        day,
        method: pickWeighted(random, methods),
        user_id: user.id,
        sign_ins: random.chance(0.15) ? 2 : 1,
      });
    }
  }
}
