// Fetched on demand by the session code that runs only once signed in (token refresh, live sign-out), so zod and
// these contracts are not part of the signed-out pages' first load.
export { refreshResponseSchema, sessionRevokedDataSchema } from '@tradedesk/contracts';
