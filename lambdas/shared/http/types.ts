import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Role } from '../contract/roles';
import type { AuditActor } from '../contract/schemas/audit';

/** The API Gateway HTTP API (payload 2.0) event, with the JWT authorizer's claims. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: { authorizer?: { jwt?: { claims: Record<string, unknown> } } };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

/**
 * The signed-in user: the verified ID token's subject, the account's email and name now,
 * and the role the route gives them: their current role, except that an admin whose token
 * had no second factor acts as `staff` on a route staff may call (http/middlewares.ts
 * `authorization`; docs/access-control.md "Second factor").
 */
export interface Caller {
  sub: string;
  email: string;
  /** The account's name now (absent when it has none). */
  name?: string;
  role: Role;
  /** This token was signed in with the account's authenticator app, after it was confirmed. */
  secondFactor: boolean;
  /** When this token's sign-in was made (`auth_time`, else `iat`), epoch seconds. */
  authTime: number;
}

/** Who a signed-in caller is, as an audit entry names them: id, and name and email as they are now. */
export const actorOf = (caller: Caller): AuditActor => ({
  id: caller.sub,
  ...(caller.name ? { name: caller.name } : {}),
  email: caller.email,
});

export interface HttpResponse {
  status: number;
  /** JSON-encoded unless `binary` is given. */
  body?: unknown;
  /** Raw bytes (e.g. a PDF), sent base64-encoded as API Gateway expects; set `content-type`. */
  binary?: Uint8Array;
  headers?: Record<string, string>;
}

/** A 200 answer; its body is checked against the route's answer schema by the types. */
export const ok = <B>(body: B) => ({ status: 200 as const, body });
/** A 201 answer (a record created). */
export const created = <B>(body: B) => ({ status: 201 as const, body });
