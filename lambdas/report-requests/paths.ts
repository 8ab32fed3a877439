/** The PDF link of a request, relative to the app's origin. */
export const pdfPath = (id: string) => `/api/report-requests/${id}/pdf`;
