// The till's shortcuts, shown where the cashier works: the same list the keys obey.
import { keyLabel, SHORTCUTS } from '../till/shortcuts';

export function ShortcutLegend() {
  return (
    <dl class="shortcuts" aria-label="Keyboard shortcuts">
      {SHORTCUTS.map((shortcut) => (
        <div key={shortcut.key}>
          <dt>
            <kbd>{keyLabel(shortcut.key)}</kbd>
          </dt>
          <dd>{shortcut.label}</dd>
        </div>
      ))}
    </dl>
  );
}
