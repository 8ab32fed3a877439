import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * AWS authorizes Cognito's administrative operations (AdminCreateUser, ListUsers,
 * AdminUpdateUserAttributes, CreateUserPool, ...) with IAM: the request must carry a
 * Signature Version 4 of credentials allowed to call them. cognito-local checks nothing,
 * so anyone who can reach its port could make themselves admin. The local stack puts this
 * check in front of it (bin/local/cognito.ts): only the operations a client may call
 * without IAM pass unsigned; everything else needs a valid signature by the local
 * stack's credentials, and is refused with the errors AWS gives otherwise.
 */

/** Operations of the user pool API that need no IAM signature: the app client's own. */
export const publicOperations = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  // With the user's own access token:
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'ChangePassword',
  'GlobalSignOut',
  'DeleteUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

export interface IamRefusal {
  status: number;
  type: string;
  message: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/**
 * Checks a request's Signature Version 4 against `credentials`: null when it is valid,
 * otherwise the refusal AWS answers (missing, unknown key, or wrong signature).
 */
export function checkSignature(
  request: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer },
  credentials: { accessKeyId: string; secretAccessKey: string },
): IamRefusal | null {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) {
    return {
      status: 400,
      type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    };
  }
  const [, accessKeyId, date, region, service, signedHeaders, signature] =
    match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) {
    return {
      status: 400,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const names = signedHeaders!.split(';');
  const canonicalHeaders = names
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const [path, query = ''] = request.path.split('?');
  const canonicalQuery = query.split('&').filter(Boolean).sort().join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = [date!, region!, service!, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature!, 'hex');
  if (!names.includes('host') || !amzDate.startsWith(date!) || !timingSafeEqual(expected, given)) {
    return {
      status: 400,
      type: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. ' +
        'Check your AWS Secret Access Key and signing method.',
    };
  }
  return null;
}
