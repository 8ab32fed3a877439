import type { ReportSigner } from '../signing/signer';
import { buildConformityCredential, type ConformityCredentialInput } from './conformity-credential';
import { publicJwkFromCertificate, verificationMethodId } from './did-document';
import { securedCredential } from './vc-jose';

/**
 * A report's conformity credential, secured as VC-JOSE by the report signer: its `kid` names
 * the signer's key in the issuer's DID document (the key of the signer's certificate).
 */
export async function issueCredential(
  signer: ReportSigner,
  input: ConformityCredentialInput,
): Promise<string> {
  const [certificate] = await signer.certificates();
  if (!certificate) throw new Error('The report signer has no certificate');
  const kid = verificationMethodId(input.issuer.id, publicJwkFromCertificate(certificate));
  return securedCredential(buildConformityCredential(input), signer, kid);
}
