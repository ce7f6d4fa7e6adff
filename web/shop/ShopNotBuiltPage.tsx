import { NotFoundContent } from '../errors/NotFoundPage';
import { paths } from '../paths';

/** Shop routes whose screen is not built yet: the not-found screen inside the shop frame. */
export function ShopNotBuiltPage() {
  return <NotFoundContent backTo={paths.home2.path} backLabel="Torna alla home" />;
}
