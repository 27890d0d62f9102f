/**
 * Copy texts: the platform's default texts per language, grouped as in spec 000 section 7.
 * The server answers `GET /v3/copy/aggregated` from these (merged with an organisation's
 * overrides); the web apps fall back to them for any key the answer lacks.
 */
import type { CopyGroup } from '@gridline/contracts/organisations';

export { copyGroups, type CopyGroup } from '@gridline/contracts/organisations';

/** A group's texts: keys to texts, nested freely (`errors.WRONG_PASSWORD`). */
export interface CopyTree {
  readonly [key: string]: string | CopyTree;
}

export type CopyBundle = { readonly [G in CopyGroup]?: CopyTree };

/**
 * The same keys as `T`, every text a string. The other languages use it against the English
 * bundle so that a missing or extra key is a compile error.
 */
export type SameKeys<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]>;
};
