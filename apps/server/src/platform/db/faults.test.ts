import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionLoss } from './faults.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it.each([
    ['administrator shutdown (pg_terminate_backend)', withCode('57P01', 'terminating connection due to administrator command'), true],
    ['server starting up', withCode('57P03'), true],
    ['connection exception class 08', withCode('08006'), true],
    ['too many connections', withCode('53300'), true],
    ['refused socket', withCode('ECONNREFUSED'), true],
    ['reset socket', withCode('ECONNRESET'), true],
    ['socket closed under pg', new Error('Connection terminated unexpectedly'), true],
    ['client reused after its failure', new Error('Client has encountered a connection error and is not queryable'), true],
    ['pool waited too long', new Error('timeout exceeded when trying to connect'), true],
    ['wrapped by drizzle', Object.assign(new Error('Failed query: select 1'), { cause: withCode('57P01') }), true],
    ['our own wrapper', new DatabaseUnavailableError(new Error('x')), true],
    ['unique violation', withCode('23505'), false],
    ['invalid text', withCode('22P02'), false],
    ['serialization failure', withCode('40001'), false],
    ['a plain bug', new TypeError('cannot read properties of undefined'), false],
    ['nothing', undefined, false],
  ])('%s → %s', (_label, err, expected) => {
    expect(isConnectionLoss(err)).toBe(expected);
  });
});
