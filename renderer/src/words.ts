// The screens' words: the translator for the till's locale, given by the app to every screen
// (a context, so a language changed in Settings is shown at once, without a restart).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { english, type Translator } from '../../domain/i18n/messages';

export const WordsContext = createContext<Translator>(english);

/** The till's words, in the language of its locale setting (else this browser's). */
export const useWords = (): Translator => useContext(WordsContext);
