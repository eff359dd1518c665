import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
/** `database` names the kind of database outside production only (it tells an attacker what runs behind). */
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']).optional(),
});
