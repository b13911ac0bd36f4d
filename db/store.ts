// The till's local store: one open database and the operations the rest of the app uses.
import { createCarts } from './carts.js';
import { createCatalog } from './catalog.js';
import { createRefusedActions } from './refused.js';
import { createDayTotals } from './day-totals.js';
import { createSaleExport } from './export-sales.js';
import { createHistory } from './history.js';
import { openDatabase, type TillDatabase } from './open.js';
import { createSaleReader } from './read-sales.js';
import { createReceipts } from './receipt.js';
import { createSaleRecorder } from './record-sale.js';
import { createSettingsStore } from './settings.js';
import { createCashiers } from './cashiers.js';
import { createShifts } from './shifts.js';
import { createVoids } from './void.js';
import { createReturns } from './returns.js';
import { createReturnExport } from './export-returns.js';
import { createPrintJobs } from './print-jobs.js';

export function openStore(file: string) {
  const database = openDatabase(file);
  return storeFor(database);
}

export function storeFor(database: TillDatabase) {
  const settings = createSettingsStore(database);
  const history = createHistory(database);
  const reader = createSaleReader(database, history);
  const receipts = createReceipts(database, settings, reader.getSale);
  const cashiers = createCashiers(database);
  const printJobs = createPrintJobs(database);
  const shifts = createShifts(database, settings, cashiers, printJobs, history);
  const recorder = createSaleRecorder(
    database,
    settings,
    receipts.receiptOf,
    shifts.currentIdOrOpen,
    printJobs,
  );
  return {
    database,
    file: database.file,
    settings,
    cashiers,
    shifts,
    recordSale: recorder.recordSale,
    ...createCarts(database, settings, recorder),
    ...reader,
    getReceipt: receipts.getReceipt,
    ...createDayTotals(database, settings, history),
    ...createRefusedActions(database, settings, shifts),
    ...createVoids(database, shifts, cashiers, history),
    ...createReturns(database, shifts, cashiers, settings, printJobs, history),
    ...createCatalog(database, settings),
    ...createSaleExport(database, history),
    ...createReturnExport(database),
    ...printJobs,
    close: () => database.close(),
  };
}

export type Store = ReturnType<typeof storeFor>;
