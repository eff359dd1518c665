import { errorBodySchema, invoiceListQuerySchema, invoicePageSchema, invoiceParamsSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { InvoicesService } from './invoices.service.js';

const tags = ['billing'];
// Sent as a Buffer, which Fastify writes as is; the schema exists for the OpenAPI document.
const pdfBytesSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'The invoice as a PDF' });

/** Invoices of the caller (spec section 7, "Settings": GET /customer/invoices, GET /customer/invoices/{id}/download). */
export function invoicesRoutes(deps: { invoices: InvoicesService }): FastifyPluginAsyncZod {
  const { invoices } = deps;
  return async (app) => {
    app.get(
      '/customer/invoices',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s invoices, newest first (page 1, 10 a page by default)',
          description:
            'Amounts are decimal strings in the currency’s major unit. `testMode`: issued while payments ran in the ' +
            'built-in test mode (no money moved).',
          querystring: invoiceListQuerySchema,
          response: { 200: invoicePageSchema },
        },
      },
      async (request) => invoices.list(authOf(request).userId, request.query.page, request.query.limit),
    );

    app.get(
      '/customer/invoices/:id/download',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: 'One of the caller’s invoices as a PDF',
          params: invoiceParamsSchema,
          produces: ['application/pdf'],
          response: {
            200: pdfBytesSchema,
            404: errorBodySchema.describe('No invoice of the caller has this id (INVOICE_NOT_FOUND)'),
          },
        },
      },
      async (request, reply) => {
        const { number, bytes } = await invoices.pdf(authOf(request).userId, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${number}.pdf"`)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
