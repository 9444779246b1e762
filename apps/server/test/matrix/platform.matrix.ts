import { expect } from 'vitest';
import { matrixRows } from './kit.ts';

export const rows = matrixRows({
  health: {
    health: { ok: { as: 'acmeAdmin', call: () => ({ url: '/api/health' }), check: (j) => expect(j.status).toBe('ok') } },
  },
});
