import { describe, expect, it, vi } from 'vitest';
import { hasSignedOut, onSignOut, signingOut } from './sign-out.ts';

describe('sign-out listeners', () => {
  it('run once each at sign-out, and no longer once removed', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = onSignOut(a);
    const offB = onSignOut(b);
    signingOut();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    signingOut();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
  });
});

describe('after sign-out', () => {
  it('says the page has signed out (nothing new opens while it leaves)', () => {
    signingOut();
    expect(hasSignedOut()).toBe(true);
  });
});
