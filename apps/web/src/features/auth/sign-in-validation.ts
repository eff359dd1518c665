import { loginBodySchema, loginTwoFactorBodySchema } from '@tradedesk/contracts';

// Fetched by the sign-in page on its first submit (useSchemaForm), so zod stays out of the page's first load.
export const credentialsSchema = loginBodySchema.pick({ email: true, password: true });
export const codeSchema = loginTwoFactorBodySchema.pick({ code: true });
