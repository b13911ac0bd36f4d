// Printing: the page keeps one printable document (the last receipt, or the day's totals)
// in an area shown only on paper, so the browser's own Print prints it too. The desktop app
// prints through Electron (silently to the default printer when asked); a browser opens
// its print dialog.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Translator } from '../../domain/i18n/messages';

interface DesktopPrinting {
  print(options: { silent: boolean }): Promise<{ ok: boolean; message?: string }>;
}

declare global {
  interface Window {
    tillsyncDesktop?: DesktopPrinting;
  }
}

let current: ComponentChildren = null;
const listeners = new Set<(document: ComponentChildren) => void>();

/** Makes this the document printed next. */
export function setPrintable(document: ComponentChildren): void {
  current = document;
  for (const listener of listeners) listener(document);
}

/** Prints a document (it becomes the printable one); resolves with a problem, if any, in `words`. */
export async function printDocument(
  document: ComponentChildren,
  options: { silent?: boolean; words: Translator },
): Promise<string | undefined> {
  const { t } = options.words;
  setPrintable(document);
  // Let the print area render the document first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const desktop = window.tillsyncDesktop;
  if (desktop) {
    const result = await desktop.print({ silent: options.silent ?? false });
    if (result.ok) return undefined;
    // The desktop's reason is Electron's own words, shown as they come.
    return t('printer.dialog.notPrinted', {
      reason: result.message ?? t('printer.dialog.refused'),
    });
  }
  window.print();
  return undefined;
}

export function PrintArea() {
  const [document, setDocument] = useState<ComponentChildren>(current);
  useEffect(() => {
    listeners.add(setDocument);
    return () => void listeners.delete(setDocument);
  }, []);
  return <div class="print-area">{document}</div>;
}
