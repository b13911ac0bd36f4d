// What goes on paper: a receipt and a day's totals, laid out for 80 mm or 58 mm till
// rolls by CSS (print.css). Every figure comes from the agent's records, never the cart.
import type { ComponentChildren } from 'preact';
import type { MethodOutput } from '../../../main/contract/contract';
import { dayRows } from '../../../domain/views/day-view';
import { formatMoney, methodLabel } from '../../../domain/views/money-format';
import { returnLabel, type RefundReceipt } from '../../../domain/returns';

type Receipt = MethodOutput<'getReceipt'>;
type DayTotals = MethodOutput<'getDayTotals'>;
type Width = MethodOutput<'getSettings'>['till']['receiptWidth'];

/** Whether the sale has reached the platform, in words for the customer. */
export function platformNote(state: Receipt['state']): string {
  switch (state) {
    case 'synced':
      return 'Recorded on the platform.';
    case 'pending':
    case 'sending':
      return 'Saved on this till; not yet on the platform.';
    case 'refused':
      return 'Saved on this till; the platform has not accepted it yet.';
    case 'discarded':
      return 'Not sent to the platform (set aside).';
    case 'voided':
      return 'VOID: taken back at the till; never sent to the platform.';
  }
}

function Paper(props: { width: Width; label: string; children: ComponentChildren }) {
  return (
    <article class={`paper paper-${props.width}`} aria-label={props.label}>
      {props.children}
    </article>
  );
}

export function ReceiptPaper({
  receipt,
  width,
  decimals,
}: {
  receipt: Receipt;
  width: Width;
  decimals: number;
}) {
  const money = (minor: number) => formatMoney(minor, receipt.currency, decimals);
  return (
    <Paper width={width} label={`Receipt ${receipt.receiptNumber}`}>
      <p class="paper-title">{receipt.shopName}</p>
      {receipt.state === 'voided' && <p class="paper-title paper-void">VOID</p>}
      <p>{receipt.tillName}</p>
      <p>
        Receipt #{receipt.receiptNumber} · {new Date(receipt.createdAt).toLocaleString()}
      </p>
      <table class="paper-lines">
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.name}
                <br />
                {line.quantity} × {money(line.unitPriceMinor)}
              </td>
              <td class="paper-amount">{money(line.lineTotalMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="paper-row paper-total">
        <span>Total</span> <span>{money(receipt.totalMinor)}</span>
      </p>
      <p class="paper-row">
        <span>Paid by {methodLabel(receipt.paymentMethod)}</span>
        {receipt.tenderedMinor !== null && <span>{money(receipt.tenderedMinor)}</span>}
      </p>
      {receipt.changeMinor !== null && (
        <p class="paper-row">
          <span>Change</span> <span>{money(receipt.changeMinor)}</span>
        </p>
      )}
      {receipt.customerName && <p>Customer: {receipt.customerName}</p>}
      {receipt.cashierName && <p>Served by {receipt.cashierName}</p>}
      <p class="paper-note">{platformNote(receipt.state)}</p>
      {receipt.state === 'voided' && <p class="paper-title paper-void">VOID</p>}
    </Paper>
  );
}

/** A refund receipt: the return, its own number, the sale it returns against, the money back. */
export function RefundPaper({
  receipt,
  width,
  decimals,
}: {
  receipt: RefundReceipt;
  width: Width;
  decimals: number;
}) {
  const money = (minor: number) => formatMoney(minor, receipt.currency, decimals);
  return (
    <Paper width={width} label={`Refund ${returnLabel(receipt.returnNumber)}`}>
      <p class="paper-title">{receipt.shopName}</p>
      <p class="paper-title">REFUND</p>
      <p>{receipt.tillName}</p>
      <p>
        Return {returnLabel(receipt.returnNumber)} · {new Date(receipt.createdAt).toLocaleString()}
      </p>
      <p>For receipt #{receipt.saleReceiptNumber}</p>
      <table class="paper-lines">
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.lineNumber}>
              <td>
                {line.name}
                <br />
                {line.quantity} returned
              </td>
              <td class="paper-amount">-{money(line.refundMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="paper-row paper-total">
        <span>Refunded</span> <span>-{money(receipt.totalMinor)}</span>
      </p>
      <p class="paper-row">
        <span>Refunded by {methodLabel(receipt.refundPaymentMethod)}</span>
      </p>
      <p>Reason: {receipt.reason}</p>
      {receipt.cashierName && <p>Served by {receipt.cashierName}</p>}
      {receipt.deliveryNote && <p class="paper-note">{receipt.deliveryNote}</p>}
    </Paper>
  );
}

export function DayPaper(props: { day: DayTotals; width: Width; decimals: number; shop: string }) {
  const { day } = props;
  return (
    <Paper width={props.width} label={`Totals of ${day.date}`}>
      <p class="paper-title">{props.shop}</p>
      <p>Day totals · {day.date}</p>
      <DayTable day={day} decimals={props.decimals} />
    </Paper>
  );
}

/** The day's rows, as on screen and on paper. */
export function DayTable({ day, decimals }: { day: DayTotals; decimals: number }) {
  return (
    <table class="day-rows">
      <tbody>
        {dayRows(day).map((row) => (
          <tr key={row.label} class={row.warn ? 'warn' : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.count ?? ''}</td>
            <td class="paper-amount">
              {row.amountMinor === null ? '' : formatMoney(row.amountMinor, day.currency, decimals)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
