import { formatDate, formatTime } from '@app/contracts';

/** dd/MM/yy HH:mm (Europe/Paris): the date and the time an act of the lockout was signed; '' for none. */
export function formatInstant(v: string | null | undefined): string {
  return v ? `${formatDate(v)} ${formatTime(v)}` : '';
}

/** The first characters of a signature's hash, enough to compare it with the printed attestation. */
export function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
