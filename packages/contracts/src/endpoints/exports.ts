import { endpoint } from '../endpoint.ts';
import { ExportDownloadQuery, ExportParams, ExportQuery, ExportUrl } from '../exports.ts';

/** Exports of a location's readings (spec 000 §7 "get export URL", spec 001 §7 "exports"). */

const params = { organisation: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8e1' };

export const getExportUrl = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/data/export-url',
  operationId: 'getExportUrl',
  tag: 'exports',
  summary: "A 60-second URL of an export (CSV or XLSX) of the location's readings",
  description:
    '`period` defaults to the unit of `dateKey` (`total` cannot be exported: `400 INVALID_EXPORT_PERIOD`); `resolution` to the next finer unit. A resolution the period or service cannot give is `400 INVALID_EXPORT_RESOLUTION`.',
  auth: 'user',
  params: ExportParams,
  query: ExportQuery,
  response: { data: ExportUrl },
  errors: ['NOT_FOUND', 'INVALID_DATE_KEY', 'INVALID_EXPORT_PERIOD', 'INVALID_EXPORT_RESOLUTION'],
  examples: { params, query: { dateKey: '2025-10', format: 'csv' } },
});

export const downloadExport = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/data/export',
  operationId: 'downloadExport',
  tag: 'exports',
  summary: 'The export file, authorised by the short-lived token of its URL',
  auth: 'document',
  params: ExportParams,
  query: ExportDownloadQuery,
  response: {
    file: {
      contentTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      description: 'The file, `content-disposition: attachment`',
    },
  },
  errors: ['MISSING_TOKEN', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'NOT_FOUND', 'INVALID_DATE_KEY', 'INVALID_EXPORT_PERIOD', 'INVALID_EXPORT_RESOLUTION'],
  examples: { params, query: { dateKey: '2025-10', format: 'csv' } },
});
