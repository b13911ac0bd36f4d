// The agent's refusals, as the till's screens get them over the contract: the English message
// stays what JSON and logs have always read, and each carries its key, so the screen says it in
// the till's language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import { createDesk } from '../../main/trading/desk.js';
import { MANAGER_ACTIONS, type ManagerAction } from '../../domain/cashier.js';
import { english, translator } from '../../domain/i18n/messages.js';
import { said } from '../../domain/i18n/said.js';
import type { AppError } from '../../domain/result.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { tempDir } from '../helpers/temp-dir.js';

const german = translator('de-DE');
const french = translator('fr-FR');

let runtime: Runtime;
let service: Service;
beforeEach(async () => {
  runtime = await consoleRuntime(tempDir());
  service = createService(runtime);
});
afterEach(() => runtime.close());

async function refusal(method: string, input: unknown): Promise<AppError> {
  const answer = await service.call(method, input);
  if (answer.ok) throw new Error(`${method} was not refused`);
  return answer.error;
}

describe("the agent's refusals in the till's language", () => {
  it('says a bad settings save with its fields in German and French, its English unchanged', async () => {
    const error = await refusal('updateSettings', { concurrency: 0 });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: 'The settings are not valid: /concurrency: must be at least 1',
      say: { key: 'errors.settings.notValid' },
      fields: [{ path: '/concurrency', say: { key: 'errors.number.atLeast' } }],
    });
    expect(german.error(error)).toBe(
      'Die Einstellungen sind nicht gültig: /concurrency: muss mindestens 1 sein',
    );
    expect(french.error(error)).toBe(
      'Les réglages ne sont pas valides: /concurrency: doit être au moins 1',
    );
    expect(english.error(error)).toBe(error.message);
  });

  it('says a refused API key and its field in German', async () => {
    const error = await refusal('setApiKey', { key: 'two words' });
    expect(error.message).toBe('The API key is not valid');
    expect(error.fields).toMatchObject([
      { path: '/key', message: 'must be one word, with no spaces' },
    ]);
    expect(german.error(error)).toBe(
      'Der API-Schlüssel ist nicht gültig: /key: muss ein Wort ohne Leerzeichen sein',
    );
    expect(french.error(error)).toBe(
      "La clé API n'est pas valide: /key: doit être un seul mot, sans espace",
    );
  });

  it('says a key the environment fixes, naming where it comes from', async () => {
    const fixed = await consoleRuntime(tempDir(), { env: { TILLSYNC_API_KEY: 'key-from-env' } });
    try {
      const answer = await createService(fixed).call('setApiKey', { key: 'another-key' });
      if (answer.ok) throw new Error('a key fixed by the environment was changed');
      expect(answer.error).toMatchObject({
        code: 'locked',
        message: 'This setting comes from TILLSYNC_API_KEY; change it there.',
        fields: [{ path: '/key', message: 'set by TILLSYNC_API_KEY' }],
      });
      expect(german.say(answer.error)).toBe(
        'Diese Einstellung kommt aus TILLSYNC_API_KEY; ändern Sie sie dort.',
      );
      expect(german.say(answer.error.fields![0]!)).toBe('festgelegt durch TILLSYNC_API_KEY');
    } finally {
      await fixed.close();
    }
  });

  it('says a wrong manager PIN and a manager-only act in German and French', async () => {
    const now = Date.now();
    const ada = runtime.store.cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now);
    const bob = runtime.store.cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now);
    if (!ada.ok || !bob.ok) throw new Error('cashiers not added');
    expect((await service.call('signIn', { cashierId: bob.value.id, pin: '5678' })).ok).toBe(true);

    const needsManager = await refusal('voidSale', { saleId: 'sale_any', reason: 'wrong item' });
    expect(needsManager).toMatchObject({
      code: 'manager_required',
      message: 'A manager must void a sale: ask a manager for their PIN.',
    });
    expect(german.error(needsManager)).toBe(
      'Einen Verkauf stornieren darf nur ein Manager: bitten Sie einen Manager um seine PIN.',
    );
    expect(french.error(needsManager)).toBe(
      'Seul un responsable peut annuler une vente : demandez son code PIN à un responsable.',
    );

    // The contract checks a PIN's form first; the desk (shared with the CLI) checks it again.
    const desk = createDesk(() => runtime.store);
    const badPin = desk.voidSale(
      'sale_any',
      { reason: 'wrong item' },
      {
        signedIn: null,
        approval: { cashierId: ada.value.id, pin: '12' },
      },
    );
    if (badPin.ok) throw new Error('a two-digit PIN was taken');
    expect(badPin.error).toMatchObject({
      code: 'wrong_pin',
      message: 'The manager PIN must be 4 to 8 digits.',
    });
    expect(german.error(badPin.error)).toBe('Die Manager-PIN muss 4 bis 8 Ziffern haben.');
    expect(french.error(badPin.error)).toBe(
      'Le code PIN du responsable doit compter de 4 à 8 chiffres.',
    );
  });

  it('keeps the English of every manager action as the domain names it', () => {
    for (const action of Object.keys(MANAGER_ACTIONS) as ManagerAction[]) {
      expect(said('errors.desk.managerRequired', { action }).message).toBe(
        `A manager must ${MANAGER_ACTIONS[action]}: ask a manager for their PIN.`,
      );
    }
  });

  it('says a missing sale and a method the agent does not have', async () => {
    const missing = await refusal('getSale', { saleId: 'sale_nope' });
    expect(missing).toMatchObject({ code: 'not_found', message: 'There is no sale sale_nope.' });
    expect(german.error(missing)).toBe('Es gibt keinen Verkauf sale_nope.');
    const unknown = await refusal('makeCoffee', {});
    expect(unknown.message).toBe('There is no method makeCoffee.');
    expect(translator('es-ES').error(unknown)).toBe('No hay ningún método makeCoffee.');
  });

  it('says a CSV catalog that cannot be read, naming the missing column', async () => {
    const error = await refusal('importCatalog', {
      format: 'csv',
      text: 'id,title,cost\n1,Tea,2\n',
    });
    expect(error.message).toBe(
      'The CSV file is not valid: the header row has no "name" column (found: id, title, cost)',
    );
    expect(german.error(error)).toBe(
      'Die CSV-Datei ist nicht gültig: die Kopfzeile hat keine Spalte „name“ (gefunden: id, title, cost)',
    );
  });
});
