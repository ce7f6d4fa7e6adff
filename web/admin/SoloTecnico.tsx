import { Outlet } from 'react-router-dom';
import { TIPOLOGIA_TECNICO } from '../../shared/accesso.js';
import { BackButton } from '../components/BackButton';
import { ErrorState } from '../components/ErrorState';
import { paths } from '../paths';
import { useAdminUser } from './adminSession';

export const MSG_SOLO_TECNICO = 'Accesso non consentito';

/**
 * The one guard of the technical staff's pages (Impostazioni, Statistiche, Dispositivi,
 * Importazioni: docs/regole/accesso.md#access), a layout route around them in routes.tsx. Their menu entries are hidden
 * from other admins and the server answers 403 to their calls (docs/regole/accesso.md#access); an admin who types the
 * address gets this error inside the frame, without a call that is bound to be refused.
 */
export function SoloTecnico() {
  const admin = useAdminUser();
  if (admin.tipologia === TIPOLOGIA_TECNICO) return <Outlet />;
  return (
    <section className="card" aria-label={MSG_SOLO_TECNICO}>
      <ErrorState
        title={MSG_SOLO_TECNICO}
        message="Questa pagina è riservata al personale tecnico."
        action={<BackButton to={paths.adminHome.path}>Torna al pannello</BackButton>}
      />
    </section>
  );
}
