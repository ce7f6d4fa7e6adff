import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { paths } from '../../paths';
import { UtenteForm } from './UtenteForm';

/** The create form of the user list (docs/regole/admin.md#users) in a dialog; a created user opens on its detail page. */
export function NuovoUtente({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const formId = useId();
  return (
    <Modal open={open} onClose={onClose} title="Nuovo utente" size="wide" className="utente-modal">
      <UtenteForm
        id={formId}
        onSalvato={(id) => {
          onClose();
          void navigate(paths.adminUtenteDettaglio.href(id));
        }}
        azioni={(inCorso) => (
          <div className="utente-form-azioni is-sticky">
            <button type="button" className="btn" onClick={onClose}>Annulla</button>
            <button type="submit" className="btn btn-primary" disabled={inCorso}>{inCorso ? 'Salvataggio…' : 'Crea utente'}</button>
          </div>
        )}
      />
    </Modal>
  );
}
