import argon2 from 'argon2';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** A hash to compare against when the user does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('utente-inesistente');
  try {
    const ok = await argon2.verify(hash ?? (await dummyHash), password);
    return ok && hash !== undefined;
  } catch {
    return false;
  }
}
