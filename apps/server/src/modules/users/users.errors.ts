import { defineErrors } from '../../platform/errors.js';

export const userError = defineErrors({
  USER_NOT_FOUND: 'not_found',
  USER_EMAIL_TAKEN: 'conflict',
  USER_USERNAME_TAKEN: 'conflict',
  USER_GOOGLE_LINKED: 'conflict',
});
