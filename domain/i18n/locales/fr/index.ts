// The French catalog: one file per area of the till, each key prefixed with its area's name
// (test/i18n/catalog.test.ts checks the prefixes, so no two files can hold one key).
import common from './common.json' with { type: 'json' };
import field from './field.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import store from './store.json' with { type: 'json' };
import till from './till.json' with { type: 'json' };
import shift from './shift.json' with { type: 'json' };
import sync from './sync.json' with { type: 'json' };
import today from './today.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import printer from './printer.json' with { type: 'json' };
import paper from './paper.json' with { type: 'json' };
import cli from './cli.json' with { type: 'json' };
import consolePages from './console.json' with { type: 'json' };

export default {
  ...common,
  ...field,
  ...errors,
  ...store,
  ...till,
  ...shift,
  ...sync,
  ...today,
  ...settings,
  ...printer,
  ...paper,
  ...cli,
  ...consolePages,
};
