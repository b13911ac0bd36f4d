import type { ComponentChildren, InputHTMLAttributes } from 'preact';

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
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onInput'>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        value={value}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    </Field>
  );
}

/** Errors of a Result by field path ("/baseUrl" -> "must use https ..."). */
export function fieldMessages(
  fields: Array<{ path: string; message: string }> | undefined,
): Record<string, string> {
  return Object.fromEntries((fields ?? []).map((field) => [field.path, field.message]));
}

/** What a form says after saving: a sentence, and the message of each field in error. */
export interface Feedback {
  tone: 'ok' | 'error';
  text: string;
  fields?: Record<string, string>;
}

/** The feedback for a refused request: its message, and its fields' messages. */
export const errorFeedback = (error: {
  message: string;
  fields?: Array<{ path: string; message: string }>;
}): Feedback => ({ tone: 'error', text: error.message, fields: fieldMessages(error.fields) });

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
