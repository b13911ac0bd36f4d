// The sync engine's shared state row: the authorization pause, resync requests, the last
// success and error, what the engine learned about the platform and the clock, and its
// own storage problems. (The sending lease in the same row is db/lease.ts's.)
import type { TillDatabase } from './open.js';
import type { ConnectionState } from './schema.js';

export interface SyncStateRow {
  leaseOwner: string | null;
  leaseExpiresAt: number;
  leaseEpoch: number;
  connection: ConnectionState;
  pausedReason: string | null;
  pausedKeyHash: string | null;
  pausedAt: number | null;
  resyncRequestedAt: number;
  lastSuccessAt: number | null;
  lastContactAt: number | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  lastErrorAt: number | null;
  clockSkewMs: number | null;
  senderMode: 'platform' | 'sandbox' | null;
  senderBaseUrl: string | null;
  keysHonouredAt: number | null;
  keysHonouredBaseUrl: string | null;
  throttledUntil: number | null;
  clockStepMs: number | null;
  clockStepAt: number | null;
  storageError: string | null;
  storageErrorAt: number | null;
  integrityCheckedAt: number | null;
  integrityProblem: string | null;
}

const COLUMNS = {
  leaseOwner: 'lease_owner',
  leaseExpiresAt: 'lease_expires_at',
  leaseEpoch: 'lease_epoch',
  connection: 'connection',
  pausedReason: 'paused_reason',
  pausedKeyHash: 'paused_key_hash',
  pausedAt: 'paused_at',
  resyncRequestedAt: 'resync_requested_at',
  lastSuccessAt: 'last_success_at',
  lastContactAt: 'last_contact_at',
  lastErrorCode: 'last_error_code',
  lastErrorMessage: 'last_error_message',
  lastErrorAt: 'last_error_at',
  clockSkewMs: 'clock_skew_ms',
  senderMode: 'sender_mode',
  senderBaseUrl: 'sender_base_url',
  keysHonouredAt: 'keys_honoured_at',
  keysHonouredBaseUrl: 'keys_honoured_base_url',
  throttledUntil: 'throttled_until',
  clockStepMs: 'clock_step_ms',
  clockStepAt: 'clock_step_at',
  storageError: 'storage_error',
  storageErrorAt: 'storage_error_at',
  integrityCheckedAt: 'integrity_checked_at',
  integrityProblem: 'integrity_problem',
} as const satisfies Record<keyof SyncStateRow, string>;

const selectList = Object.entries(COLUMNS)
  .map(([field, column]) => `${column} as ${field}`)
  .join(', ');

/** The lease is written by db/lease.ts only. */
type WritableField = Exclude<keyof SyncStateRow, 'leaseOwner' | 'leaseExpiresAt' | 'leaseEpoch'>;

export function createSyncState({ sqlite }: TillDatabase, now: () => number = Date.now) {
  const read = sqlite.prepare(`select ${selectList} from sync_state where id = 1`);
  const updates = new Map<string, ReturnType<typeof sqlite.prepare>>();

  function update(fields: Partial<Pick<SyncStateRow, WritableField>>): void {
    const names = Object.keys(fields) as WritableField[];
    if (names.length === 0) return;
    const signature = names.join(',');
    let statement = updates.get(signature);
    if (!statement) {
      const sets = names.map((name) => `${COLUMNS[name]} = @${name}`).join(', ');
      statement = sqlite.prepare(
        `update sync_state set ${sets}, updated_at = @updatedAt where id = 1`,
      );
      updates.set(signature, statement);
    }
    statement.run({ ...fields, updatedAt: now() });
  }

  return { read: () => read.get() as SyncStateRow, update };
}

export type SyncState = ReturnType<typeof createSyncState>;
