/** How a training's validity reads today: none, valid, ending within `soonDays` days, or expired. */
export type Validite = 'none' | 'valid' | 'soon' | 'expired';

export const VALIDITE_COLORS: Record<Validite, string> = { none: 'gray', valid: 'teal', soon: 'orange', expired: 'red' };

/** The state of a validity end date (yyyy-MM-dd, the last valid day) on `today` (yyyy-MM-dd). */
export function validiteOf(validUntil: string | null, today: string, soonDays = 60): Validite {
  if (!validUntil) return 'none';
  if (validUntil < today) return 'expired';
  const days = (Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= soonDays ? 'soon' : 'valid';
}
