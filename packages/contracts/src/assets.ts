import { z } from 'zod';
import { BoundedText, Id, Slug } from './common.ts';
import type { StaffScope } from './staff.ts';

/*
 * Assets (spec 002 §7 `GET, PUT, DELETE /v3/assets; GET /v3/assets/{id}?type,bypassCache`; issue
 * 17, decision 0048): the logos, favicons and images that themes and home modules use, stored in
 * PostgreSQL with their metadata. The content type is read from the bytes, never believed from the
 * upload; the limits below are checked by the server and, the same constants, by the back office.
 */

/** Who sees an organisation's assets in the back office. */
export const assetReaders = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
/** Who uploads, replaces and deletes them. */
export const assetWriters = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING'] as const satisfies readonly StaffScope[];

/** What an asset is for: the theme's logo, the browser tab's icon, or any other image (home modules). */
export const AssetKind = z.enum(['logo', 'favicon', 'image']);
export type AssetKind = z.infer<typeof AssetKind>;

/** The formats an asset may have, by their content type (as served). */
export const assetFormats = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
} as const;
export type AssetFormat = keyof typeof assetFormats;
export const AssetFormatName = z.enum(Object.keys(assetFormats) as [AssetFormat, ...AssetFormat[]]);
export const AssetContentType = z.enum(Object.values(assetFormats) as [string, ...string[]]);

/** Content types an upload may declare, each with the format it names (aliases the browsers use included). */
export const declaredContentTypes: Readonly<Record<string, AssetFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/ico': 'ico',
  'image/svg+xml': 'svg',
};

/** The limits (decision 0048). */
export const ASSET_MAX_BYTES = 2 * 1024 * 1024;
/** Width and height of a raster image, at most. */
export const ASSET_MAX_PIXELS = 4096;
/** A favicon's width and height, at most (raster; an SVG favicon scales). */
export const FAVICON_MAX_PIXELS = 512;
export const ASSET_NAME_MAX_LENGTH = 200;
/** The base64 text of the largest asset. */
export const ASSET_MAX_BASE64_LENGTH = Math.ceil(ASSET_MAX_BYTES / 3) * 4;
/** The upload's JSON body at most (the base64 content and the metadata): what the route accepts. */
export const ASSET_BODY_LIMIT = 3 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The address of an asset's bytes on the organisation's own origin, as themes name it. */
export const assetPath = (id: string): string => `/v3/assets/${id}`;
export const ASSET_PATH_PATTERN = /^\/v3\/assets\/([0-9a-f]{24})(?:\?[A-Za-z0-9=&]{0,100})?$/;
/** The asset a theme's image address names, or null (an https or data: address). */
export const assetIdOf = (url: string | null | undefined): string | null => (url ? (ASSET_PATH_PATTERN.exec(url)?.[1] ?? null) : null);

/** What the published theme uses an asset for. */
export const ThemeUse = z.enum(['logo', 'favicon']);
export type ThemeUse = z.infer<typeof ThemeUse>;

/** An asset's metadata (never its bytes: those are `GET /v3/assets/{id}`). */
export const Asset = z.object({
  _id: Id,
  organisation: z.string(),
  name: z.string(),
  kind: AssetKind,
  /** Read from the bytes. */
  contentType: AssetContentType,
  /** Bytes as stored (an SVG after sanitising). */
  size: z.number().int(),
  /** Pixels; an SVG's from its width and height or its viewBox, null when it names neither. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Hex SHA-256 of the bytes: the strong ETag of `GET /v3/assets/{id}`. */
  sha256: z.string(),
  /** Where the bytes are served: `/v3/assets/{id}` on the organisation's host. */
  url: z.string(),
  /** What the organisation's published theme uses it for (empty when nothing). */
  themeUse: z.array(ThemeUse),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Asset = z.infer<typeof Asset>;

const OrganisationQuery = { organisation: Slug.optional() };

/** `GET /v3/assets`: newest change first, paged, optionally one kind. */
export const ListAssetsQuery = z.object({
  ...OrganisationQuery,
  kind: AssetKind.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListAssetsQuery = z.input<typeof ListAssetsQuery>;

export const AssetWriteQuery = z.object(OrganisationQuery);

/** `DELETE /v3/assets?id=`: the asset (the spec's call has no path parameter). */
export const DeleteAssetQuery = z.object({ ...OrganisationQuery, id: Id });

/**
 * `PUT /v3/assets`: a new asset, or (with `id`) a replacement of the organisation's asset of that
 * id, which keeps its id so that every reference to it stays valid. `content` is the file's bytes
 * in base64 (at most 2 MB decoded); `contentType` what the browser says it is: when given, it must
 * agree with what the bytes are. Strict.
 */
export const PutAssetRequest = z.strictObject({
  id: Id.optional(),
  name: BoundedText(ASSET_NAME_MAX_LENGTH, { min: 1 }),
  kind: AssetKind,
  contentType: z.string().max(100).optional(),
  content: z.string().max(ASSET_MAX_BASE64_LENGTH, 'ASSET_TOO_LARGE').regex(BASE64, 'ASSET_NOT_BASE64'),
});
export type PutAssetRequest = z.input<typeof PutAssetRequest>;

/**
 * `GET /v3/assets/{id}`: `type` is a check, not a conversion: a kind (`logo`, `favicon`, `image`)
 * or a format (`png`, `svg`, …) the asset must be, else 404. `bypassCache=true` answers
 * `no-store` and the bytes whatever `If-None-Match` says.
 */
export const GetAssetQuery = z.object({
  type: z.union([AssetKind, AssetFormatName]).optional(),
  bypassCache: z.enum(['true', 'false']).default('false'),
  /** Ignored by the server: a client names the version it shows (the start of the SHA-256) so that its address changes with the content. */
  v: z.string().regex(/^[0-9a-f]{1,64}$/).optional(),
});

/** The address of an asset's bytes for showing them: changes when the content does (a page's image cache is keyed by it). */
export const assetVersionPath = (asset: { _id: string; sha256: string }): string => `${assetPath(asset._id)}?v=${asset.sha256.slice(0, 12)}`;

/** The error keys of an upload's content. */
export const assetContentKeys = [
  'ASSET_EMPTY',
  'ASSET_NOT_BASE64',
  'ASSET_TOO_LARGE',
  'ASSET_UNSUPPORTED_TYPE',
  'ASSET_TYPE_MISMATCH',
  'ASSET_INVALID_IMAGE',
  'ASSET_TOO_MANY_PIXELS',
  'ASSET_FAVICON_TOO_LARGE',
] as const;
