import type { InvoiceStatus } from '@gridline/contracts/enums';
import { addDays, addMonths, firstDayOfMonth, lastDayOfMonth, monthKey, monthOf } from './dates.ts';
import { paymentReference } from './identifiers.ts';
import { invoiceFigures, monthlyConsumption } from './billing.ts';
import type { Billable, OrganisationBuilder } from './organisation-builder.ts';

/**
 * Monthly invoices for every billable site: the `months` months ending last month, numbered in date
 * order (all of one month before the next).
 */
export function addInvoices(org: OrganisationBuilder, months: number): void {
  const { profile, random, today } = org;
  const currentMonth = monthOf(today);
  let invoiceCounter = 0;
  for (let offset = months; offset >= 1; offset -= 1) {
    const month = addMonths(currentMonth, -offset);
    const position = offset - 1; // 0 = the newest invoice
    const startDate = firstDayOfMonth(month);
    const endDate = lastDayOfMonth(month);
    const createDate = [addDays(endDate, 3), today].sort()[0] ?? today;
    const dueDate = addDays(endDate, 30);
    for (const billable of org.billables) {
      invoiceCounter += 1;
      const invoiceNumber = String(1_000_000 + invoiceCounter);
      const consumption = monthlyConsumption(billable.consumption, month, random);
      const figures = invoiceFigures(profile, billable.agreement, billable.kind, month, consumption);
      const status = invoiceStatus(billable, position, dueDate < today);
      const missing = billable.missingPositions.has(position) || (billable.missingShare > 0 && random.chance(billable.missingShare));
      org.rows.invoices.push({
        id: org.ids.id(),
        organisation_id: org.organisationId,
        account_id: billable.accountId,
        location_id: billable.locationId,
        invoice_number: invoiceNumber,
        ocr: paymentReference(profile.country, invoiceNumber),
        start_date: startDate,
        end_date: endDate,
        due_date: dueDate,
        create_date: createDate,
        month: monthKey(month),
        currency: profile.currency,
        invoice_status: status,
        file_type: missing ? 'missing' : 'pdf',
        info: JSON.stringify([
          { key: 'totalAmount', value: figures.totalAmount },
          { key: 'consumption', value: figures.consumption },
          { key: 'vat', value: figures.vatAmount },
        ]),
        lines: JSON.stringify(figures.lines),
      });
    }
  }
}

/** The newest invoice is unpaid; the one before it is unpaid until due, then reminded (if the billable says so) or paid; older ones are paid. */
function invoiceStatus(billable: Billable, position: number, overdue: boolean): InvoiceStatus {
  return position === 0 ? 'UNPAID' : position === 1 && !overdue ? 'UNPAID' : position === 1 && billable.reminded ? 'REMINDED' : 'PAID';
}
