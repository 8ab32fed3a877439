import { adminOnly, staffOrAdmin, type ApiTable } from '../api-spec';
import { reportNumberParams, requestIdParams } from '../schemas/params';
import {
  createReportRequestSchema,
  listReportRequestsQuerySchema,
  reportRequestCreatedSchema,
  reportRequestPageSchema,
  reportRequestSummarySchema,
  didDocumentSchema,
  reportVerificationSchema,
  signatureCheckInputSchema,
  signatureCheckSchema,
} from '../schemas/report-request';

/**
 * The Test Report Center's requests (docs/report-center.md): a visitor's request and its
 * PDF, the public verification of an issued report, and the back office's search history.
 */
export const reportRequestApi = {
  'POST /api/report-requests': {
    summary: "Issues a unit's test report to a visitor: the preview, and the PDF by mail",
    access: 'public',
    body: createReportRequestSchema,
    answers: { 201: reportRequestCreatedSchema },
  },
  'GET /api/report-requests/{id}/pdf': {
    summary: "A report's PDF, while its link has not expired (the request's id is its secret)",
    access: 'public',
    params: requestIdParams,
    answers: { 200: { file: 'application/pdf' } },
  },
  'GET /api/report-requests/verify/{reportNumber}': {
    summary: 'The public facts of an issued report, and what happened to its unit since',
    access: 'public',
    params: reportNumberParams,
    answers: { 200: reportVerificationSchema },
  },
  'GET /api/report-requests/verify/{reportNumber}/credential': {
    summary: "The report's conformity credential: a W3C verifiable credential (VC-JOSE)",
    access: 'public',
    params: reportNumberParams,
    answers: { 200: { file: 'application/vc+jwt' } },
  },
  'POST /api/report-requests/signature-check': {
    summary: "What a PDF's signature proves: intact, whole, this product's, who and when",
    access: 'public',
    body: signatureCheckInputSchema,
    answers: { 200: signatureCheckSchema },
  },
  'GET /.well-known/did.json': {
    summary: "The report host's DID document (did:web): the key its credentials are signed with",
    access: 'public',
    answers: { 200: didDocumentSchema },
  },
  'GET /api/report-requests': {
    summary: 'A page of the search history, newest first (emails masked for staff)',
    access: staffOrAdmin,
    query: listReportRequestsQuerySchema,
    answers: { 200: reportRequestPageSchema },
  },
  'POST /api/report-requests/{id}/resend': {
    summary: "Puts a failed or stuck report's mail back in the outbox",
    access: adminOnly,
    params: requestIdParams,
    answers: { 200: reportRequestSummarySchema },
  },
} as const satisfies ApiTable;
