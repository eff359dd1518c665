import type { Invoice } from '@tradedesk/contracts';
import PDFDocument from 'pdfkit';
import type { InvoiceBuyer } from './invoices.table.js';

/** The seller as invoices name it (INVOICE_SELLER_* settings); established in the Netherlands. */
export type InvoiceSeller = { name: string; address: string[]; vatNumber: string; cocNumber: string; email: string };

const symbols: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/** "€19.00", "-€5.00"; Helvetica's WinAnsi encoding has €, £ and $. */
export function moneyText(decimal: string, currency: string): string {
  const negative = decimal.startsWith('-');
  const abs = negative ? decimal.slice(1) : decimal;
  const symbol = symbols[currency];
  const body = symbol ? `${symbol}${abs}` : `${abs} ${currency}`;
  return negative ? `-${body}` : body;
}

const day = (iso: string) => iso.slice(0, 10);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** "DE" -> "Germany"; a code Intl does not know stays as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The invoice as a PDF (A4, the built-in Helvetica): number, dates, seller, buyer's billing details as issued,
 * lines, discount, subtotal, VAT or the reverse-charge note, total. An invoice of the test mode says so at the top.
 */
export function renderInvoicePdf(
  invoice: Invoice,
  buyer: InvoiceBuyer,
  seller: InvoiceSeller,
  vatNote: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: seller.name,
      Subject: invoice.testMode ? 'Test mode invoice' : 'Invoice',
      CreationDate: new Date(invoice.issuedAt),
      ModDate: new Date(invoice.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (d: string) => moneyText(d, invoice.currency);
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  if (invoice.testMode) {
    doc.rect(left, 40, width, 28).fill('#FFF4CE');
    doc
      .fillColor('#7A5B00')
      .font('Helvetica-Bold')
      .fontSize(10)
      .text('Test mode: issued by the built-in test payment provider. No money was charged.', left + 10, 49, {
        width: width - 20,
      });
  }

  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(22).text('Invoice', left, 85);
  doc.font('Helvetica').fontSize(10);
  const status =
    invoice.status === 'paid' && invoice.paidAt
      ? `Paid on ${day(invoice.paidAt)}`
      : invoice.status === 'refunded'
        ? 'Refunded'
        : invoice.status === 'void'
          ? 'Void'
          : 'Open (not paid yet)';
  const facts: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Issue date', day(invoice.issuedAt)],
    ['Period', `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`],
    ['Status', status],
  ];
  let y = 120;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(label, left, y, { width: 100 });
    doc.font('Helvetica').text(value, left + 100, y, { width: 200 });
    y += 15;
  }

  // seller and buyer side by side
  y += 15;
  const col = left + width / 2;
  const sellerLines = [
    seller.name,
    ...seller.address,
    'Netherlands',
    seller.vatNumber ? `VAT number: ${seller.vatNumber}` : '',
    seller.cocNumber ? `Chamber of Commerce: ${seller.cocNumber}` : '',
    seller.email,
  ].filter((l) => l !== '');
  const buyerLines = [
    buyer.company,
    buyer.name,
    buyer.address,
    [buyer.zipcode, buyer.city].filter(Boolean).join(' '),
    buyer.state,
    countryName(buyer.country),
    buyer.vat ? `VAT number: ${buyer.vat}` : '',
    buyer.coc ? `Chamber of Commerce: ${buyer.coc}` : '',
    buyer.email,
  ].filter((l) => l !== '');
  doc.font('Helvetica-Bold').text('From', left, y);
  doc.text('Bill to', col, y);
  doc.font('Helvetica');
  const top = y + 15;
  doc.text(sellerLines.join('\n'), left, top, { width: width / 2 - 10 });
  const afterSeller = doc.y;
  doc.text(buyerLines.join('\n'), col, top, { width: width / 2 });
  y = Math.max(afterSeller, doc.y) + 25;

  // lines
  const cols = { desc: left, qty: left + 270, unit: left + 320, amount: left + 410 };
  const header = (at: number) => {
    doc.font('Helvetica-Bold');
    doc.text('Description', cols.desc, at, { width: 260 });
    doc.text('Qty', cols.qty, at, { width: 40, align: 'right' });
    doc.text('Unit price', cols.unit, at, { width: 80, align: 'right' });
    doc.text('Amount', cols.amount, at, { width: right - cols.amount, align: 'right' });
    doc
      .moveTo(left, at + 14)
      .lineTo(right, at + 14)
      .stroke();
    doc.font('Helvetica');
  };
  header(y);
  y += 22;
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 50;
      header(y);
      y += 22;
    }
    doc.text(line.description, cols.desc, y, { width: 260 });
    const rowEnd = doc.y;
    doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
    doc.text(money(line.unitAmount), cols.unit, y, { width: 80, align: 'right' });
    doc.text(money(line.amount), cols.amount, y, { width: right - cols.amount, align: 'right' });
    y = Math.max(rowEnd, y + 14) + 4;
  }

  // totals
  y += 8;
  doc
    .moveTo(cols.unit - 60, y)
    .lineTo(right, y)
    .stroke();
  y += 8;
  const totals: Array<[string, string, boolean?]> = [['Subtotal', money(invoice.subtotal)]];
  if (invoice.discount !== '0.00') {
    totals.push([invoice.couponCode ? `Discount (${invoice.couponCode})` : 'Discount', money(`-${invoice.discount}`)]);
  }
  totals.push([
    invoice.reverseCharge ? 'VAT (reverse charge) 0%' : `VAT ${invoice.taxRatePercent}%`,
    money(invoice.tax),
  ]);
  totals.push(['Total', money(invoice.total), true]);
  if (invoice.refunded !== '0.00') totals.push(['Refunded', money(`-${invoice.refunded}`)]);
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, cols.unit - 60, y, { width: 140 });
    doc.text(value, cols.amount, y, { width: right - cols.amount, align: 'right' });
    y += 16;
  }

  y += 16;
  doc.font('Helvetica').fontSize(9).fillColor('#333333').text(vatNote, left, y, { width });
  doc.end();
  return done;
}
