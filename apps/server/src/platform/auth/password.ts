import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A hash of a random password: verifying against it costs the same time as a real check, so an unknown
// account cannot be told apart from a wrong password by timing.
let decoy: Promise<string> | null = null;

/** Checks a password; with no stored hash, spends the same time and returns false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
