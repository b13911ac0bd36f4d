// The sandbox's public surface, for tests, the CLI and the app's embedded mode.
export { startSandbox, type Sandbox, type SandboxOptions } from './start.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks/signature.js';
export { parseFaultSpec, type FaultConfig, type FaultInput } from './faults.js';
export { exportCatalog, type CatalogExport } from './catalog.js';
export { mintKeyForFile, catalogOfFile } from './offline.js';
export { KNOWN_SCOPES, parseTtl } from './auth/keys.js';
