import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import * as asn1js from 'asn1js';
import { algorithm, bufferSource, childOf, der, oids, parseDer } from './certificates';
import { cmsOids } from './cms';
import { type TimestampAuthority, TimestampUnavailable } from './signer';

/** How long a report waits for its timestamp before it is issued without one (B-B). */
export const timestampTimeoutMs = 2_000;

/** PKIStatus granted (0) and grantedWithMods (1) carry a token (RFC 3161 2.4.2). */
const granted = new Set([0, 1]);

function equalBytes(a: ArrayBufferView | ArrayBuffer, b: Uint8Array): boolean {
  const left = ArrayBuffer.isView(a)
    ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
    : new Uint8Array(a);
  return Buffer.from(left).equals(Buffer.from(b));
}

/** The DER RFC 3161 request for a SHA-256 `digest`, with `nonce` and the TSA's certificate asked for. */
export function timestampRequest(digest: Uint8Array, nonce: Uint8Array): Uint8Array {
  return der(
    new asn1js.Sequence({
      value: [
        new asn1js.Integer({ value: 1 }),
        // MessageImprint { hashAlgorithm, hashedMessage }
        new asn1js.Sequence({
          value: [
            algorithm(oids.sha256),
            new asn1js.OctetString({ valueHex: bufferSource(digest) }),
          ],
        }),
        new asn1js.Integer({ valueHex: bufferSource(nonce) }),
        // certReq
        new asn1js.Boolean({ value: true }),
      ],
    }),
  );
}

/** The imprint and nonce of a DER TSTInfo (RFC 3161 2.4.2), and its time. */
export function readTstInfo(tstInfo: Uint8Array): {
  hashAlgorithm: string;
  hashedMessage: Uint8Array;
  nonce: Uint8Array | null;
  genTime: Date;
} {
  // TSTInfo { version, policy, messageImprint, serialNumber, genTime, accuracy?, ordering?,
  // nonce?, tsa [0]?, extensions [1]? }
  const info = parseDer(tstInfo);
  const imprint = childOf(info, 2);
  const hashAlgorithm = childOf(childOf(imprint, 0), 0);
  const hashedMessage = childOf(imprint, 1);
  const genTime = childOf(info, 4);
  if (
    !(hashAlgorithm instanceof asn1js.ObjectIdentifier) ||
    !(hashedMessage instanceof asn1js.OctetString) ||
    !(genTime instanceof asn1js.GeneralizedTime)
  ) {
    throw new Error('Not a TSTInfo');
  }
  const rest = info instanceof asn1js.Sequence ? info.valueBlock.value.slice(5) : [];
  const nonce = rest.find((element) => element instanceof asn1js.Integer);
  return {
    hashAlgorithm: hashAlgorithm.valueBlock.toString(),
    hashedMessage: new Uint8Array(hashedMessage.valueBlock.valueHexView),
    nonce: nonce ? new Uint8Array(nonce.valueBlock.valueHexView) : null,
    genTime: genTime.toDate(),
  };
}

/**
 * The token of a TSA's answer, after checking it grants one, for this `digest` and `nonce`.
 * Throws TimestampUnavailable otherwise.
 */
export function tokenOfResponse(
  response: Uint8Array,
  digest: Uint8Array,
  nonce: Uint8Array,
): Uint8Array {
  try {
    return readResponse(response, digest, nonce);
  } catch (error) {
    if (error instanceof TimestampUnavailable) throw error;
    // Whatever else malformed bytes make asn1js throw (lengths past the end, ...).
    throw new TimestampUnavailable('The timestamp authority answered malformed bytes', {
      cause: error,
    });
  }
}

function readResponse(response: Uint8Array, digest: Uint8Array, nonce: Uint8Array): Uint8Array {
  // Read with asn1js alone, down to the TSTInfo: pkijs' schema matching of the whole
  // response (the token's certificates included) costs milliseconds per report.
  const parsed = asn1js.fromBER(bufferSource(response));
  const status = childOf(childOf(parsed.result, 0), 0);
  if (parsed.offset === -1 || !(status instanceof asn1js.Integer)) {
    throw new TimestampUnavailable('The timestamp authority answered no RFC 3161 response');
  }
  const token = childOf(parsed.result, 1);
  if (!granted.has(status.valueBlock.valueDec) || !token) {
    throw new TimestampUnavailable(
      `The timestamp authority refused the request (status ${status.valueBlock.valueDec})`,
    );
  }
  let info: ReturnType<typeof readTstInfo>;
  try {
    // ContentInfo { contentType, [0] SignedData { version, digestAlgorithms, encapContentInfo } }
    const contentType = childOf(token, 0);
    const signedData = childOf(childOf(token, 1), 0);
    const encapsulated = childOf(signedData, 2);
    const eContentType = childOf(encapsulated, 0);
    const eContent = childOf(childOf(encapsulated, 1), 0);
    if (
      !(contentType instanceof asn1js.ObjectIdentifier) ||
      contentType.valueBlock.toString() !== cmsOids.signedData ||
      !(eContentType instanceof asn1js.ObjectIdentifier) ||
      eContentType.valueBlock.toString() !== cmsOids.tstInfo ||
      !(eContent instanceof asn1js.OctetString)
    ) {
      throw new Error('no SignedData of a TSTInfo');
    }
    info = readTstInfo(new Uint8Array(eContent.getValue()));
  } catch (error) {
    throw new TimestampUnavailable('The timestamp token is malformed', { cause: error });
  }
  if (info.hashAlgorithm !== oids.sha256 || !equalBytes(info.hashedMessage, digest)) {
    throw new TimestampUnavailable('The timestamp token is for another digest');
  }
  if (!info.nonce || !equalBytes(info.nonce, nonce)) {
    throw new TimestampUnavailable('The timestamp token does not carry the request nonce');
  }
  return new Uint8Array(token.valueBeforeDecodeView);
}

/** POSTs `body` to `url`, the answer's bytes; a status other than 200 is an error. */
function post(url: string, body: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/timestamp-query',
          'content-length': body.byteLength,
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // A token with its authority's chain is a few kilobytes.
          if (size > maxResponseBytes) answer.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        answer.on('error', reject);
        answer.on('end', () => {
          if (answer.statusCode !== 200) reject(new Error(`HTTP ${answer.statusCode}`));
          else resolve(new Uint8Array(Buffer.concat(chunks)));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const maxResponseBytes = 65_536;

/**
 * The RFC 3161 client of the configured timestamp authority: POST of the request
 * (`application/timestamp-query`), bounded by `timeoutMs`. Any failure (unreachable, slow,
 * an HTTP error, a refusal, a token for something else) is TimestampUnavailable. Node's
 * http(s) rather than fetch: a third of the time per token on the local stack.
 */
export function httpTimestampAuthority(
  url: string,
  options: { timeoutMs?: number } = {},
): TimestampAuthority {
  const timeoutMs = options.timeoutMs ?? timestampTimeoutMs;
  return {
    async timestamp(digest) {
      // Positive 64-bit nonce: a leading zero bit keeps the INTEGER's encoding as sent.
      const nonce = randomBytes(8);
      nonce[0] = (nonce[0]! & 0x7f) | 0x01;
      let body: Uint8Array;
      try {
        body = await post(url, timestampRequest(digest, nonce), timeoutMs);
      } catch (error) {
        throw new TimestampUnavailable(
          `The timestamp authority ${url} did not answer: ${
            error instanceof Error ? error.message : String(error)
          }`,
          { cause: error },
        );
      }
      return tokenOfResponse(body, digest, nonce);
    },
  };
}
