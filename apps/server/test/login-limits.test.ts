import { ERRORS } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempt } from '../src/modules/auth/auth.tables.ts';
import { LOGIN_LIMITS } from '../src/modules/auth/use-cases/login.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { DEMO, PASSWORD, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const login = (mail: string, password: string, ip: string) =>
  t.server.app.inject({ method: 'POST', url: '/login', payload: { mail, password }, remoteAddress: ip });

/** Statuses of a batch of answers, counted. */
function tally(rs: LightMyRequestResponse[]) {
  const out: Record<number, number> = {};
  for (const r of rs) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
}

const TOO_MANY = { message: ERRORS.TOO_MANY_REQUESTS.message, code: 'TOO_MANY_REQUESTS' };

/** Test only: moves the recorded attempts of a mail before the window, as if the time had passed. */
const ageAttempts = (mail: string) =>
  withSystem(t.server.database.db, 'test: age sign-in attempts', (tx) =>
    tx
      .update(loginAttempt)
      .set({ at: sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes + 1})` })
      .where(eq(loginAttempt.mail, mail)),
  );

describe('sign-in limits under concurrency', () => {
  it('checks at most the account limit of 100 simultaneous wrong passwords, refuses the rest with 429, then lets the owner in after the window', async () => {
    const rs = await Promise.all(Array.from({ length: 100 }, () => login(DEMO.betaAdmin, 'mauvais', '10.20.0.1')));
    const counts = tally(rs);
    expect(
      Object.keys(counts).every((s) => Number(s) < 500),
      JSON.stringify(counts),
    ).toBe(true);
    // Each slot is taken atomically and a wrong password never frees one: exactly the limit is checked.
    expect(counts[401], JSON.stringify(counts)).toBe(LOGIN_LIMITS.perMail);
    expect(counts[429], JSON.stringify(counts)).toBe(100 - LOGIN_LIMITS.perMail);
    for (const r of rs) {
      if (r.statusCode === 401) expect(r.json().code).toBe('BAD_CREDENTIALS');
      else expect(r.json()).toEqual(TOO_MANY);
    }
    // Within the window even the right password is refused, from any address.
    expect((await login(DEMO.betaAdmin, PASSWORD, '10.20.0.2')).statusCode).toBe(429);
    await ageAttempts(DEMO.betaAdmin);
    const r = await login(DEMO.betaAdmin, PASSWORD, '10.20.0.1');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.cookies.find((c) => c.name === 'sid')).toBeDefined();
  });

  it('holds the address limit across different accounts: of 60 simultaneous wrong attempts from one address, 30 are checked', async () => {
    // 20 unknown mails × 3 attempts: the account limit (5) never binds, only the address's (30).
    const mails = Array.from({ length: 20 }, (_, i) => `inconnu-${i}@limites.test`);
    const rs = await Promise.all(Array.from({ length: 60 }, (_, i) => login(mails[i % mails.length], 'mauvais', '10.21.0.1')));
    const counts = tally(rs);
    expect(
      Object.keys(counts).every((s) => Number(s) < 500),
      JSON.stringify(counts),
    ).toBe(true);
    expect(counts[401], JSON.stringify(counts)).toBe(LOGIN_LIMITS.perIp);
    expect(counts[429], JSON.stringify(counts)).toBe(60 - LOGIN_LIMITS.perIp);
    for (const r of rs) if (r.statusCode === 429) expect(r.json()).toEqual(TOO_MANY);
    // The address is refused even for a right password; another address is not.
    expect((await login(DEMO.acmeResponsable, PASSWORD, '10.21.0.1')).statusCode).toBe(429);
    expect((await login(DEMO.acmeResponsable, PASSWORD, '10.21.0.2')).statusCode).toBe(200);
  });

  it('counts per account the failures since the last success', async () => {
    const ip = (i: number) => `10.22.0.${i}`;
    for (let i = 0; i < LOGIN_LIMITS.perMail - 1; i++) expect((await login(DEMO.acmeTechnicien, 'mauvais', ip(i))).statusCode).toBe(401);
    expect((await login(DEMO.acmeTechnicien, PASSWORD, ip(50))).statusCode).toBe(200);
    // The success cleared the count: a full allowance again, then 429.
    for (let i = 0; i < LOGIN_LIMITS.perMail; i++) expect((await login(DEMO.acmeTechnicien, 'mauvais', ip(60 + i))).statusCode).toBe(401);
    expect((await login(DEMO.acmeTechnicien, PASSWORD, ip(99))).statusCode).toBe(429);
  });
});
