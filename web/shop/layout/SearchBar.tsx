import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PulsanteScansione } from '../../checkout/components/PulsanteScansione';
import { SearchIcon } from '../../components/Icone';
import { useDialogs } from '../../components/Modal';
import { paths } from '../../paths';
import { LIMITI_RICERCA, MSG_RICERCA_CORTA } from '../../../shared/catalogo-costanti.js';

/**
 * Header search (docs/regole/catalogo.md#search): goes to /ricerca?stringaRicerca=…&start=0; fewer than 2
 * characters gives an alert. On every page's first load, so it checks the length with search/prodotti's
 * limits (catalogo-costanti) rather than load the schema: no form, a way to a page that checks again. On /ricerca the field shows the current search. With a camera, the
 * scan button reads a label and adds its product to the cart (docs/decisions/scansione-codici.md).
 */
export function SearchBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { alert } = useDialogs();
  const current = pathname === paths.ricerca.path ? (params.get('stringaRicerca') ?? '') : '';
  const [testo, setTesto] = useState(current);
  useEffect(() => setTesto(current), [current]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const stringa = testo.trim();
    if (stringa.length < LIMITI_RICERCA.min) {
      await alert(MSG_RICERCA_CORTA);
      return;
    }
    await navigate(paths.ricerca.href({ stringaRicerca: stringa, start: 0 }));
  };

  return (
    <form className="searchbar" role="search" onSubmit={(e) => void submit(e)}>
      <SearchIcon className="searchbar-icon" />
      <input
        className="input searchbar-input"
        type="search"
        name="stringaRicerca"
        aria-label="Cerca prodotti"
        placeholder="Cerca per descrizione, codice o EAN…"
        autoComplete="off"
        maxLength={LIMITI_RICERCA.max}
        enterKeyHint="search"
        value={testo}
        onChange={(e) => setTesto(e.target.value)}
      />
      <button type="submit" className="btn btn-primary searchbar-btn">
        Cerca
      </button>
      <PulsanteScansione />
    </form>
  );
}
