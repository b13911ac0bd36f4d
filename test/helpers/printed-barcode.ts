// The receipt's barcode as Chromium lays it out for print, read back from the drawn bars'
// positions (not from the SVG's attributes): what a scanner would find on the paper.
import type { Page } from 'playwright-core';
import { QUIET_ZONE_MODULES } from '../../domain/code128.js';
import { decodeCode128, widthsFromBars } from './code128-decode.js';

interface Drawn {
  label: string | null;
  crisp: boolean;
  modules: number;
  svg: { left: number; right: number };
  content: { left: number; right: number };
  bars: Array<{ left: number; right: number }>;
}

export interface PrintedBarcode {
  /** The accessible name the picture gives. */
  label: string | null;
  /** Drawn with sharp edges (no anti-aliased grey between bar and space). */
  crisp: boolean;
  /** What the bars say, read with the Code 128 table. */
  text: string;
  /** White space left and right of the bars, in modules. */
  quietZones: [number, number];
  /** Inside the roll's printable width (the paper less its padding). */
  withinPrintable: boolean;
}

export async function printedBarcode(page: Page): Promise<PrintedBarcode> {
  await page.emulateMedia({ media: 'print' });
  const drawn = await page.evaluate<Drawn>(`(() => {
    const paper = document.querySelector('.print-area .paper');
    const svg = paper.querySelector('svg[role="img"]');
    const style = getComputedStyle(paper);
    const box = paper.getBoundingClientRect();
    const edges = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; };
    return {
      label: svg.getAttribute('aria-label'),
      crisp: svg.getAttribute('shape-rendering') === 'crispEdges',
      modules: svg.viewBox.baseVal.width,
      svg: edges(svg),
      content: {
        left: box.left + parseFloat(style.paddingLeft),
        right: box.right - parseFloat(style.paddingRight),
      },
      bars: [...svg.querySelectorAll('rect')].map(edges),
    };
  })()`);
  await page.emulateMedia({ media: null });
  const module = (drawn.svg.right - drawn.svg.left) / drawn.modules;
  const first = Math.min(...drawn.bars.map((bar) => bar.left));
  const last = Math.max(...drawn.bars.map((bar) => bar.right));
  return {
    label: drawn.label,
    crisp: drawn.crisp,
    text: decodeCode128(widthsFromBars(drawn.bars, module)),
    quietZones: [
      Math.round((first - drawn.svg.left) / module),
      Math.round((drawn.svg.right - last) / module),
    ],
    withinPrintable:
      drawn.svg.left >= drawn.content.left - 0.5 && drawn.svg.right <= drawn.content.right + 0.5,
  };
}

/** The quiet zones a reader needs, for assertions. */
export const MIN_QUIET_ZONES: [number, number] = [QUIET_ZONE_MODULES, QUIET_ZONE_MODULES];
