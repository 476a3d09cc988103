import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters: 19 MiB memory, 2 iterations, 1 lane (OWASP minimum; docs/decisions/007). */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashes a password with argon2id (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against a stored argon2 hash; false on mismatch or a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
