/**
 * The one chunk of the offline layer of an agent (docs/regole/agenti.md#offline): the header's state
 * and the queueing of an order both load it, so that its parts are in no chunk a customer loads (two
 * chunks sharing them would put them in the shop's common one, vite.config.ts `pagine`).
 */
export { default as StatoOffline } from './StatoOffline';
export { accodaOffline } from './accoda';
