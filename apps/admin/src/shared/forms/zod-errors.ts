import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A form's values checked with the contract's own schema, as Mantine form's `validate`: one
 * translated message per field. The contracts' messages start with a key (`MALFORMED_EMAIL`,
 * `PASSWORD_TOO_SHORT: …`) that the texts translate; zod's own codes get general texts.
 */
export function zodFieldErrors(schema: z.ZodType, values: unknown, t: TFunction): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!field || errors[field]) continue;
    // An empty field is missing, whatever rule it broke first.
    const value = issue.path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), values);
    errors[field] = typeof value === 'string' && value.trim() === '' ? t('validation.required') : issueText(issue, t);
  }
  return errors;
}

function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const key = /^([A-Z][A-Z_]+)\b/.exec(issue.message)?.[1];
  const limits = issue as { minimum?: number | bigint; maximum?: number | bigint };
  const values = { min: Number(limits.minimum ?? 0), max: Number(limits.maximum ?? 0) };
  if (key && t(`validation.${key}`, { defaultValue: '' })) return t(`validation.${key}`, values);
  // A rule's own error key (`DISRUPTION_TITLE_TOO_LONG`): the text the server's answer would show.
  if (key && t(`shared:errors.${key}`, { defaultValue: '' })) return t(`shared:errors.${key}`, values);
  // A contract's own length rule (`TOO_SHORT: at least 3 characters`, a refinement without zod's limits) says its number.
  const stated = Number(/\d+/.exec(issue.message)?.[0] ?? Number.NaN);
  if (key === 'TOO_SHORT' && limits.minimum === undefined && stated > 1) return t('validation.tooShort', { min: stated });
  if (key === 'TOO_LONG' && limits.maximum === undefined && stated > 0) return t('validation.tooLong', { max: stated });
  if (issue.code === 'too_small') return values.min <= 1 ? t('validation.required') : t('validation.tooShort', values);
  if (issue.code === 'too_big') return t('validation.tooLong', values);
  if (issue.code === 'invalid_format' && (issue as { format?: string }).format === 'email') return t('validation.email');
  if (issue.code === 'invalid_type' && issue.input === undefined) return t('validation.required');
  return t('validation.invalid');
}
