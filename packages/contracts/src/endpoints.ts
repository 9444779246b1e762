import * as modules from './api.ts';
import type { AnyEndpoint } from './common/endpoint.ts';

/** Every endpoint of the product, by module (api.ts): the server binds each one, tests walk the list. */
export const API = { ...modules };

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(API).flatMap((m) => Object.values(m) as AnyEndpoint[]);
}
