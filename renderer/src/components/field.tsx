import type { ComponentChildren } from 'preact';

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

/** Errors of a Result by field path ("/baseUrl" -> "must use https ..."). */
export function fieldMessages(
  fields: Array<{ path: string; message: string }> | undefined,
): Record<string, string> {
  return Object.fromEntries((fields ?? []).map((field) => [field.path, field.message]));
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
