// A setting the environment or a flag fixes is shown, not editable: its hint names what set it.
import type { Translator } from '../../../domain/i18n/messages';

export const lockedNote = (
  locked: Readonly<Record<string, string>>,
  field: string,
  words: Translator,
): string | undefined => {
  const source = locked[field];
  return source ? words.t('settings.locked', { source }) : undefined;
};
