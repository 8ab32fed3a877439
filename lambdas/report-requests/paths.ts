/** The PDF link of a request, relative to the app's origin. */
export const pdfPath = (id: string) => `/api/report-requests/${id}/pdf`;

/** The conformity credential of a report, relative to the app's origin. */
export const credentialPath = (reportNumber: string) =>
  `/api/report-requests/verify/${reportNumber}/credential`;
