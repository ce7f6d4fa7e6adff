import { useNavigate } from 'react-router-dom';
import { iniziali, nomeUtente, useLogoutCliente } from '../../session/sessione';
import { MenuButton } from '../../components/Dropdown';
import { paths } from '../../paths';
import { useShopSession } from '../../session/shopSession';

/** Profile menu: I miei dati, I miei ordini, Le mie Liste, Listino personalizzato, Esci (clears the session, goes to /). */
export function ProfileMenu() {
  const { utente } = useShopSession();
  const navigate = useNavigate();
  const logout = useLogoutCliente();
  const nome = nomeUtente(utente) || 'Profilo';
  const go = (to: string) => () => void navigate(to);
  return (
    <MenuButton
      label={`Profilo di ${nome}`}
      buttonClassName="btn btn-ghost header-user"
      buttonContent={
        <>
          <span className="avatar" aria-hidden="true">{iniziali(nome)}</span>
          <span className="header-btn-text">{nome}</span>
        </>
      }
      items={[
        { key: 'dati', label: 'I miei dati', onSelect: go(paths.mieiDati.path) },
        { key: 'ordini', label: 'I miei ordini', onSelect: go(paths.ordini.path) },
        { key: 'liste', label: 'Le mie Liste', onSelect: go(paths.liste.path) },
        { key: 'listino', label: 'Listino personalizzato', onSelect: go(paths.listino.path) },
        { key: 'esci', label: 'Esci', onSelect: () => void logout() },
      ]}
    />
  );
}
