import type { z } from 'zod';

/** What a value should have been, in words a customer reads (zod names types in English). */
const TIPI: Record<string, string> = {
  string: 'un testo', number: 'un numero', int: 'un numero intero', bigint: 'un numero intero', boolean: 'vero o falso',
  object: 'un oggetto', array: 'un elenco', date: 'una data',
};
const tipo = (expected: string) => TIPI[expected] ?? 'un valore valido';

const UNITA: Record<string, string> = { string: 'caratteri', array: 'elementi', set: 'elementi', file: 'byte' };

/**
 * The validation messages of every schema without a message of its own, in Italian only. The
 * error handler puts them after the field: 'Dati non validi (campo nome): campo obbligatorio'.
 */
export const messaggioValidazione: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'campo obbligatorio' : `deve essere ${tipo(issue.expected)}`;
    case 'invalid_union': {
      if (issue.input === undefined) return 'campo obbligatorio';
      const attesi = [...new Set(issue.errors.flatMap((e) => (e[0]?.code === 'invalid_type' ? [tipo(e[0].expected)] : [])))];
      return attesi.length ? `deve essere ${attesi.join(' o ')}` : 'valore non valido';
    }
    case 'too_small': {
      const unita = UNITA[issue.origin];
      if (unita && Number(issue.minimum) === 1) return issue.origin === 'string' ? 'campo obbligatorio' : 'non può essere vuoto';
      if (unita) return `deve avere almeno ${issue.minimum} ${unita}`;
      return issue.inclusive ? `deve essere almeno ${issue.minimum}` : `deve essere maggiore di ${issue.minimum}`;
    }
    case 'too_big': {
      const unita = UNITA[issue.origin];
      if (unita) return `può avere al massimo ${issue.maximum} ${unita}`;
      return issue.inclusive ? `può essere al massimo ${issue.maximum}` : `deve essere minore di ${issue.maximum}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'indirizzo email non valido' : 'formato non valido';
    case 'invalid_value':
      return `deve essere uno tra: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `deve essere un multiplo di ${issue.divisor}`;
    case 'unrecognized_keys':
      return `campi non ammessi: ${issue.keys.join(', ')}`;
    default:
      return 'valore non valido';
  }
};
