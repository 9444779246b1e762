import { describe, expect, it } from 'vitest';
import { errorMessageOf, loginErrorMessageOf } from './errors.ts';

describe('error messages (spec section 8)', () => {
  it.each([
    [{ message: 'Serveur', detail: 'Détail' }, 'propre', 'Serveur'],
    [{ detail: 'Détail' }, 'propre', 'Détail'],
    [{ message: '', detail: '' }, 'propre', 'propre'],
    [null, undefined, 'Internal server error'],
    ['texte', undefined, 'Internal server error'],
  ])('notification for %j / %s -> %s', (body, own, expected) => {
    expect(errorMessageOf(body, own)).toBe(expected);
  });

  it.each([
    [{ message: 'Message', detail: 'Détail' }, 'Détail'],
    [{ message: 'Message' }, 'Message'],
    [{}, 'Internal server error'],
  ])('sign-in error for %j -> %s', (body, expected) => {
    expect(loginErrorMessageOf(body)).toBe(expected);
  });
});
