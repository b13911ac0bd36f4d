import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import SimulationFirst from './test/sequencer.js';

// A test that forgets to choose a data folder must never write to the real per-user one.
const throwawayConfigHome = mkdtempSync(join(tmpdir(), 'tillsync-test-home-'));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The built command and UI, current with the sources, before any file runs.
    globalSetup: ['test/global-setup.ts'],
    sequence: { sequencer: SimulationFirst },
    // better-sqlite3 is a native module: separate processes keep each file's handles apart.
    pool: 'forks',
    // Two files at once even on two cores: most files wait on processes, servers and
    // timers, not the CPU (vitest's default there is one, which ran the suite serially).
    // Tests that tell a scanner from a person by keystroke timing send a scan's keys in one
    // go (test/helpers/scanner.ts), so a busy neighbour cannot space them out.
    maxWorkers: 2,
    // expect.poll waits for what must come: a second (its default) is short beside another
    // file's Chromium or simulation on the same two cores.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Never open a desktop window from a test, even on a machine with a display. The till
    // speaks the system's language when its setting is empty: tests expect English unless
    // they choose a locale, whatever this machine's LANG. (LC_ALL is left alone: set, even
    // empty, it would outrank the LANG a test gives a process it starts.)
    env: { XDG_CONFIG_HOME: throwawayConfigHome, TILLSYNC_NO_DESKTOP: '1', LANG: 'C.UTF-8' },
  },
});
