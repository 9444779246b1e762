import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session.ts';
import { loginFor, nextAfterSignIn } from './sign-in-address.ts';

describe('a deep link survives sign-in', () => {
  it('sends to /login with the address asked for, plain /login for the home', () => {
    expect(loginFor('/app/processus/4')).toBe('/login?next=%2Fapp%2Fprocessus%2F4');
    expect(loginFor('/app/listes/PERMIS?q=feu&page=2')).toBe('/login?next=%2Fapp%2Flistes%2FPERMIS%3Fq%3Dfeu%26page%3D2');
    expect(loginFor('/app')).toBe('/login');
    expect(loginFor('/app/')).toBe('/login');
  });

  // [query of /login, where sign-in leads]
  const NEXT: [string, string][] = [
    ['', '/app'],
    [loginFor('/app/processus/4').slice('/login'.length), '/app/processus/4'],
    ['?next=%2Fapp%2Flistes%2FPERMIS%3Fq%3Dfeu', '/app/listes/PERMIS?q=feu'],
    ['?next=%2Fapp', '/app'],
    // Only a screen of the app: never another site nor another page of this one.
    ['?next=https%3A%2F%2Fevil.example%2Fapp', '/app'],
    ['?next=%2F%2Fevil.example%2Fapp', '/app'],
    ['?next=%2Fapp%2F%2Fevil.example', '/app'],
    ['?next=%2Fapplication', '/app'],
    ['?next=%2Flogin', '/app'],
    ['?next=%2Fapp%5C%5Cevil', '/app'],
  ];
  it.each(NEXT)('%s -> %s', (search, target) => {
    expect(nextAfterSignIn(search)).toBe(target);
  });
});

describe('a visitor without a session is not asked for one', () => {
  it.each<[string, boolean]>([
    ['', false],
    ['other=1', false],
    ['sid_hint=1', true],
    ['a=2; sid_hint=1', true],
    ['not_sid_hint=1', false],
  ])('cookies « %s » -> %s', (cookies, may) => {
    expect(mayHaveSession(cookies)).toBe(may);
  });
});
