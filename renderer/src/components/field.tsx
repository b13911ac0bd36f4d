import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Translator } from '../../../domain/i18n/messages';
import type { AppError, FieldError } from '../../../domain/result';
import { useWords } from '../words';

/** A labelled form control with its error right under it, announced to screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field holding one text-like input, the usual case: the input is tied to its hint and
 * error (aria-describedby) and reports each change as a string.
 */
export function InputField({
  id,
  label,
  hint,
  error,
  value,
  onValue,
  type = 'text',
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'number' | 'date' | 'password' | 'url';
  inputMode?: 'decimal' | 'numeric' | 'text';
  min?: string | number;
  max?: string | number;
  maxLength?: number;
  disabled?: boolean;
  autocomplete?: string;
  /** A datalist's id: suggestions, any other value still allowed. */
  list?: string;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const props = {
    ...input,
    id,
    value,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
    onInput: (event: { currentTarget: HTMLInputElement }) => onValue(event.currentTarget.value),
  };
  // Preact types each input type apart: one element per type the forms use.
  const element = {
    text: <input type="text" {...props} />,
    number: <input type="number" {...props} />,
    date: <input type="date" {...props} />,
    password: <input type="password" {...props} />,
    url: <input type="url" {...props} />,
  }[type];
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {element}
    </Field>
  );
}

/** Errors of a Result by field path ("/baseUrl" -> "must use https ..."), in the till's words. */
export function fieldMessages(
  fields: FieldError[] | undefined,
  words: Translator,
): Record<string, string> {
  return Object.fromEntries((fields ?? []).map((field) => [field.path, words.say(field)]));
}

/** What a form says after saving: a sentence, and the message of each field in error. */
export interface Feedback {
  tone: 'ok' | 'error';
  text: string;
  fields?: Record<string, string>;
}

/** The feedback for a refused request: its message, and its fields' messages. */
export const errorFeedback = (error: AppError, words: Translator): Feedback => ({
  tone: 'error',
  text: words.error(error),
  fields: fieldMessages(error.fields, words),
});

/** What a form has to say, made from the words of the moment it is shown. */
export type Saying = (words: Translator) => Feedback;

/**
 * A form's feedback kept as what happened and said at each render, so a language chosen
 * after a save ("Till settings saved.") says it again in that language.
 */
export function useFeedback(): [Feedback | undefined, (saying: Saying | undefined) => void] {
  const words = useWords();
  const [saying, setSaying] = useState<Saying>();
  // A function given to a state setter is called as an updater: wrapped to be kept as is.
  return [saying?.(words), (next) => setSaying(() => next)];
}

export function Notice({ tone, children }: { tone: 'ok' | 'error'; children: ComponentChildren }) {
  return (
    <p
      class={`notice notice-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {children}
    </p>
  );
}

/** A setting or a statement a person ticks: the box and its words, one label. */
export function Check(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ComponentChildren;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      {props.children}
    </label>
  );
}
