import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { Done } from '../staff.ts';
import { Asset, assetContentKeys, assetReaders, assetWriters, AssetWriteQuery, DeleteAssetQuery, GetAssetQuery, ListAssetsQuery, PutAssetRequest } from '../assets.ts';

/*
 * Assets (spec 002 §7 `GET, PUT, DELETE /v3/assets; GET /v3/assets/{id}?type,bypassCache`; issue
 * 17, decision 0048). Staff calls name the organisation with `?organisation=` (organisation staff
 * may leave it out: their own; platform staff must); another organisation's asset is 404. The
 * bytes are public: the portal's sign-in page and e-mails load the logo without a token.
 */

const exampleId = '64b7f0c2a1d3e4f5a6b7c8d9';
// A 1×1 transparent PNG.
const examplePng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const listAssets = endpoint({
  method: 'GET',
  path: '/v3/assets',
  operationId: 'listAssets',
  tag: 'assets',
  summary: "An organisation's assets, the latest change first, paged (staff)",
  description: 'Metadata only; `themeUse` says whether the published theme uses an asset as its logo or favicon. `kind` filters.',
  auth: { scopes: assetReaders },
  query: ListAssetsQuery,
  response: { data: z.array(Asset), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', kind: 'logo', limit: 50, page: 1 } },
});

export const putAsset = endpoint({
  method: 'PUT',
  path: '/v3/assets',
  operationId: 'putAsset',
  tag: 'assets',
  summary: 'Upload an asset, or replace one keeping its id (staff)',
  description:
    'A JSON body with the file in base64 (`content`, at most 2 MB decoded; the body at most 3 MB). The format is read from the bytes: PNG, JPEG, WebP, GIF, ICO or SVG; ' +
    'a declared `contentType` that disagrees is `400 ASSET_TYPE_MISMATCH`, anything else `400 ASSET_UNSUPPORTED_TYPE`. Raster images at most 4096×4096 pixels, a favicon at most 512×512. ' +
    'An SVG is sanitised (scripts, event handlers, `foreignObject`, outside references and `javascript:` links removed) and stored as sanitised. ' +
    'With `id`, the organisation\'s asset of that id is replaced and keeps its id (a theme that uses it shows the new image at once: its ETag changes); an unknown id is 404. ' +
    'Audited as `asset.create` or `asset.replace` with name, kind, type, size, pixels and SHA-256 (never the bytes).',
  auth: { scopes: assetWriters },
  query: AssetWriteQuery,
  body: PutAssetRequest,
  response: { data: Asset },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...assetContentKeys],
  examples: { query: { organisation: 'solvik' }, body: { name: 'logo.png', kind: 'logo', contentType: 'image/png', content: examplePng } },
});

export const deleteAsset = endpoint({
  method: 'DELETE',
  path: '/v3/assets',
  operationId: 'deleteAsset',
  tag: 'assets',
  summary: 'Delete an asset (staff)',
  description:
    "The asset the published theme uses as its logo or favicon is refused with `409 ASSET_IN_USE` (publish a theme without it first); an image a home module names is deleted, and the module shows no image. Audited as `asset.delete`.",
  auth: { scopes: assetWriters },
  query: DeleteAssetQuery,
  response: { data: Done },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'ASSET_IN_USE'],
  examples: { query: { organisation: 'solvik', id: exampleId } },
});

export const getAsset = endpoint({
  method: 'GET',
  path: '/v3/assets/{id}',
  operationId: 'getAsset',
  tag: 'assets',
  summary: "An asset's bytes (public)",
  description:
    'Served as stored, with its content type, a strong ETag (the SHA-256), `cache-control: public, max-age=0, must-revalidate` (the id stays when an asset is replaced, so a copy is checked on every use; `If-None-Match` answers 304), ' +
    '`x-content-type-options: nosniff`, and for an SVG `content-security-policy: default-src \'none\'; style-src \'unsafe-inline\'`. ' +
    '`type` is a check, not a conversion: a kind (`logo`, `favicon`, `image`) or a format (`png`, `jpeg`, `webp`, `gif`, `ico`, `svg`) the asset must be, else 404. `bypassCache=true`: `cache-control: no-store`, and the bytes whatever `If-None-Match` says.',
  auth: 'none',
  params: z.object({ id: Id }),
  query: GetAssetQuery,
  response: { file: { contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon', 'image/svg+xml'], description: 'The bytes' } },
  errors: ['NOT_FOUND'],
  examples: { params: { id: exampleId }, query: { type: 'logo', bypassCache: 'false' } },
});
