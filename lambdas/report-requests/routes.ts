import { reportRequestApi } from '../shared/contract/api/report-requests';
import { implement } from '../shared/route-spec';

/** The report-requests routes (assembled with every feature's in lambdas/routes.ts). */
export const reportRequestRoutes = implement(reportRequestApi, {
  'POST /api/report-requests': {
    handler: 'lambdas/report-requests/create-handler.ts',
    grants: ['reportsWrite', 'reportSigning'],
  },
  'GET /api/report-requests/{id}/pdf': {
    handler: 'lambdas/report-requests/pdf-handler.ts',
    grants: ['reportsRead'],
  },
  'GET /api/report-requests/verify/{reportNumber}': {
    handler: 'lambdas/report-requests/verify-handler.ts',
  },
  'GET /api/report-requests/verify/{reportNumber}/credential': {
    handler: 'lambdas/report-requests/credential-handler.ts',
  },
  'POST /api/report-requests/signature-check': {
    handler: 'lambdas/report-requests/signature-check-handler.ts',
    grants: ['signingPublicKey'],
  },
  'GET /.well-known/did.json': {
    handler: 'lambdas/report-requests/did-handler.ts',
    grants: ['signingPublicKey'],
  },
  'GET /api/report-requests': { handler: 'lambdas/report-requests/list-handler.ts' },
  'POST /api/report-requests/{id}/resend': {
    handler: 'lambdas/report-requests/resend-handler.ts',
  },
});
