import type { StaffTicketListQuery, Ticket, TicketCreateBody, TicketPage, TicketStatus } from '@tradedesk/contracts';
import { api } from '../../../app/api';

const TAG = 'Tickets';

/** Support tickets: the user's own (GET/POST /helpcenter/tickets...) and the staff inbox (/staff/tickets...). */
export const ticketsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    tickets: build.query<TicketPage, { page: number }>({
      query: (params) => ({ url: '/helpcenter/tickets', params }),
      providesTags: [TAG],
    }),
    ticket: build.query<Ticket, string>({
      query: (id) => `/helpcenter/tickets/${encodeURIComponent(id)}`,
      providesTags: [TAG],
    }),
    openTicket: build.mutation<Ticket, TicketCreateBody>({
      query: (body) => ({ url: '/helpcenter/tickets', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    replyToTicket: build.mutation<Ticket, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: `/helpcenter/tickets/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: [TAG],
    }),
    staffTickets: build.query<TicketPage, Partial<StaffTicketListQuery>>({
      query: (params) => ({ url: '/staff/tickets', params }),
      providesTags: [TAG],
    }),
    staffTicket: build.query<Ticket, string>({
      query: (id) => `/staff/tickets/${encodeURIComponent(id)}`,
      providesTags: [TAG],
    }),
    staffReplyToTicket: build.mutation<Ticket, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: `/staff/tickets/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: [TAG],
    }),
    setTicketStatus: build.mutation<Ticket, { id: string; status: TicketStatus }>({
      query: ({ id, status }) => ({
        url: `/staff/tickets/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useTicketsQuery,
  useTicketQuery,
  useOpenTicketMutation,
  useReplyToTicketMutation,
  useStaffTicketsQuery,
  useStaffTicketQuery,
  useStaffReplyToTicketMutation,
  useSetTicketStatusMutation,
} = ticketsApi;
