// The auth feature's public surface: what other features may use. Everything else is internal.
export { selectAuthStatus, selectCurrentUser, userUpdated } from './auth-slice';
export { type Availability, availabilityText, useUsernameAvailability } from './hooks/use-username-availability';
