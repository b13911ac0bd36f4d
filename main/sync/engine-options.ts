// What the sync engine is given: the database, the configuration, and every input a test
// or the simulation replaces (clock, timers, HTTP, liveness, randomness, the connection).
import type { TillDatabase } from '../../db/open.js';
import type { AgentConfig } from '../config/agent-config.js';
import { systemClock, systemTimers, type Clock, type Timers } from './clock.js';
import type { Logger } from '../log/log-port.js';
import type { DecisionOutcome, DeliveryOutcome } from '../../domain/outcomes.js';
import type { DrainSummary, SendingMode, SyncStatus } from '../../domain/sync-status.js';
import { clientFor, type PlatformClient } from './platform-client.js';
import { newSenderId, systemLiveness, type LivenessProbe } from './sender-identity.js';

export interface EngineOptions {
  /** The till database; the engine opens its own connection to it. */
  file: string;
  config: AgentConfig;
  mode?: SendingMode;
  logger?: Logger;
  random?: () => number;
  clock?: Clock;
  timers?: Timers;
  liveness?: LivenessProbe;
  /** This sender's id; a fresh one (host, pid, start time) by default. */
  owner?: string;
  /** How requests reach the platform; HTTP to config.baseUrl by default. */
  clientFor?: (config: AgentConfig) => PlatformClient | undefined;
  /** A connection to use instead of opening one (the simulation owns it, to fail it). */
  database?: TillDatabase;
}

export interface SaleEvent {
  saleId: string;
  outcome: DeliveryOutcome;
}

/** What an engine tells whoever listens: the UI (status, sale), monitoring (the rest). */
export interface EngineEvents {
  status: [SyncStatus];
  sale: [SaleEvent];
  attempt: [AttemptEvent];
  /** The platform asked the whole queue to wait this many ms. */
  queueWait: [number];
  /** A pass ended: what it did with each sale, or why it did not run. */
  pass: [DrainSummary];
}

/** One send and what the decision made of its answer (no sale in it: for monitoring). */
export interface AttemptEvent {
  outcome: DecisionOutcome;
  httpStatus: number | null;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/** The inputs as the engine uses them: the real ones wherever a test gave none. */
export function engineInputs(options: EngineOptions) {
  return {
    clock: options.clock ?? systemClock,
    timers: options.timers ?? systemTimers,
    liveness: options.liveness ?? systemLiveness,
    random: options.random ?? Math.random,
    makeClient: options.clientFor ?? clientFor,
    logger: options.logger ?? silent,
    owner: options.owner ?? newSenderId(),
  };
}
