// The receipt printers the till can speak to directly, by the encoder's printer profile
// (@point-of-sale/receipt-printer-encoder: language, fonts, columns, code pages). This list
// names them for Settings and checks the setting; test/printing/printer-profiles.test.ts
// proves every id is one the encoder knows, with the language and columns written here.

export interface PrinterProfile {
  id: string;
  name: string;
  /** The printer's command language. */
  language: 'esc-pos' | 'star-prnt' | 'star-line';
  /** Characters a line holds in the printer's font A on its own paper. */
  columns: number;
}

export const PRINTER_PROFILES = [
  { id: 'epson-tm-t20iii', name: 'Epson TM-T20III', language: 'esc-pos', columns: 48 },
  { id: 'epson-tm-t20ii', name: 'Epson TM-T20II', language: 'esc-pos', columns: 48 },
  { id: 'epson-tm-t20iv', name: 'Epson TM-T20IV', language: 'esc-pos', columns: 48 },
  { id: 'epson-tm-t88v', name: 'Epson TM-T88V', language: 'esc-pos', columns: 42 },
  { id: 'epson-tm-t88vi', name: 'Epson TM-T88VI', language: 'esc-pos', columns: 42 },
  { id: 'epson-tm-t88vii', name: 'Epson TM-T88VII', language: 'esc-pos', columns: 42 },
  { id: 'epson-tm-m30ii', name: 'Epson TM-m30II', language: 'esc-pos', columns: 48 },
  { id: 'epson-tm-m30iii', name: 'Epson TM-m30III', language: 'esc-pos', columns: 48 },
  { id: 'epson-tm-p20ii', name: 'Epson TM-P20II (58 mm)', language: 'esc-pos', columns: 32 },
  { id: 'bixolon-srp350iii', name: 'Bixolon SRP-350III', language: 'esc-pos', columns: 42 },
  { id: 'citizen-ct-s310ii', name: 'Citizen CT-S310II', language: 'esc-pos', columns: 48 },
  { id: 'xprinter-xp-n160ii', name: 'Xprinter XP-N160II', language: 'esc-pos', columns: 48 },
  { id: 'xprinter-xp-t80q', name: 'Xprinter XP-T80Q', language: 'esc-pos', columns: 48 },
  { id: 'pos-8360', name: 'POS-8360 (generic 80 mm)', language: 'esc-pos', columns: 48 },
  { id: 'pos-5890', name: 'POS-5890 (generic 58 mm)', language: 'esc-pos', columns: 32 },
  { id: 'star-tsp100iv', name: 'Star TSP100IV', language: 'star-prnt', columns: 48 },
  { id: 'star-tsp100iii', name: 'Star TSP100III', language: 'star-prnt', columns: 48 },
  { id: 'star-mc-print2', name: 'Star mC-Print2 (58 mm)', language: 'star-prnt', columns: 32 },
  { id: 'star-tsp650ii', name: 'Star TSP650II', language: 'star-line', columns: 48 },
] as const satisfies readonly PrinterProfile[];

export type PrinterProfileId = (typeof PRINTER_PROFILES)[number]['id'];
export const PRINTER_PROFILE_IDS = PRINTER_PROFILES.map((profile) => profile.id) as [
  PrinterProfileId,
  ...PrinterProfileId[],
];
export const DEFAULT_PRINTER_PROFILE: PrinterProfileId = 'epson-tm-t20iii';

export const printerProfile = (id: PrinterProfileId): PrinterProfile =>
  PRINTER_PROFILES.find((profile) => profile.id === id)!;

/** Characters a line holds: the profile's own, or 32 on 58 mm paper in an 80 mm printer. */
export const profileColumns = (id: PrinterProfileId, width: '80mm' | '58mm'): number =>
  width === '58mm' ? Math.min(32, printerProfile(id).columns) : printerProfile(id).columns;
