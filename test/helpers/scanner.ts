// A barcode scanner for the browser tests: real, trusted key events, sent the way a scanner
// sends them, all at once. Playwright's keyboard.type awaits each key before the next, so on a
// busy machine the test process itself could space a scan's keys like a person's typing and
// the till would rightly take it for one. Here every key is queued to Chromium before the
// first answer comes back; the keys still pass through the page's real keyboard handling.
import type { Page } from 'playwright-core';

interface KeyEvent {
  type: 'keyDown' | 'keyUp';
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text?: string;
}

/** The down and up events of one character a scanner sends (digits, letters, Enter). */
function keyEvents(char: string): KeyEvent[] {
  if (char === '\n') {
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    return [
      { type: 'keyDown', ...enter, text: '\r' },
      { type: 'keyUp', ...enter },
    ];
  }
  const upper = char.toUpperCase();
  const code = /\d/.test(char) ? `Digit${char}` : /[A-Z]/.test(upper) ? `Key${upper}` : '';
  if (!code) throw new Error(`A scanner in these tests sends digits and letters, not "${char}"`);
  const key = { key: char, code, windowsVirtualKeyCode: upper.charCodeAt(0) };
  return [
    { type: 'keyDown', ...key, text: char },
    { type: 'keyUp', ...key },
  ];
}

/** Types `text` (codes, each ended by "\n") into whatever has the focus, at a scanner's pace. */
export async function scanKeys(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const events = [...text].flatMap(keyEvents);
    await Promise.all(events.map((event) => cdp.send('Input.dispatchKeyEvent', event)));
  } finally {
    await cdp.detach();
  }
}
