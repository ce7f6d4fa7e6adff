import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * The argon2id parameters of every stored password: 64 MiB, 3 passes, 4 lanes (well above OWASP's
 * minimum of 19 MiB, t=2, p=1). Login costs one verification at the parameters of the stored hash,
 * so a hash made with others (a stronger one from another tool makes a login take seconds) is
 * redone with these at the next successful login.
 */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

/**
 * Compared against when the user does not exist, so that timing does not reveal accounts: a hash
 * of 'utente-inesistente' made with HASH_OPTIONS (a test keeps them equal). A constant, not made at
 * the first login, which would then cost two hashes in a row.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=65536,p=4,t=3$EL5Lwtbphao3Ye7qCwnXkA$nRHclEVsOs1W+21imemXLOGjopYBbc32z+01Pa1QszY';

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await argon2.verify(hash ?? DUMMY_HASH, password);
    return ok && hash !== undefined;
  } catch {
    return false;
  }
}

/** True when a stored hash is not argon2id with HASH_OPTIONS (to redo after a successful login). */
export function needsRehash(hash: string): boolean {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return true;
  }
}

/**
 * A temporary password (set by an admin, or mailed) stops working this many hours after it was set
 * (docs/regole/accesso.md#temporary-passwords): the login then asks for new credentials.
 */
export const ORE_PASSWORD_TEMPORANEA = 72;

/** No look-alikes (0/O, 1/l/I), so a password read from a mail is typed right the first time. */
const ALFABETO_TEMPORANEA = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A temporary password for an admin to send (mandacredenziali): three groups of five characters
 * from a 55-symbol alphabet, drawn with crypto.randomInt (about 87 bits), e.g. 'k7Hq2-Xm9aP-ts4Wd'.
 */
export function passwordTemporanea(): string {
  const gruppo = () => Array.from({ length: 5 }, () => ALFABETO_TEMPORANEA[crypto.randomInt(ALFABETO_TEMPORANEA.length)]).join('');
  return [gruppo(), gruppo(), gruppo()].join('-');
}
