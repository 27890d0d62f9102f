import { z } from 'zod';
import { Agreement } from '../agreements.ts';

import { endpoint } from '../endpoint.ts';
import { ThirdPartyDataInquiry, UpdateInquiryRequest } from '../inquiries.ts';

/** A location's agreements and third-party data inquiries (spec 000 §2.8, §4.3; spec 001 §7). */

const LocationParams = z.object({ organisation: z.string(), id: z.string() });
const params = { organisation: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8e1' };
const Inquiries = z.array(ThirdPartyDataInquiry);

export const getAgreements = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/agreements',
  operationId: 'getAgreements',
  tag: 'agreements',
  summary: "The location's agreements, the supplier's first",
  auth: 'user',
  params: LocationParams,
  response: { data: z.array(Agreement) },
  errors: ['NOT_FOUND'],
  examples: { params },
});

export const getInquiries = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/{id}/third-party-data-inquiries',
  operationId: 'getInquiries',
  tag: 'agreements',
  summary: "Third-party data inquiries about the location's services, newest first",
  description: '404 when the organisation does not offer the feature (`THIRD_PARTY_DATA_INQUIRIES`).',
  auth: 'user',
  params: LocationParams,
  response: { data: Inquiries },
  errors: ['NOT_FOUND'],
  examples: { params },
});

export const updateInquiry = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/locations/{id}/third-party-data-inquiries/{inquiryId}',
  operationId: 'updateInquiry',
  tag: 'agreements',
  summary: 'Answer a third-party data inquiry; answers the updated list',
  description:
    'pending → accepted or rejected, accepted → rejected; rejected is final. Another move is `409 INQUIRY_TRANSITION_NOT_ALLOWED` (data: from, to, allowed); the current status again changes nothing.',
  auth: 'user',
  params: LocationParams.extend({ inquiryId: z.string() }),
  body: UpdateInquiryRequest,
  response: { data: Inquiries },
  errors: ['NOT_FOUND', 'INQUIRY_TRANSITION_NOT_ALLOWED'],
  examples: {
    params: { ...params, inquiryId: '64b7f0c2a1d3e4f5a6b7c8f5' },
    body: { status: 'accepted' },
    data: [{ inquiryId: '64b7f0c2a1d3e4f5a6b7c8f5', serviceId: '64b7f0c2a1d3e4f5a6b7c8e2', inquirer: 'Nordic Energy Insights AB', inquiryDate: '2025-10-01T09:30:00Z', status: 'accepted' }],
  },
});

