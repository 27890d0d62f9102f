import { configurationWriteViolations } from '@gridline/contracts/settings-configurations';
import type { StaffScope } from '@gridline/contracts/staff';
import { AppError } from '../../lib/errors.ts';

/**
 * Per-field permissions of the feature configurations (spec 002 §6, decision 0057): a staff member
 * changes a field only where the field gives their scope READ/WRITE (a platform admin: where any
 * organisation scope may). `before` and `after` are the part as publishing would release it, so a
 * field the writer left as it was passes whatever their scope. Answers 403
 * `CONFIGURATION_FIELD_READ_ONLY` with the fields' paths in `data.fields`.
 */
export function checkConfigurationWrite(scope: StaffScope, before: unknown, after: unknown): void {
  const fields = configurationWriteViolations(scope, before, after);
  if (fields.length > 0) {
    throw new AppError('CONFIGURATION_FIELD_READ_ONLY', { message: `Your scope ${scope} may only read: ${fields.join(', ')}`, data: { fields } });
  }
}
