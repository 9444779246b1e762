import { isApiError } from '../../lib/api.ts';

/** A signature refused by the habilitation gate: the symbols the step requires and why the person does not qualify. */
export interface GateRefusal {
  requis: string[];
  raisons: string[];
}

const strings = (v: unknown): string[] | null => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null);

/** The gate's refusal carried by an API error (403 with `detail: { requis, raisons }`), else null. */
export function gateRefusalOf(e: unknown): GateRefusal | null {
  if (!isApiError(e) || e.status !== 403 || typeof e.detail !== 'object' || e.detail === null) return null;
  const d = e.detail as Record<string, unknown>;
  const requis = strings(d.requis);
  const raisons = strings(d.raisons);
  return requis && raisons ? { requis, raisons } : null;
}
