// Scenes of the calm hour (calm-hour.ts) about what the till says: its status, read as
// `tillsync status` and the Sync screen read it (status-watch.ts), at moments whose truth the
// world knows: out of reach and tried, offline, yet a Resync sends at once; a key refused,
// paused with the reason, even when the disk refused to write it as the refusal came; a
// process started with a new key after the old one was refused, not paused; and once the
// queue is sent, online with nothing waiting.
import type { SceneKit } from './calm-hour.js';
import { isKeyCheck } from './request-kinds.js';
import { statusReader } from './status-watch.js';
import { diskFault, replaceKey } from './world-events.js';
import { EPOCH } from './world.js';

export const STATUS_SCENES = ['offline-resync', 'new-key-start', 'refused-read-only'] as const;
export type StatusScene = (typeof STATUS_SCENES)[number];

export function statusScenes(kit: SceneKit): Record<StatusScene, () => Promise<void>> {
  const { world, till, platform, tuning, random, answers, context, prompt, offset } = kit;
  const { recordSale, resync, between, saleState, sentSince, heardSince, fail, within } = kit;
  const { pause } = kit;
  const read = statusReader(context.store, () => till.config);
  const said = () => read(EPOCH + world.time + offset);
  /** A Resync reaches every process by its next tick (a follower at the latest). */
  const everyTick = Math.max(tuning.pollIntervalMs, tuning.probeIntervalMs) + 1000;

  /** Lets the world run until `done`, for `ms` at most; whether it came. */
  async function waitFor(ms: number, done: () => boolean): Promise<boolean> {
    const deadline = world.time + ms;
    while (!done() && world.time < deadline) await pause(Math.min(100, deadline - world.time));
    return done();
  }
  /** Until then, the platform asked the process's whole queue to wait (429/503 Retry-After). */
  const heldUntil = (pid: number) => context.watch.heldUntil(pid);
  /**
   * The running processes, the one the platform lets send soonest first: a process told to
   * wait minutes does nothing till then, rightly (seed 378: the one kept as the app).
   */
  const bySoonestFree = () =>
    [...till.running.keys()].sort((one, other) => heldUntil(one) - heldUntil(other));
  /** Lets a wait the platform asked of `pid` end: the scene's deadlines count from there. */
  const untilFree = (pid: number) => pause(Math.max(0, heldUntil(pid) - world.time));

  /** The sale is synced soon, and the status then says online with nothing waiting. */
  async function sentAndSaid(scene: StatusScene, sale: number, ms: number): Promise<void> {
    if (
      !(await within(
        ms,
        `${scene}: sale #${sale} was not synced`,
        () => saleState(sale) === 'synced',
      ))
    )
      return;
    const status = said();
    const waiting = status.counts.pending + status.counts.sending;
    // "checking" too: another process's last contact, on a clock a little ahead, is not news.
    const down = status.link === 'offline' || status.link === 'key_rejected';
    if (down || status.paused || waiting > 0 || status.nextAttemptAt !== null)
      fail(
        `${scene}: with the queue sent, the status says ${status.link}, paused ${status.paused?.reason ?? 'no'}, ${waiting} waiting, next try at ${status.nextAttemptAt}`,
      );
  }

  /** Until the status says the key is refused (with why); false if it does not in `ms`. */
  async function saysRefused(scene: StatusScene, ms: number, why: string): Promise<boolean> {
    return within(ms, `${scene}: the status does not say the key is refused ${why}`, () => {
      const status = said();
      return status.link === 'key_rejected' && Boolean(status.paused?.reason);
    });
  }

  return {
    /**
     * Out of reach, and the till has tried: offline. A person presses Resync meanwhile: the
     * till tries the sale at once (not only asks whether the platform is back), and says
     * offline still when that fails too. Back, and pressed again: sent, and online.
     */
    async 'offline-resync'() {
      // One process (the app closed): how another follows is offline-watch.ts's to judge.
      const [kept, ...others] = bySoonestFree();
      if (kept === undefined) return;
      for (const pid of others) till.terminate(pid, () => {});
      const grace = tuning.shutdownGraceMs + 10_000;
      if (
        !(await within(
          grace,
          'offline-resync: the app did not close',
          () => till.running.size === 1,
        ))
      )
        return;
      await untilFree(kept);
      const lasts = 4 * (everyTick + prompt) + 3 * 3000 + between(2000, 8000);
      const from = world.time;
      platform.outage(lasts, 'refuse');
      const sale = recordSale(false);
      const offline = () => said().link === 'offline';
      // Found by the sale's send, or by the till's next question if a pass holds it back.
      const found = everyTick + prompt;
      if (!(await within(found, 'offline-resync: the status does not say offline', offline)))
        return;
      // A probe that left just before the press may answer "still out of reach" after it:
      // a person who presses again is not met by that one.
      let tried = false;
      for (let press = 0; press < 3 && !tried; press++) {
        await pause(between(500, 3000));
        const pressed = world.time;
        world.log('a person presses Resync, the platform out of reach');
        resync();
        tried = await waitFor(everyTick + prompt, () => heardSince(sale, pressed).length > 0);
      }
      if (!tried)
        fail(`offline-resync: three Resyncs pressed while offline did not try sale #${sale}`);
      else if (!offline())
        fail(`offline-resync: the status says ${said().link}, the platform still out of reach`);
      await pause(Math.max(0, from + lasts - world.time));
      resync();
      await sentAndSaid('offline-resync', sale, everyTick + prompt);
    },
    /**
     * The key is refused, and every process stops (the app closed); a new key is saved, and
     * the till is started again: the old key's pause is not the new one's.
     */
    async 'new-key-start'() {
      const soonest = bySoonestFree()[0];
      if (soonest !== undefined) await untilFree(soonest);
      const key = till.config.apiKey!;
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      const sale = recordSale(false);
      if (!(await saysRefused('new-key-start', prompt, 'though it refused the sale'))) return;
      for (const pid of [...till.running.keys()]) till.terminate(pid, () => {});
      const grace = tuning.shutdownGraceMs + 10_000;
      if (
        !(await within(
          grace,
          'new-key-start: the till did not stop',
          () => till.running.size === 0,
        ))
      )
        return;
      replaceKey(context, key);
      till.start(offset);
      const started = world.time;
      await within(prompt, `new-key-start: sale #${sale} waited on with a new key`, () =>
        sentSince(sale, started).some((request) => request.apiKey !== key),
      );
      await sentAndSaid('new-key-start', sale, prompt);
    },
    /**
     * A key check is refused as the checking process's disk turns read-only: once it takes
     * writes again, the process's next tick writes the pause it kept, and the status says it.
     */
    async 'refused-read-only'() {
      const key = till.config.apiKey!;
      const checker = [...till.running.values()].find((running) => !running.stopping);
      if (!checker) return;
      const pid = checker.process.pid;
      const from = world.time;
      const readOnlyMs = between(500, 3000);
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      diskFault(context, pid, readOnlyMs, true);
      till.checkKey((problem) => fail(`refused-read-only: ${problem}`), pid);
      const answered = await within(
        prompt,
        'refused-read-only: the key check was not answered',
        () =>
          answers
            .all()
            .some((heard) => isKeyCheck(heard.key) && heard.pid === pid && heard.at >= from),
      );
      if (!answered || !till.running.has(pid)) return;
      // Meanwhile its Sync screen says what it could not write, and why.
      const problem = world.time < from + readOnlyMs ? checker.engine.status().storageProblem : 0;
      if (
        problem !== 0 &&
        !(problem?.what && problem.message && problem.since <= EPOCH + world.time + offset)
      )
        fail(`refused-read-only: the process shows the storage problem ${JSON.stringify(problem)}`);
      const back = Math.max(0, from + readOnlyMs - world.time);
      if (!(await saysRefused('refused-read-only', back + everyTick + prompt, 'once written')))
        return;
      replaceKey(context, key);
      const sale = recordSale(false);
      await sentAndSaid('refused-read-only', sale, prompt);
    },
  };
}
