// The console's own pages and refusals speak the till's language (its locale setting, else the
// process's), and say which in <html lang>; the API's JSON keeps its English message and
// carries the key a page says it with.
import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import { consoleForTest, raw } from './helpers.js';

const json = { 'content-type': 'application/json' };

describe("the console in the till's language", () => {
  it('shows the login page and refusals in German when the till is set to de-DE', async () => {
    const { server, runtime } = await consoleForTest();
    expect(runtime.store.settings.update({ locale: 'de-DE' }).ok).toBe(true);

    const login = await raw(server.port, '/');
    expect(login.status).toBe(401);
    expect(login.body).toContain('<html lang="de-DE">');
    expect(login.body).toContain('<h1>Tillsync-Konsole</h1>');
    expect(login.body).toContain(
      'Öffnen Sie den Anmeldelink, den <code>tillsync daemon --console</code> ausgegeben hat',
    );
    expect(login.body).toContain(server.tokenFile);

    const wrong = await raw(server.port, '/login?token=wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('<html lang="de-DE">');
    expect(wrong.body).toContain('<h1>Falscher oder veralteter Anmeldelink</h1>');

    const foreign = await raw(server.port, '/', { headers: { host: 'evil.example:80' } });
    expect(foreign.status).toBe(421);
    expect(foreign.body).toBe('Diese Konsole antwortet nur auf 127.0.0.1 und localhost.');
    expect(foreign.headers['content-type']).toBe('text/plain; charset=utf-8');

    const otherSite = await raw(server.port, '/login', {
      headers: { origin: 'http://evil.example' },
    });
    expect(otherSite.body).toBe('Anfragen von anderen Websites werden abgelehnt.');

    // The API's answer stays English for scripts, with the key the page says it with.
    const api = await raw(server.port, '/api/getStatus', {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    const { error } = JSON.parse(api.body) as {
      error: { code: string; message: string; say: { key: string } };
    };
    expect(error).toEqual({
      code: 'unauthorized',
      message:
        "Open the login link that tillsync daemon --console printed (this tab's session has ended).",
      say: { key: 'errors.console.sessionEnded', values: { command: 'tillsync daemon --console' } },
    });
    expect(translator('de-DE').error(error)).toBe(
      'Öffnen Sie den Anmeldelink, den tillsync daemon --console ausgegeben hat (die Sitzung dieses Tabs ist beendet).',
    );
  });

  it("follows a change of the till's language at once, and the system's when the till has none", async () => {
    const { server, runtime } = await consoleForTest({ LANG: 'fr_FR.UTF-8' });
    const french = await raw(server.port, '/');
    expect(french.body).toContain('<html lang="fr-FR">');
    expect(french.body).toContain('<h1>Console Tillsync</h1>');

    expect(runtime.store.settings.update({ locale: 'es-ES' }).ok).toBe(true);
    const spanish = await raw(server.port, '/login?token=wrong');
    expect(spanish.body).toContain('<html lang="es-ES">');
    expect(spanish.body).toContain(
      'Use el enlace que mostró <code>tillsync daemon --console</code> la última vez que se inició.',
    );
  });

  it('keeps English, word for word, on a till with no language of its own', async () => {
    const { server } = await consoleForTest();
    const login = await raw(server.port, '/');
    expect(login.body).toContain('<html lang="en-US">');
    expect(login.body).toContain('<h1>Tillsync console</h1>');
    expect(login.body).toContain(
      `Open the login link that <code>tillsync daemon --console</code> printed, or use the token in ${server.tokenFile}.`,
    );
    const foreign = await raw(server.port, '/', { headers: { host: 'evil.example:80' } });
    expect(foreign.body).toBe('This console answers only on 127.0.0.1 and localhost.');
  });
});
