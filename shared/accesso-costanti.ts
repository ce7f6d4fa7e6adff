/** The two kinds of admin: a tecnico may also do what changes the system (tokens, imports, settings). */
export const TIPOLOGIE_ADMIN = ['amministratore', 'tecnico'] as const;
export type TipologiaAdmin = (typeof TIPOLOGIE_ADMIN)[number];

/** The longest username and password a login or a user's form takes (their contracts' limit and the boxes'). */
export const LIMITI_CREDENZIALI = { username: 200, password: 200 } as const;
/** The shortest new password a customer may choose (docs/regole/accesso.md#password-change). */
export const PASSWORD_MIN = 12;
/** How long a 'Password dimenticata?' link works, from the request (docs/regole/accesso.md#password-reset). */
export const MINUTI_LINK_PASSWORD = 60;
