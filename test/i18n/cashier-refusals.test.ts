// A cashier's refusals on a real SQLite file keep their English for JSON and logs and carry
// their catalog keys, so a screen or the CLI says them in the till's language: a wrong PIN
// with the tries left, the lock, a cashier refused, and the manager an action needs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { freshStore, NOW } from '../helpers/shift-store.js';
import { french, german, refusal, spanish } from '../helpers/refusals.js';

let store: Store;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => store.close());

describe('cashiers and PINs', () => {
  const MANAGER_PIN = '972530';

  function manager() {
    const added = store.cashiers.add({ name: 'Grace', role: 'manager', pin: MANAGER_PIN }, NOW);
    if (!added.ok) throw new Error(added.error.message);
    return added.value;
  }

  it('says a wrong PIN with the tries left, then the lock, in German and French', () => {
    const grace = manager();
    const wrong = refusal(store.cashiers.checkPin({ cashierId: grace.id, pin: '0000' }, NOW));
    expect(wrong).toEqual({
      code: 'wrong_pin',
      message: "Wrong PIN for Grace: 4 tries left before a minute's lock.",
      say: { key: 'store.wrongPin', values: { name: 'Grace', tries: 4 } },
      fields: [
        { path: '/pin', message: 'is not the right PIN', say: { key: 'field.notTheRightPin' } },
      ],
    });
    expect(german.say(wrong.fields![0]!)).toBe('ist nicht die richtige PIN');
    expect(german.say(wrong)).toBe(
      'Falsche PIN für Grace: noch 4 Versuche vor einer Sperre von einer Minute.',
    );
    expect(french.say(wrong)).toBe(
      "Code PIN erroné pour Grace : encore 4 essais avant un blocage d'une minute.",
    );
    for (const tries of [3, 2])
      store.cashiers.checkPin({ cashierId: grace.id, pin: '0000' }, NOW + tries);
    const last = refusal(store.cashiers.checkPin({ cashierId: grace.id, pin: '0000' }, NOW + 4));
    expect(last.message).toBe("Wrong PIN for Grace: 1 try left before a minute's lock.");
    expect(german.say(last)).toBe(
      'Falsche PIN für Grace: noch 1 Versuch vor einer Sperre von einer Minute.',
    );
    const locking = refusal(store.cashiers.checkPin({ cashierId: grace.id, pin: '0000' }, NOW + 5));
    expect(locking.message).toBe('Wrong PIN for Grace: locked for a minute.');
    expect(french.say(locking)).toBe('Code PIN erroné pour Grace : bloqué pendant une minute.');
    const locked = refusal(
      store.cashiers.checkPin({ cashierId: grace.id, pin: MANAGER_PIN }, NOW + 6),
    );
    expect(locked.message).toBe('Grace is locked after 5 wrong PINs: try again in 60 s.');
    expect(german.say(locked)).toBe(
      'Grace ist nach 5 falschen PINs gesperrt: versuchen Sie es in 60 s erneut.',
    );
  });

  it('says a cashier refused: a name too long with its limit, a taken name, a plain cashier first', () => {
    const first = refusal(store.cashiers.add({ name: 'Tom', pin: '4817' }, NOW));
    expect(german.error(first)).toBe(
      'Der Kassierer ist nicht gültig: /role: der erste Kassierer muss ein Manager sein ' +
        '(jemand muss die Schicht schließen können)',
    );
    manager();
    const long = refusal(
      store.cashiers.add({ name: 'N'.repeat(41), role: 'cashier', pin: '12' }, NOW),
    );
    expect(long.message).toBe(
      'The cashier is not valid: /name: must be at most 40 characters; /pin: must be 4 to 8 digits',
    );
    expect(german.error(long)).toBe(
      'Der Kassierer ist nicht gültig: /name: darf höchstens 40 Zeichen lang sein; ' +
        '/pin: muss aus 4 bis 8 Ziffern bestehen',
    );
    const taken = refusal(store.cashiers.add({ name: 'grace', role: 'cashier', pin: '4817' }, NOW));
    expect(french.error(taken)).toBe(
      "Le caissier n'est pas valide: /name: grace est déjà caissier ici",
    );
  });

  it('says who must approve, in the words of the action', () => {
    const grace = manager();
    const tom = store.cashiers.add({ name: 'Tom', role: 'cashier', pin: '4817' }, NOW);
    expect(tom.ok).toBe(true);
    const refused = refusal(
      store.cashiers.checkManager(
        { cashierId: tom.ok ? tom.value.id : '', pin: '4817' },
        'void_sale',
        NOW,
      ),
    );
    expect(refused.message).toBe('Tom is not a manager: a manager must void a sale.');
    expect(german.say(refused)).toBe(
      'Tom ist kein Manager: nur ein Manager darf einen Verkauf stornieren.',
    );
    expect(spanish.say(refused)).toBe(
      'Tom no es encargado: solo un encargado puede anular una venta.',
    );
    expect(grace.role).toBe('manager');
  });
});
