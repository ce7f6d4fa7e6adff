import type { ReactNode } from 'react';
import { TIPOLOGIA_TECNICO } from '../../../shared/accesso.js';
import { BackButton } from '../../components/BackButton';
import { ErrorState } from '../../components/ErrorState';
import { paths } from '../../paths';
import { useAdminUser } from '../adminSession';

export const MSG_SOLO_TECNICO = 'Accesso non consentito';

/**
 * The pages of the technical staff (Impostazioni, Dispositivi: SPEC §6). Their menu entries are
 * hidden from other admins, and the server answers 403 to their calls (DESIGN §5); an admin who
 * types the address gets this error inside the frame, without a call that is bound to be refused.
 */
export function SoloTecnico({ children }: { children: ReactNode }) {
  const admin = useAdminUser();
  if (admin.tipologia === TIPOLOGIA_TECNICO) return children;
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
