import {
  errorBodySchema,
  idParamsSchema,
  staffTicketListQuerySchema,
  ticketCreateBodySchema,
  ticketListQuerySchema,
  ticketMessageBodySchema,
  ticketPageSchema,
  ticketSchema,
  ticketStatusBodySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { staffOnlyResponse } from '../../staff/staff.routes.js';
import type { TicketsService } from './tickets.service.js';

const tags = ['helpcenter'];
const noTicket = { 404: errorBodySchema.describe('No ticket of the caller (or, for staff, at all) has this id') };
const badInput = { 400: errorBodySchema.describe('A field is missing or invalid (the message names it)') };

/** Support tickets (spec section 9 "Tickets") and the staff inbox. Mount under /api. */
export function ticketsRoutes(deps: { tickets: TicketsService }): FastifyPluginAsyncZod {
  const { tickets } = deps;
  return async (app) => {
    app.get(
      '/helpcenter/tickets',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s support tickets, latest activity first (page 1 by default)',
          querystring: ticketListQuerySchema,
          response: { 200: ticketPageSchema, ...badInput },
        },
      },
      async (request) => tickets.list(authOf(request).userId, request.query),
    );

    app.post(
      '/helpcenter/tickets',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Opens a support ticket with a subject and the first message',
          description: 'The ticket is open (awaiting staff); the support address gets a mail when one is set.',
          body: ticketCreateBodySchema,
          response: { 201: ticketSchema, ...badInput },
        },
      },
      async (request, reply) => reply.status(201).send(await tickets.create(authOf(request).userId, request.body)),
    );

    app.get(
      '/helpcenter/tickets/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'One of the caller’s tickets with its conversation, oldest message first',
          params: idParamsSchema,
          response: { 200: ticketSchema, ...noTicket },
        },
      },
      async (request) => tickets.get(authOf(request).userId, request.params.id),
    );

    app.post(
      '/helpcenter/tickets/:id/messages',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Replies on one of the caller’s tickets; the ticket is open (awaiting staff) again',
          params: idParamsSchema,
          body: ticketMessageBodySchema,
          response: { 201: ticketSchema, ...badInput, ...noTicket },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await tickets.reply(authOf(request).userId, request.params.id, request.body.message)),
    );

    app.get(
      '/staff/tickets',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['staff'],
          summary: 'The support inbox: tickets by status (open by default), the longest waiting first (staff only)',
          description: 'search matches subjects, messages and the requester’s e-mail.',
          querystring: staffTicketListQuerySchema,
          response: { 200: ticketPageSchema, ...badInput, ...staffOnlyResponse },
        },
      },
      async (request) => tickets.inbox(authOf(request).userId, request.query),
    );

    app.get(
      '/staff/tickets/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['staff'],
          summary: 'A ticket with its conversation and the requester’s e-mail (staff only)',
          params: idParamsSchema,
          response: { 200: ticketSchema, ...staffOnlyResponse, ...noTicket },
        },
      },
      async (request) => tickets.staffGet(authOf(request).userId, request.params.id),
    );

    app.post(
      '/staff/tickets/:id/messages',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['staff'],
          summary: 'Answers a ticket (staff only): it waits for the user, who is mailed the answer',
          params: idParamsSchema,
          body: ticketMessageBodySchema,
          response: { 201: ticketSchema, ...badInput, ...staffOnlyResponse, ...noTicket },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await tickets.staffReply(authOf(request).userId, request.params.id, request.body.message)),
    );

    app.put(
      '/staff/tickets/:id/status',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['staff'],
          summary: 'Sets a ticket open, waiting or solved (staff only)',
          params: idParamsSchema,
          body: ticketStatusBodySchema,
          response: { 200: ticketSchema, ...badInput, ...staffOnlyResponse, ...noTicket },
        },
      },
      async (request) => tickets.setStatus(authOf(request).userId, request.params.id, request.body.status),
    );
  };
}
