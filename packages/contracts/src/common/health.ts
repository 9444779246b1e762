import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'État du service et moteur de base de données',
    tag: 'Système',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
    access: { kind: 'public' },
  }),
};
