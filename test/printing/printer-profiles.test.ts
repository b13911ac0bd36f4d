// The printer profiles the till offers (domain/printer-profiles.ts) are the encoder's own:
// each id is one of its printer models, with the command language and the columns of font A
// written in the list, and the encoder gives each a code page for plain ASCII.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRINTER_PROFILE,
  PRINTER_PROFILE_IDS,
  PRINTER_PROFILES,
  profileColumns,
} from '../../domain/printer-profiles.js';
import { codepageRuns, profileCodepages } from '../../main/printing/printer-codepages.js';

describe('printer profiles', () => {
  const models = ReceiptPrinterEncoder.printerModels.map((model) => model.id);

  for (const profile of PRINTER_PROFILES)
    it(`${profile.id} is the encoder's, in ${profile.language} at ${profile.columns} columns`, () => {
      expect(models).toContain(profile.id);
      const encoder = new ReceiptPrinterEncoder({ printerModel: profile.id });
      expect(encoder.language).toBe(profile.language);
      expect(encoder.columns).toBe(profile.columns);
      expect(profileColumns(profile.id, '80mm')).toBe(profile.columns);
      expect(profileColumns(profile.id, '58mm')).toBe(Math.min(32, profile.columns));
      // The 58 mm width is one the encoder takes (it refuses columns it does not know).
      const narrow = new ReceiptPrinterEncoder({ printerModel: profile.id, columns: 32 });
      expect(narrow.columns).toBe(32);
      const pages = profileCodepages(profile.id);
      expect(new Set(pages.map((page) => page.number)).size).toBe(pages.length);
      expect(codepageRuns('Receipt #42', pages)).toEqual([
        { codepage: pages[0]!.name, text: 'Receipt #42' },
      ]);
    });

  it('has unique ids and a default among them', () => {
    expect(new Set(PRINTER_PROFILE_IDS).size).toBe(PRINTER_PROFILES.length);
    expect(PRINTER_PROFILE_IDS).toContain(DEFAULT_PRINTER_PROFILE);
  });
});
