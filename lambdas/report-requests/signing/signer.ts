/**
 * The report signer (docs/report-signatures.md): one ECDSA P-256 key that signs every
 * report PDF (PAdES) and every conformity credential (VC-JOSE). In AWS the key lives in
 * KMS and never leaves it (kms-signer.ts); locally a key made once into the data folder
 * stands in (local-signer.ts). Both answer the same interface.
 */
export interface ReportSigner {
  /**
   * The certificate chain of the signing key, DER, the signer's certificate first, then
   * the CAs up to (and including) the root when the operator configured it.
   */
  certificates(): Promise<Uint8Array[]>;
  /**
   * An ECDSA P-256 signature over SHA-256 of `message`, DER-encoded (ECDSA-Sig-Value), as
   * KMS `Sign` answers it.
   */
  sign(message: Uint8Array): Promise<Uint8Array>;
}

/** An RFC 3161 timestamp authority: the configured TSA in AWS, the local one locally. */
export interface TimestampAuthority {
  /**
   * A timestamp token (DER ContentInfo of the TSA's SignedData) over the SHA-256 `digest`.
   * Throws `TimestampUnavailable` when the authority cannot be reached or answers no token.
   */
  timestamp(digest: Uint8Array): Promise<Uint8Array>;
}

export class TimestampUnavailable extends Error {
  override name = 'TimestampUnavailable';
}
