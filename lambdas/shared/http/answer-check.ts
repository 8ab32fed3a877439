import type { Answer } from '../contract/api-spec';
import type { RouteDefinition } from '../route-spec';
import type { HttpResponse } from './types';

/**
 * The contract's check of a success answer (contract/api-spec.ts `answers`), on in the test
 * stacks (`CHECK_ANSWERS=1`): a status the route does not declare, a JSON body its schema
 * refuses, a file or redirect without its header is a defect of the handler, so the
 * request fails (500) with what was wrong in the log, and the test that sent it with it.
 * The types hold the same in the code; this holds it for what the code computes.
 */
export function answerProblem(route: RouteDefinition, response: HttpResponse): string | undefined {
  const answer = (route.answers as Record<number, Answer | undefined>)[response.status];
  // Errors are the error middleware's, unless the route declares the status (health's 503).
  if (response.status >= 400 && answer === undefined) return undefined;
  if (answer === undefined) return `status ${response.status} is not one of the route's answers`;
  if (answer === 'none')
    return response.body === undefined ? undefined : 'a body where none is declared';
  if (answer === 'redirect')
    return response.headers?.location ? undefined : 'a redirect without Location';
  if ('file' in answer) {
    const type = response.headers?.['content-type'] ?? '';
    return response.binary && type.startsWith(answer.file)
      ? undefined
      : `not a file of ${answer.file} (content-type ${type || 'none'})`;
  }
  const parsed = answer.safeParse(response.body);
  if (parsed.success) return undefined;
  return parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
