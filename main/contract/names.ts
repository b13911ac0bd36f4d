// The names of the contract's methods and events, as plain data: for the preload, which
// must stay small and cannot carry zod. contract.ts checks at compile time that these
// lists and its schemas name exactly the same methods and events.
export const METHOD_NAMES = [
  'recordSale',
  'searchProducts',
  'findProduct',
  'getReceipt',
  'getCounter',
  'saveCart',
  'holdCart',
  'recallCart',
  'chargeCart',
  'getDayTotals',
  'searchCustomers',
  'importCatalog',
  'getStatus',
  'listSales',
  'getSale',
  'listRefused',
  'retryRefused',
  'editRefused',
  'discardRefused',
  'resyncNow',
  'getSettings',
  'updateSettings',
  'updateMonitoring',
  'exportSales',
  'backupNow',
  'setApiKey',
  'clearApiKey',
] as const;

export const EVENT_NAMES = ['status', 'salesChanged'] as const;
