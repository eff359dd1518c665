import type { mailboxResponseSchema } from '@tradedesk/contracts';
import type { z } from 'zod';
import { api } from '../../app/api';

export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

export const devMailboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    mailbox: build.query<MailboxResponse, { to?: string }>({
      query: (arg) => ({ url: '/dev/mailbox', params: arg.to ? { to: arg.to } : undefined }),
      providesTags: ['Mailbox'],
    }),
  }),
});

export const { useMailboxQuery } = devMailboxApi;
