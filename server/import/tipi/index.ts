/** Every kind of import file, by name. */
import type { DefinizioneTipo, TipoImport } from '../definizione.js';
import { agenti } from './agenti.js';
import { articoli } from './articoli.js';
import { categorie } from './categorie.js';
import { clienti } from './clienti.js';
import { codiciCliente } from './codici-cliente.js';
import { documenti } from './documenti.js';
import { fido } from './fido.js';
import { giacenze } from './giacenze.js';
import { listini } from './listini.js';
import { metel } from './metel.js';
import { prezziNetti } from './prezzi-netti.js';
import { provvigioni } from './provvigioni.js';
import { scadenze } from './scadenze.js';
import { sconti } from './sconti.js';

export const TIPI: Record<TipoImport, DefinizioneTipo> = {
  articoli, listini, giacenze, clienti, prezzi_netti: prezziNetti, categorie, codici_cliente: codiciCliente, sconti, metel, fido, scadenze, documenti, agenti, provvigioni,
};
