import { describe, expect, it, vi } from 'vitest';
import { isSignUpOpen } from './sign-up-state';

const answering = (response: Response | Error) =>
  vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });

describe('isSignUpOpen', () => {
  it('asks GET /api/sign-up and follows its answer', async () => {
    const open = answering(Response.json({ open: true }));
    expect(await isSignUpOpen(open)).toBe(true);
    expect(open.mock.calls[0]?.[0]).toBe('/api/sign-up');
    expect(await isSignUpOpen(answering(Response.json({ open: false })))).toBe(false);
  });

  it('reads anything else as closed', async () => {
    expect(await isSignUpOpen(answering(Response.json({ open: 'yes' })))).toBe(false);
    expect(await isSignUpOpen(answering(new Response('nope', { status: 500 })))).toBe(false);
    expect(await isSignUpOpen(answering(new TypeError('Failed to fetch')))).toBe(false);
  });
});
