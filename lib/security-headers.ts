/**
 * Security headers sent on every response: by the CloudFront response-headers policy
 * in AWS (lib/constructs/web.ts) and by the local gateway (bin/local/gateway-server.ts).
 */
export interface SecurityHeaderOptions {
  /** Extra origins the browser may call besides its own (the Cognito endpoint). */
  connectSources: string[];
}

export function contentSecurityPolicy({ connectSources }: SecurityHeaderOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Cloudscape sets inline style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const strictTransportSecurity = 'max-age=63072000; includeSubDomains; preload';
export const referrerPolicy = 'strict-origin-when-cross-origin';

/** All headers as a plain map, for servers that set them directly. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': strictTransportSecurity,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
  };
}
