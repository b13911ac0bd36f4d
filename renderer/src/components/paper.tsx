// What goes on paper: a receipt, a refund receipt and a day's totals, laid out for 80 mm or
// 58 mm till rolls by CSS (print.css). Every figure comes from the agent's records, never the
// cart; what a receipt says, and in what order, comes from domain/views/receipt-document.ts,
// which the till roll's text shares. Paper speaks the till's language (useWords).
import type { ComponentChildren } from 'preact';
import type { MethodOutput } from '../../../main/contract/contract';
import { dayRows } from '../../../domain/views/day-view';
import { formatMoney } from '../../../domain/views/money-format';
import { screenTimeZone } from '../money';
import { barcodeOnRoll } from '../../../domain/views/receipt-barcode';
import {
  receiptBlocks,
  refundBlocks,
  type PaperBlock,
} from '../../../domain/views/receipt-document';
import { returnLabel, type RefundReceipt } from '../../../domain/returns';
import { useWords } from '../words';

export { platformNote } from '../../../domain/views/receipt-document';

type Receipt = MethodOutput<'getReceipt'>;
type DayTotals = MethodOutput<'getDayTotals'>;
type Width = MethodOutput<'getSettings'>['till']['receiptWidth'];

function Paper(props: { width: Width; label: string; children: ComponentChildren }) {
  return (
    <article class={`paper paper-${props.width}`} aria-label={props.label}>
      {props.children}
    </article>
  );
}

/**
 * The receipt's Code 128 as drawn bars: whole printer dots per module, quiet zones inside
 * the picture's width, edges left sharp so a scanner reads every bar.
 */
function Barcode({ code, width }: { code: string; width: Width }) {
  const words = useWords();
  const layout = barcodeOnRoll(code, width);
  const height = layout.heightMm / layout.moduleMm;
  return (
    <div class="paper-barcode">
      <svg
        role="img"
        aria-label={words.t('paper.receipt.barcode', { code })}
        width={`${layout.widthMm}mm`}
        height={`${layout.heightMm}mm`}
        viewBox={`0 0 ${layout.symbol.totalModules} ${height}`}
        preserveAspectRatio="none"
        shape-rendering="crispEdges"
      >
        {layout.bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={height} fill="#000" />
        ))}
      </svg>
      <p class="paper-barcode-text">{code}</p>
    </div>
  );
}

function Block({ block, width }: { block: PaperBlock; width: Width }) {
  switch (block.kind) {
    case 'title':
      return <p class={block.alarm ? 'paper-title paper-alarm' : 'paper-title'}>{block.text}</p>;
    case 'text':
      return <p class={block.centre ? 'paper-centre' : undefined}>{block.text}</p>;
    case 'note':
      return <p class="paper-note">{block.text}</p>;
    case 'item':
      return <p class="paper-item">{block.name}</p>;
    case 'row': {
      const classes = ['paper-row', block.sub && 'paper-sub', block.total && 'paper-total'];
      return (
        <p class={classes.filter(Boolean).join(' ')}>
          <span>{block.label}</span> <span class="paper-amount">{block.value}</span>
        </p>
      );
    }
    case 'rule':
      return <hr class="paper-rule" />;
    case 'barcode':
      return <Barcode code={block.code} width={width} />;
  }
}

function Blocks({ blocks, width }: { blocks: PaperBlock[]; width: Width }) {
  return (
    <>
      {blocks.map((block, index) => (
        <Block key={index} block={block} width={width} />
      ))}
    </>
  );
}

/** A sale's receipt: lines, discounts, total and payment, returns so far, and its barcode. */
export function ReceiptPaper({
  receipt,
  width,
  decimals,
}: {
  receipt: Receipt;
  width: Width;
  decimals: number;
}) {
  const words = useWords();
  const format = { decimals, timeZone: screenTimeZone(), locale: words.locale };
  return (
    <Paper width={width} label={words.t('paper.receipt.label', { number: receipt.receiptNumber })}>
      <Blocks blocks={receiptBlocks(receipt, format)} width={width} />
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
  const words = useWords();
  const format = { decimals, timeZone: screenTimeZone(), locale: words.locale };
  return (
    <Paper
      width={width}
      label={words.t('paper.refund.label', { label: returnLabel(receipt.returnNumber) })}
    >
      <Blocks blocks={refundBlocks(receipt, format)} width={width} />
    </Paper>
  );
}

export function DayPaper(props: { day: DayTotals; width: Width; decimals: number; shop: string }) {
  const { day } = props;
  const words = useWords();
  return (
    <Paper width={props.width} label={words.t('paper.day.label', { date: day.date })}>
      <p class="paper-title">{props.shop}</p>
      <p>{words.t('paper.day.heading', { date: day.date })}</p>
      <DayTable day={day} decimals={props.decimals} />
    </Paper>
  );
}

/** The day's rows, as on screen and on paper. */
export function DayTable({ day, decimals }: { day: DayTotals; decimals: number }) {
  const words = useWords();
  const money = (minor: number) =>
    formatMoney(minor, day.currency, decimals, 'symbol', words.locale);
  return (
    <table class="day-rows">
      <tbody>
        {dayRows(day, words).map((row) => (
          <tr key={row.label} class={row.warn ? 'warn' : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.count ?? ''}</td>
            <td class="paper-amount">{row.amountMinor === null ? '' : money(row.amountMinor)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
