import { GetPublicKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { getKms } from '../../shared/aws/kms';

/**
 * The key's DER SubjectPublicKeyInfo, as KMS GetPublicKey answers it. A module of its own:
 * the functions that only read the key (the signature check, the DID document) carry no SSM
 * client nor signing code.
 */
export async function kmsPublicKey(keyId: string, kms: KMSClient = getKms()): Promise<Uint8Array> {
  const answer = await kms.send(new GetPublicKeyCommand({ KeyId: keyId }));
  if (!answer.PublicKey) throw new Error(`KMS key ${keyId} answered no public key`);
  return answer.PublicKey;
}
