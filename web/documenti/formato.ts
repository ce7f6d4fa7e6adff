import { ETICHETTE_TIPO_DOCUMENTO, type TipoDocumentoErp } from '../../shared/documenti-costanti.js';
import { formatImporto, formatNumero } from '../lib/formato';

/** A day as the documents carry it (YYYY-MM-DD) in Italian: 'dd/MM/yyyy', with no time zone to shift it. */
export const giorno = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d.split('-').reverse().join('/') : d);
/** An amount of a document (text with two decimals) in euro; '' stays ''. */
export const euro = (v: string) => (v === '' ? '' : formatImporto(Number(v)));
export const nomeDocumento = (d: { tipo: TipoDocumentoErp; numero: string }) => `${ETICHETTE_TIPO_DOCUMENTO[d.tipo]} n. ${d.numero}`;
/** A quantity or a rate as the FatturaPA writes it ('4.00') in Italian ('4'; '22'); '' stays ''. */
export const numero = (v: string) => (v === '' || Number.isNaN(Number(v)) ? v : formatNumero(Number(v)));
