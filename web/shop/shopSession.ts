// Moved to web/session/shopSession.ts. Only web/liste/api.ts still imports it from here (that file
// is being reworked on another branch): delete this file when its import line points to session/.
export { useShopSession } from '../session/shopSession';
