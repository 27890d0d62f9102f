import { z } from 'zod';
import { BoundedText, Slug } from './common.ts';
import { Language } from './enums.ts';

/**
 * The copy groups of spec 000 section 7, here (not in packages/copy) because the query of
 * `GET /v3/copy/aggregated` names them; packages/copy holds their texts.
 */
export const copyGroups = ['app', 'chat', 'notification', 'shared', 'compare', 'mail', 'tips', 'my-pages', 'status', 'organisation'] as const;
export type CopyGroup = (typeof copyGroups)[number];

/** The groups the portal reads, one i18next namespace each; the server carries them in its page. */
export const portalCopyGroups = ['my-pages', 'shared', 'organisation'] as const satisfies readonly CopyGroup[];

/**
 * The portal's page carries the public release and the texts of one language as JSON data
 * blocks with these ids (decision 0034); the language is the one the portal remembered in this
 * cookie, else the browser's.
 */
export const pageDataIds = { release: 'gridline-release', copy: 'gridline-copy' } as const;
export const LANGUAGE_COOKIE = 'gridline.language';

/** Translation versions the API serves (spec 000 §7, 002 §3). */
export const copyVersions = ['v3.0'] as const;
export type CopyVersion = (typeof copyVersions)[number];

/** The groups of a `types` query value (`shared,my-pages`); `undefined` when none is named. */
export function splitCopyTypes(types: string | undefined): string[] | undefined {
  const names = (types ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? [...new Set(names)] : undefined;
}

/** The names that are not copy groups, in the order given. */
export function unknownCopyGroups(types: readonly string[] | undefined): string[] {
  return (types ?? []).filter((name) => !(copyGroups as readonly string[]).includes(name));
}

export const CopyQuery = z.object({
  version: z.enum(copyVersions, { error: `Unknown copy version; the versions are ${copyVersions.join(', ')}` }).default(copyVersions[0]),
  organisation: Slug,
  language: Language,
  types: BoundedText(500)
    .optional()
    .describe(`Comma-separated copy groups (${copyGroups.join(', ')}); every group when absent`)
    .superRefine((types, context) => {
      const unknown = unknownCopyGroups(splitCopyTypes(types));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `Unknown copy groups: ${unknown.join(', ')}; the groups are ${copyGroups.join(', ')}` });
      }
    }),
});

/** The merged texts per group: keys to texts, nested freely (`errors.WRONG_PASSWORD`). */
export const CopyGroups = z.record(z.string(), z.record(z.string(), z.unknown()));
export type CopyGroups = z.infer<typeof CopyGroups>;
