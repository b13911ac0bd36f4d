import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { translator, type MessageKey } from '../../domain/i18n/messages';
import type { AppError } from '../../domain/result';
import type { MethodOutput } from '../../main/contract/contract';
import { api } from './api';
import { Banner } from './components/banner';
import { useStatus } from './hooks';
import { SettingsScreen } from './screens/settings';
import { SyncScreen } from './screens/sync';
import { PrintArea } from './print';
import { TodayScreen } from './screens/today';
import { TillDoor } from './shift/till-door';
import { setTillPlace } from './money';
import { tillLocale } from './locale';
import { WordsContext } from './words';

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Tillsync';

type Settings = MethodOutput<'getSettings'>;
const SCREENS = ['Till', 'Today', 'Sync', 'Settings'] as const;
type Screen = (typeof SCREENS)[number];
// The ids (tab-Till, …) stay English and stable; the names are the till's words.
const SCREEN_NAMES = {
  Till: 'common.screen.till',
  Today: 'common.screen.today',
  Sync: 'common.screen.sync',
  Settings: 'common.screen.settings',
} as const satisfies Record<Screen, MessageKey>;

export function App() {
  const status = useStatus();
  const [settings, setSettingsState] = useState<Settings>();
  // Every screen shows times in the agent's zone: kept with the settings it comes from.
  const setSettings = (next: Settings) => {
    setTillPlace(next.till.effectiveTimeZone, tillLocale(next.till));
    setSettingsState(next);
  };
  // Kept as the error, said at render time: a language chosen later applies to it too.
  const [problem, setProblem] = useState<AppError>();
  const [screen, setScreen] = useState<Screen>('Till');
  const locale = tillLocale(settings?.till ?? { locale: null });
  const words = useMemo(() => translator(locale), [locale]);
  // The page's language follows the till's, for screen readers and hyphenation: in the same
  // commit as the words (an effect runs after the paint, so the words showed in French while
  // the page still said German, and a test read it so).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // Settings are read again when the mode changes (a key or address saved elsewhere).
  useEffect(() => {
    void api.getSettings({}).then((result) => {
      if (!result.ok) return setProblem(result.error);
      setSettings(result.value);
    });
  }, [status?.mode]);

  return (
    <WordsContext.Provider value={words}>
      <div class="app">
        <header>
          <h1>
            {PRODUCT_NAME}
            {settings ? ` · ${settings.till.tillName}` : ''}
          </h1>
          <nav role="tablist" aria-label={words.t('common.screens')}>
            {SCREENS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={screen === name}
                aria-controls="screen"
                onClick={() => setScreen(name)}
              >
                {name === 'Sync' && status && status.counts.refused > 0
                  ? words.t('common.screen.syncToFix', {
                      screen: words.t(SCREEN_NAMES.Sync),
                      count: status.counts.refused,
                    })
                  : words.t(SCREEN_NAMES[name])}
              </button>
            ))}
          </nav>
        </header>
        <main>
          <Banner status={status} />
          <div id="screen" class="screen" role="tabpanel" aria-labelledby={`tab-${screen}`}>
            {problem && (
              <p class="notice notice-error" role="alert">
                {words.error(problem)}
              </p>
            )}
            {settings && screen === 'Till' && <TillDoor settings={settings} />}
            {settings && screen === 'Today' && <TodayScreen settings={settings} />}
            {settings && screen === 'Sync' && <SyncScreen status={status} settings={settings} />}
            {settings && screen === 'Settings' && (
              <SettingsScreen settings={settings} onChange={setSettings} />
            )}
          </div>
        </main>
      </div>
      <PrintArea />
    </WordsContext.Provider>
  );
}
