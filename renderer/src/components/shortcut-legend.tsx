// The till's shortcuts, shown where the cashier works: the same list the keys obey.
import { keyLabel, SHORTCUTS } from '../till/shortcuts';
import { useWords } from '../words';

export function ShortcutLegend() {
  const words = useWords();
  return (
    <dl class="shortcuts" aria-label={words.t('till.shortcuts.legend')}>
      {SHORTCUTS.map((shortcut) => (
        <div key={shortcut.key}>
          <dt>
            <kbd>{keyLabel(shortcut.key, words)}</kbd>
          </dt>
          <dd>{words.t(shortcut.label)}</dd>
        </div>
      ))}
    </dl>
  );
}
