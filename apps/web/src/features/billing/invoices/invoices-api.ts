import type { InvoicePage } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { hostUrl } from '../../../app/hosts';

/** Invalidate it after anything that issues or pays an invoice (checkout, plan change) to refresh the list. */
export const INVOICES_TAG = 'Invoices';

/** The caller's invoices (GET /customer/invoices), newest first. */
export const invoicesApi = api.enhanceEndpoints({ addTagTypes: [INVOICES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    invoices: build.query<InvoicePage, { page: number; limit: number }>({
      query: (params) => ({ url: '/customer/invoices', params }),
      providesTags: [INVOICES_TAG],
    }),
  }),
});

export const { useInvoicesQuery } = invoicesApi;

/** The PDF of an invoice: a plain link, sent with the session cookie like every call of the app. */
export function invoiceDownloadUrl(id: string): string {
  return `${hostUrl('main')}/customer/invoices/${encodeURIComponent(id)}/download`;
}
