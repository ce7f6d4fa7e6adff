import { NotFoundContent } from '../errors/NotFoundPage';
import { paths } from '../paths';

/** Admin routes whose screen is not built yet: the not-found screen inside the admin frame. */
export function AdminNotBuiltPage() {
  return <NotFoundContent backTo={paths.adminHome.path} backLabel="Torna al pannello" />;
}
