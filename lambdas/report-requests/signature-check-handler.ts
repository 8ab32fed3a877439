import { createPublicHttpHandler, ok } from '../shared/http/public';
import { countLookup } from '../shared/lookup-quota';
import { reportRequestRoutes } from './routes';
import { checkPdfSignature } from './signing/check-pdf';
import { getSigningPublicKey } from './signing/published-key';

/**
 * `POST /api/report-requests/signature-check` (public): what a PDF's signature proves
 * (docs/report-signatures.md): signed, valid over unchanged bytes, covering the whole file,
 * made with this product's signing key (`trusted`), who signed and the
 * trusted timestamp's time. The file (base64, at most 3 MB) is checked in memory and kept
 * nowhere. Counted against the client address's look-up quota, as the verification.
 */
export const handler = createPublicHttpHandler(
  reportRequestRoutes,
  'POST /api/report-requests/signature-check',
  async ({ event, body }) => {
    await countLookup(event);
    const publicKey = await getSigningPublicKey();
    // This product's signature is one made with its signing key, whichever certificate of
    // the key carries it (a renewed one too). Not any certificate of the same CA: the CA
    // certifies other signers as well.
    const check = checkPdfSignature(Buffer.from(body.pdf, 'base64'), [], {
      trustedKeys: [publicKey],
    });
    return ok({
      signed: check.signed,
      valid: check.valid,
      wholeDocument: check.wholeDocument,
      trusted: check.trusted,
      signer: check.signer,
      signedAt: check.timestampValid ? check.signedAt : null,
      timestamped: check.timestamped && check.timestampValid,
    });
  },
);
