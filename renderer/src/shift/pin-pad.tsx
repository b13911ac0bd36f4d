// A PIN pad: the PIN field takes the keyboard (digits, Backspace, Enter), the big keys take
// touch and clicks without taking the focus from the field, so both can be mixed.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Notice } from '../components/field';
import { useWords } from '../words';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const MAX_PIN = 8;

export function PinPad(props: {
  id: string;
  label: string;
  submitLabel: string;
  problem?: string;
  busy?: boolean;
  onSubmit: (pin: string) => void;
  onCancel?: () => void;
}) {
  const words = useWords();
  const [pin, setPin] = useState('');
  const [short, setShort] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  // Focused as it appears (not a frame later): the first digits typed are not lost.
  useLayoutEffect(() => fieldRef.current?.focus(), []);
  const problem = short ? words.t('shift.pin.short') : props.problem;
  const type = (digit: string) => setPin((typed) => (typed + digit).slice(0, MAX_PIN));
  const keepFocus = (event: Event) => event.preventDefault();
  return (
    <form
      class="pin-pad"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.busy) return;
        setShort(pin.length < 4);
        if (pin.length < 4) return;
        // A PIN refused is typed again from the start.
        setPin('');
        props.onSubmit(pin);
      }}
    >
      <div class="field">
        <label for={props.id}>{props.label}</label>
        <input
          id={props.id}
          ref={fieldRef}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_PIN}
          value={pin}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${props.id}-problem` : undefined}
          onInput={(event) =>
            setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, MAX_PIN))
          }
          onKeyDown={(event) => event.key === 'Escape' && props.onCancel?.()}
        />
      </div>
      <div
        class="pin-keys"
        role="group"
        aria-label={words.t('shift.pin.keys', { label: props.label })}
      >
        {KEYS.map((digit) => (
          <button key={digit} type="button" onMouseDown={keepFocus} onClick={() => type(digit)}>
            {digit}
          </button>
        ))}
        <button type="button" onMouseDown={keepFocus} onClick={() => setPin('')}>
          {words.t('shift.pin.clear')}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={() => type('0')}>
          0
        </button>
        <button
          type="button"
          aria-label={words.t('shift.pin.deleteLast')}
          onMouseDown={keepFocus}
          onClick={() => setPin((typed) => typed.slice(0, -1))}
        >
          ⌫
        </button>
      </div>
      {problem && (
        <div id={`${props.id}-problem`}>
          <Notice tone="error">{problem}</Notice>
        </div>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={props.busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            {words.t('shift.action.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
