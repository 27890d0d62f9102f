import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '@gridline/contracts/api-document';
import { allEndpoints } from '@gridline/contracts/endpoints/all';

type Operation = { operationId: string; security: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

const document = apiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json (run `npm run openapi` after changing a contract)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('is OpenAPI 3.1 with one operation per contract, each with a success schema, errors and security', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations.map((o) => o.operationId).sort()).toEqual(allEndpoints.map((e) => e.operationId).sort());
    for (const operation of operations) {
      const success = operation.responses['200'];
      expect(Object.values(success?.content ?? {}).every((media) => media.schema !== undefined), operation.operationId).toBe(true);
      expect(Object.keys(operation.responses).some((status) => status.startsWith('4')), operation.operationId).toBe(true);
      expect(operation.responses['500']?.content?.['application/json']?.schema, operation.operationId).toBeDefined();
      expect(Array.isArray(operation.security), operation.operationId).toBe(true);
    }
  });
});
