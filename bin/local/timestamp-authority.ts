import { randomBytes, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import { Accuracy, PKIStatusInfo, TimeStampReq, TimeStampResp, TSTInfo } from 'pkijs';
import { bufferSource, oids, tags, tlv } from '../../lambdas/report-requests/signing/certificates';
import { cmsOids, createSignedData, sha256 } from '../../lambdas/report-requests/signing/cms';
import { keySigner } from '../../lambdas/report-requests/signing/local-signer';
import { PortTakenError } from './preflight';

/**
 * The local RFC 3161 timestamp authority: what the operator's TSA (TIMESTAMP_AUTHORITY_URL)
 * is in AWS, answering `application/timestamp-query` POSTs with tokens signed by the local
 * TSA key (bin/local/signing.ts).
 */

/** The TSA policy of the local authority's tokens (under the OID arc for examples, 2.999). */
export const localTimestampPolicy = '2.999.3161.1';

/** PKIFailureInfo bits (RFC 3161 2.4.2). */
const failure = { badAlg: 0, badRequest: 2, badDataFormat: 5 } as const;

function rejection(bit: number): Uint8Array {
  const bits = new Uint8Array(4);
  bits[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  return new Uint8Array(
    new TimeStampResp({
      status: new PKIStatusInfo({
        status: 2,
        failInfo: new asn1js.BitString({ valueHex: bits.slice(0, Math.floor(bit / 8) + 1) }),
      }),
    })
      .toSchema()
      .toBER(),
  );
}

export interface TimestampSigner {
  key: KeyObject;
  /** DER, the TSA's certificate first. */
  chain: Uint8Array[];
}

/**
 * The DER TimeStampResp to a DER TimeStampReq: a token of genTime `now`, a fresh serial, the
 * nonce echoed, accuracy one second, signed by the TSA (signing-certificate-v2 attribute;
 * its certificate included when asked). Only SHA-256 imprints are accepted.
 */
export async function timestampResponse(
  request: Uint8Array,
  tsa: TimestampSigner,
  now = new Date(),
): Promise<Uint8Array> {
  let parsed: TimeStampReq;
  try {
    parsed = TimeStampReq.fromBER(bufferSource(request));
  } catch {
    return rejection(failure.badDataFormat);
  }
  const imprint = parsed.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== oids.sha256) return rejection(failure.badAlg);
  if (imprint.hashedMessage.valueBlock.valueHexView.byteLength !== 32) {
    return rejection(failure.badRequest);
  }
  // Whole milliseconds are what GeneralizedTime carries here; the accuracy covers the rest.
  const info = new TSTInfo({
    version: 1,
    policy: localTimestampPolicy,
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ valueHex: positive(randomBytes(16)) }),
    genTime: now,
    accuracy: new Accuracy({ seconds: 1 }),
    ...(parsed.nonce ? { nonce: parsed.nonce } : {}),
  });
  const encoded = new Uint8Array(info.toSchema().toBER());
  const cms = await createSignedData({
    contentType: cmsOids.tstInfo,
    digest: sha256(encoded),
    encapsulated: encoded,
    signer: keySigner(tsa.key),
    certificates: tsa.chain,
  });
  // TimeStampResp { status PKIStatusInfo { granted }, timeStampToken }
  return tlv(
    tags.sequence,
    new Uint8Array(new PKIStatusInfo({ status: 0 }).toSchema().toBER()),
    cms.encode({ withCertificates: parsed.certReq === true }),
  );
}

function positive(bytes: Uint8Array): Uint8Array {
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes;
}

/** The running local TSA. */
export interface LocalTimestampAuthority {
  url: string;
  stop(): Promise<void>;
}

/** Starts the local TSA on `port` (0: any free port). */
export async function startTimestampAuthority(
  port: number,
  tsa: TimestampSigner,
): Promise<LocalTimestampAuthority> {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // A timestamp request is well under a kilobyte.
      if (size > 16_384) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      timestampResponse(new Uint8Array(Buffer.concat(chunks)), tsa).then(
        (answer) => {
          response
            .writeHead(200, {
              'content-type': 'application/timestamp-reply',
              'content-length': answer.byteLength,
            })
            .end(answer);
        },
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortTakenError(port) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
