// The one implementation of the UI contract, over the store and the engine. Both
// transports (Electron IPC and the loopback console) call `call()`: every input is checked
// against the contract first, and every answer is a Result, never a thrown error.
import { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { describeStorageError } from '../../db/storage-errors.js';
import { fail, invalidFields, ok, type AppError, type Result } from '../../domain/result.js';
import { fieldSays, said } from '../../domain/i18n/said.js';
import { effectiveLocale } from '../../domain/locale.js';
import { concurrencySchema } from '../config/agent-config.js';
import { platformUrlSchema } from '../../domain/platform-url.js';
import {
  METHOD_NAMES,
  methods,
  type ContractResult,
  type MethodName,
} from '../contract/contract.js';
import type { Logger } from '../log/log-port.js';
import {
  EXPORT_MIME_TYPES,
  exportFileName,
  exportRequestShape,
  rangeInOrder,
  writeSalesExport,
} from '../export/sales-export.js';
import { importCatalog } from './catalog-import.js';
import { counterHandlers } from './counter-handlers.js';
import { readSettingsView } from './settings-view.js';
import { shiftHandlers } from './shift-handlers.js';
import { returnHandlers } from './return-handlers.js';
import { createDesk, type Actor } from '../trading/desk.js';
import { printerHandlers } from './printer-handlers.js';
import { backupFolder, backupNow } from '../housekeeping/daily-backups.js';
import { savePlatformSettings } from '../config/platform-settings.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';
import { messageOf } from '../../domain/errors.js';
import { updateMonitoring } from './monitoring-settings.js';
import { tillTimeZone } from '../../db/till-time-zone.js';

/** What a person was doing, for the message when the disk refuses it. */
const ACTIONS: Partial<Record<MethodName, string>> = {
  recordSale: 'Saving the sale',
  chargeCart: 'Saving the sale',
  saveCart: 'Saving the cart',
  holdCart: 'Holding the sale',
  recallCart: 'Recalling the held sale',
  importCatalog: 'Importing the catalog',
  updateSettings: 'Saving the settings',
  updateMonitoring: 'Saving the monitoring settings',
  retryRefused: 'Queuing the sale again',
  editRefused: 'Saving the corrected sale',
  discardRefused: 'Discarding the sale',
  voidSale: 'Voiding the sale',
  recordReturn: 'Recording the return',
  setApiKey: 'Saving the key',
};

const platformPatch = z.object({
  baseUrl: platformUrlSchema.nullable().optional(),
  concurrency: concurrencySchema.optional(),
});

const exportRequest = (timeZone: string) =>
  z.object(exportRequestShape(timeZone)).refine(...rangeInOrder);

const apiKeyText = z.string().trim().regex(/^\S+$/, fieldSays('errors.apiKey.oneWord'));

/** What only the desktop app can do (Electron's login items). */
export interface DesktopHooks {
  getStartAtLogin(): boolean;
  setStartAtLogin(on: boolean): void;
  /** The desktop's own language (Electron's app.getLocale()), over the environment's. */
  systemLocale?(): string | undefined;
}

export function createService(runtime: Runtime, logger?: Logger, desktop?: DesktopHooks) {
  /** After a person queued a sale again: send soon, and tell the UI. */
  function queued<T extends { saleId: string }>(result: Result<T>) {
    if (result.ok) runtime.saleQueued(result.value.saleId);
    return result;
  }

  /** A sale voided: every screen hears of it, and of the counts and the shift it changed. */
  function changed<T extends { saleId: string }>(result: Result<T>) {
    if (result.ok) {
      runtime.saleChanged(result.value.saleId);
      runtime.shiftChanged();
    }
    return result;
  }

  function lockedError(field: string, source: string): AppError {
    return {
      code: 'locked',
      ...said('errors.setting.locked', { source }),
      fields: [{ path: `/${field}`, ...said('errors.setting.setBy', { source }) }],
    };
  }

  const settingsView = () => readSettingsView(runtime, desktop);

  // Who is signed in at this till: held by the agent, forgotten when it stops.
  const session: Actor = { signedIn: null };
  const desk = createDesk(
    () => runtime.store,
    Date.now,
    () => runtime.printing.salePrinting(),
  );
  const handlers: Handlers = {
    ...counterHandlers(runtime, desk, session, logger),
    ...printerHandlers(runtime),
    ...shiftHandlers(runtime, desk, session),
    ...returnHandlers(runtime, desk, session),
    importCatalog: (input) => importCatalog(runtime, input),
    getStatus: () => ok(runtime.status()),
    listSales: (input) => runtime.store.listSales(input),
    getSale({ saleId }) {
      const sale = runtime.store.getSale(saleId);
      return sale ? ok(sale) : fail({ code: 'not_found', ...said('errors.sale.none', { saleId }) });
    },
    listRefused: () => ok(runtime.store.listRefused()),
    retryRefused: ({ saleId }) => queued(runtime.store.retryRefused(saleId)),
    editRefused: ({ saleId, sale, checkedPlatform }) =>
      queued(runtime.store.editRefused(saleId, sale, { checkedPlatform })),
    discardRefused: ({ saleId, reason }) =>
      queued(
        runtime.store.discardRefused(saleId, { reason }, Date.now(), session.signedIn?.id ?? null),
      ),
    voidSale: ({ saleId, reason, approval }) =>
      changed(desk.voidSale(saleId, { reason }, { signedIn: session.signedIn, approval })),
    resyncNow: async () => ok(await runtime.resync()),
    getSettings: async () => ok(await settingsView()),
    async updateSettings(patch) {
      const { baseUrl, concurrency, startAtLogin, ...till } = patch;
      if (startAtLogin !== undefined && !desktop) {
        return fail({
          code: 'desktop_only',
          ...said('errors.startAtLogin.desktopOnly'),
          fields: [{ path: '/startAtLogin', ...said('errors.startAtLogin.onlyInDesktopApp') }],
        });
      }
      const platform = platformPatch.safeParse({ baseUrl, concurrency });
      if (!platform.success)
        return fail(
          invalidFields(said('errors.settings.notValid'), fieldErrorsFrom(platform.error)),
        );
      const locked = runtime.locked();
      for (const field of ['baseUrl', 'concurrency', 'shopId', 'printerAddress'] as const) {
        if (patch[field] !== undefined && locked[field])
          return fail(lockedError(field, locked[field]));
      }
      if (Object.keys(till).length > 0) {
        const saved = runtime.store.settings.update(till);
        if (!saved.ok) return saved;
      }
      if (startAtLogin !== undefined) desktop?.setStartAtLogin(startAtLogin);
      if (platform.data.baseUrl !== undefined || platform.data.concurrency !== undefined) {
        savePlatformSettings(runtime.dataDir, platform.data);
        await runtime.reload();
      }
      return ok(await settingsView());
    },
    async updateMonitoring(change) {
      const updated = await updateMonitoring(runtime, change, lockedError);
      return updated.ok ? ok(await settingsView()) : updated;
    },
    exportSales(input) {
      const timeZone = tillTimeZone(runtime.store.settings.read());
      const parsed = exportRequest(timeZone).safeParse(input);
      if (!parsed.success)
        return fail(invalidFields(said('errors.export.notValid'), fieldErrorsFrom(parsed.error)));
      const { from, to, format } = parsed.data;
      let text = '';
      const count = writeSalesExport(
        runtime.store.exportSales({ from, to }),
        {
          format,
          range: { from, to },
          returns: runtime.store.exportReturns({ from, to }),
          timeZone,
        },
        (chunk) => (text += chunk),
      );
      const fileName = exportFileName(input.from, input.to, format);
      return ok({ fileName, mimeType: EXPORT_MIME_TYPES[format], text, count });
    },
    async backupNow() {
      const { dataDir, databaseFile } = runtime.agent;
      try {
        const made = await backupNow(
          dataDir,
          databaseFile,
          runtime.store.settings.read().backupsKept,
        );
        logger?.info({ backup: made.file, sales: made.sales }, 'Backup written and verified');
        return ok({ file: made.file, at: made.at, bytes: made.bytes, sales: made.sales });
      } catch (error) {
        return fail({
          code: 'backup_failed',
          ...said('errors.backup.failed', {
            problem: messageOf(error),
            folder: backupFolder(dataDir),
          }),
        });
      }
    },
    async setApiKey({ key }) {
      const locked = runtime.locked().apiKey;
      if (locked) return fail(lockedError('key', locked));
      const parsed = apiKeyText.safeParse(key);
      if (!parsed.success) {
        return fail({
          code: 'invalid_input',
          ...said('errors.apiKey.notValid'),
          fields: fieldErrorsFrom(parsed.error).map((f) => ({ ...f, path: '/key' })),
        });
      }
      await runtime.secrets.write(parsed.data);
      await runtime.reload();
      // The check the reload started: its verdict for this screen, already on the banner.
      const probe = await runtime.checkKey();
      const keyCheck = probe && {
        verdict: probe.verdict,
        message: [probe.detail, probe.fix].filter(Boolean).join(' '),
      };
      return ok({ ...(await settingsView()), keyCheck });
    },
    async clearApiKey() {
      const locked = runtime.locked().apiKey;
      if (locked) return fail(lockedError('key', locked));
      await runtime.secrets.clear();
      await runtime.reload();
      return ok(await settingsView());
    },
  };

  async function call(method: string, input: unknown): Promise<ContractResult<unknown>> {
    if (!(METHOD_NAMES as readonly string[]).includes(method)) {
      return fail({ code: 'unknown_method', ...said('errors.request.unknownMethod', { method }) });
    }
    const name = method as MethodName;
    const parsed = methods[name].input.safeParse(input ?? {});
    if (!parsed.success)
      return fail(
        invalidFields(
          said('errors.request.notValid', { method: name }),
          fieldErrorsFrom(parsed.error),
        ),
      );
    try {
      return await (
        handlers[name] as (input: unknown) => Promise<Result<unknown>> | Result<unknown>
      )(parsed.data);
    } catch (error) {
      // A full or read-only disk, whatever the action: said in words, as for a sale.
      const storage = describeStorageError(error, ACTIONS[name] ?? 'That');
      if (storage) return fail(storage);
      logger?.error({ method: name, error: messageOf(error) }, 'A request from the UI failed');
      return fail({
        code: 'internal',
        ...said('errors.request.failed', { problem: messageOf(error) }),
      });
    }
  }

  /** The till's locale, read at each ask (Settings may change it): its setting, else the system's. */
  const locale = () =>
    effectiveLocale(
      runtime.store.settings.read().locale,
      desktop?.systemLocale?.() ?? runtime.systemLocale(),
    );

  return { call, events: runtime.events, locale };
}

export type Service = ReturnType<typeof createService>;
