import { useNavigate } from 'react-router-dom';
import { iniziali, nomeUtente, useLogoutCliente } from '../../session/sessione';
import { MenuButton } from '../../components/Dropdown';
import { paths } from '../../paths';
import { usePermessi } from '../../session/permessi';
import { useShopSession } from '../../session/shopSession';

/**
 * Profile menu: I miei dati, I miei ordini, Situazione contabile, I miei documenti, Le mie Liste,
 * Listino personalizzato, 'Preventivi ai clienti' for who sees net prices, 'La mia azienda' for the client's Titolare, 'Cambia azienda' for a user with several clients (the top line's link is
 * hidden on tablets and phones), Esci (clears the session, goes to /).
 */
export function ProfileMenu() {
  const { utente } = useShopSession();
  const navigate = useNavigate();
  const logout = useLogoutCliente();
  const { puo, vedeDocumenti } = usePermessi();
  const nome = nomeUtente(utente) || 'Profilo';
  const go = (to: string) => () => void navigate(to);
  return (
    <MenuButton
      label={`Profilo di ${nome}`}
      buttonClassName="btn btn-ghost header-user"
      buttonContent={
        <>
          {/* The initials drawn by CSS: decoration, not part of the button's visible name (label-content-name-mismatch). */}
          <span className="avatar" data-iniziali={iniziali(nome)} aria-hidden="true" />
          <span className="header-btn-text">{nome}</span>
        </>
      }
      items={[
        { key: 'dati', label: 'I miei dati', onSelect: go(paths.mieiDati.path) },
        { key: 'ordini', label: 'I miei ordini', onSelect: go(paths.ordini.path) },
        { key: 'preventivi', label: 'Preventivi', onSelect: go(paths.preventivi.path) },
        // Documents and the credit line only for a person whose switch allows them (docs/regole/organizzazione.md).
        ...(vedeDocumenti ? [
          { key: 'contabilita', label: 'Situazione contabile', onSelect: go(paths.situazioneContabile.path) },
          { key: 'documenti', label: 'I miei documenti', onSelect: go(paths.documenti.path) },
          { key: 'resi', label: 'Resi', onSelect: go(paths.resi.path) },
        ] : []),
        { key: 'liste', label: 'Le mie Liste', onSelect: go(paths.liste.path) },
        { key: 'listino', label: 'Listino personalizzato', onSelect: go(paths.listino.path) },
        // Built on the client's cost: only for a person who sees net prices (docs/regole/preventivi-cliente.md#prices).
        ...(puo('preventivi_cliente') ? [{ key: 'preventivi-cliente', label: 'Preventivi ai clienti', onSelect: go(paths.preventiviCliente.path) }] : []),
        ...(puo('organizzazione') ? [{ key: 'organizzazione', label: 'La mia azienda', onSelect: go(paths.laMiaAzienda.path) }] : []),
        ...(utente && utente.clienti.length > 1 ? [{ key: 'azienda', label: 'Cambia azienda', onSelect: go(paths.dispatcher.path) }] : []),
        { key: 'esci', label: 'Esci', onSelect: () => void logout() },
      ]}
    />
  );
}
