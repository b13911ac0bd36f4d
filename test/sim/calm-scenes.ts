// The scenes of the calm hour (calm-hour.ts): what a shop lives every day, each step with
// the deadline a working till meets.
import type { SceneKit } from './calm-hour.js';
import { isKeyCheck } from './request-kinds.js';
import { replaceKey } from './world-events.js';
import { EPOCH } from './world.js';

export const SCENES = [
  'customer',
  'retry',
  'resync',
  'revoked',
  'key',
  'unreachable',
  'outage',
  'idle',
  'fixed',
] as const;
export type Scene = (typeof SCENES)[number];

export function calmScenes(kit: SceneKit): Record<Scene, () => Promise<void>> {
  const { world, till, platform, tuning, random, answers, context, prompt, offset } = kit;
  const { recordSale, resync, fixSale, between, link, saleState, sentSince, heardSince } = kit;
  const { backoffAfter, fail, within, pause, expectLink, sell, synced, answered } = kit;
  const { successWritten } = kit;
  return {
    /** A customer at a calm till: sent at once, synced, and the sync state says so. */
    async customer() {
      const { sale } = await sell('customer');
      successWritten('customer', await synced('customer', sale));
    },
    /** A lost answer or a busy platform: tried again once the wait it asked for is over. */
    async retry() {
      const sale = recordSale(false);
      const status = [500, 502, 503, 429][between(0, 4)]!;
      const waitS = status === 429 || status === 503 ? between(1, 4) : 0;
      platform.answerOnce(sale, status, waitS > 0 ? { 'retry-after': String(waitS) } : {});
      const heard = await answered('retry', sale, world.time);
      if (!heard) return;
      expectLink('retry', { lastErrorCode: `http_${status}`, lastErrorAt: heard.heardWall });
      expectLink('retry', { connection: 'online' });
      const wait = Math.max(waitS * 1000, tuning.backoffBaseMs) + prompt;
      successWritten('retry', await synced('retry', sale, wait));
    },
    /**
     * The platform asks for minutes; a person presses Resync: sent at once. Or pressed in
     * another process than the one told to wait, which then closes (the app's window, say):
     * the one told follows the request at its next tick.
     */
    async resync() {
      const sale = recordSale(false);
      const waitS = between(60, 300);
      platform.answerOnce(sale, 503, { 'retry-after': String(waitS) });
      const heard = await answered('resync', sale, world.time);
      if (!heard) return;
      // Every screen says the platform asked the till to wait, and until when.
      const until = heard.heardWall + Math.min(waitS * 1000, tuning.retryAfterCapMs);
      const told = await within(
        prompt,
        `resync: the sync state does not say the queue waits until ${until}`,
        () => {
          const kept = link().throttledUntil;
          return kept !== null && Math.abs(kept - until) <= 1000;
        },
      );
      if (!told) return;
      await pause(between(500, 5000));
      const pressed = world.time;
      const other = [...till.running.keys()].find((pid) => pid !== heard.pid);
      if (other !== undefined) {
        till.resync((pid) => context.resynced(pid), other);
        till.terminate(other, () => till.start(offset));
        await within(
          tuning.pollIntervalMs + prompt,
          `resync: sale #${sale} waited on after a Resync pressed in process ${other}, which then closed`,
          () => sentSince(sale, pressed).length > 0,
        );
      } else {
        resync();
        await within(
          prompt,
          `resync: sale #${sale} waited on after Resync`,
          () => sentSince(sale, pressed).length > 0,
        );
      }
      successWritten('resync', await synced('resync', sale));
      // Sent: no screen may still say the queue waits for the platform.
      const kept = link().throttledUntil;
      if (kept !== null && kept > EPOCH + world.time + offset)
        fail(`resync: after a Resync the sync state still says the queue waits until ${kept}`);
    },
    /** The key is refused: the queue pauses for it, and goes on at once with a new one. */
    async revoked() {
      const key = till.config.apiKey!;
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      const { sale, from } = await sell('revoked');
      const heard = await answered('revoked', sale, from);
      if (!heard || heard.answer.kind !== 'response') return;
      await within(
        prompt,
        'revoked: the queue was not paused for the refused key',
        () => link().pausedReason !== null,
      );
      expectLink('revoked', {
        connection: 'key_rejected',
        lastErrorCode: `http_${heard.answer.status}`,
      });
      await pause(between(500, 5000));
      const saved = world.time;
      replaceKey(context, key);
      await within(prompt, `revoked: sale #${sale} waited on after a new key`, () =>
        sentSince(sale, saved).some((request) => request.apiKey !== key),
      );
      successWritten('revoked', await synced('revoked', sale));
    },
    /**
     * Nothing waiting: a key checked in Settings is refused, and the queue pauses at once.
     * Then a new key is saved, or the platform takes the old one again and a person checks
     * it: either check's acceptance ends the pause. Or a new key is saved before the old
     * one's answer comes: that answer must not pause the new key.
     */
    async key() {
      const key = till.config.apiKey!;
      const from = world.time;
      const checksAnswered = () =>
        answers.all().filter((heard) => isKeyCheck(heard.key) && heard.at >= from).length;
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      const check = () => till.checkKey((problem) => fail(`key: ${problem}`));
      check();
      const then = (['saved at once', 'saved', 'restored'] as const)[between(0, 3)]!;
      if (then !== 'saved at once') {
        const paused = await within(
          prompt,
          'key: the queue was not paused for a key its check found refused',
          () => link().pausedReason !== null,
        );
        if (!paused) return;
        expectLink('key', { connection: 'key_rejected' });
        await pause(between(500, 5000));
      }
      const before = then === 'saved at once' ? 0 : checksAnswered();
      if (then === 'restored') {
        platform.restore(key);
        check();
      } else replaceKey(context, key);
      const answered = await within(
        prompt,
        `key: the check of the key ${then} was not answered`,
        () => checksAnswered() >= (then === 'saved at once' ? 2 : before + 1),
      );
      if (answered) expectLink('key', { pausedReason: null, connection: 'online' });
    },
    /** A key checked in Settings while the platform is out of reach: offline, and why. */
    async unreachable() {
      const from = world.time;
      const lasts = between(2000, 10_000);
      platform.outage(lasts, 'refuse');
      till.checkKey((problem) => fail(`unreachable: ${problem}`));
      const check = () =>
        answers.all().find((heard) => isKeyCheck(heard.key) && heard.at >= from)?.answer;
      const heard = await within(prompt, 'unreachable: the key check was not answered', () =>
        Boolean(check()),
      );
      const answer = check();
      if (heard && answer?.kind === 'network')
        expectLink('unreachable', {
          connection: 'offline',
          lastErrorCode: `network_${answer.code}`,
        });
      // Back: the till finds it by itself, at its next probe.
      await pause(Math.max(0, from + lasts - world.time));
      await within(
        tuning.probeIntervalMs + prompt,
        'unreachable: the till did not find the platform back',
        () => link().connection === 'online',
      );
    },
    /** The platform is out of reach for a while: offline, then back within a probe. */
    async outage() {
      const lasts = between(2000, 15_000);
      const ends = world.time + lasts;
      platform.outage(lasts, 'refuse');
      // The sale is tried at once, unless the till found the outage by itself first: its
      // idle question came just then, and a till that knows it is offline asks again (a
      // probe) before it sends anything, so the sale waits for the platform to be back.
      // Expecting a send regardless was the oracle's mistake (seed 1768 of 09e1835's worlds).
      const from = world.time;
      const sale = recordSale(false);
      const sent = () => sentSince(sale, from).length > 0;
      // (A process that thought it offline already writes nothing: the state must say it.)
      const foundOut = () =>
        answers.unansweredProbes().some((at) => at >= from) && link().connection === 'offline';
      const what = `outage: sale #${sale} was not sent, nor the platform found out of reach`;
      if (!(await within(prompt, what, () => sent() || foundOut()))) return;
      if (sent() && !(await answered('outage', sale, from))) return;
      expectLink('outage', { connection: 'offline' });
      // Back, the platform first answers with an error: an answer all the same.
      platform.answerOnce(sale, 500);
      const byPerson = random() < 0.5;
      await pause(Math.max(0, ends - world.time) + (byPerson ? between(0, 3000) : 0));
      if (byPerson) resync();
      const failed = heardSince(sale, from);
      const last = failed.at(-1);
      const backoffEnds = last ? last.at + backoffAfter(failed.length) : world.time;
      const ready = byPerson
        ? world.time
        : Math.max(world.time + tuning.probeIntervalMs, backoffEnds);
      const back = world.time;
      const error = await within(
        ready - back + prompt,
        'outage: the platform was not asked again',
        () =>
          heardSince(sale, from).some(
            (heard) => heard.at >= ends && heard.answer.kind === 'response',
          ),
      );
      if (error) expectLink('outage', { connection: 'online' });
      const retried = backoffAfter(heardSince(sale, from).length) + prompt;
      successWritten('outage', await synced('outage', sale, retried));
    },
    /** Nothing to send: the till still asks the platform now and then, and says when. */
    async idle() {
      const start = world.time;
      const every = tuning.idleCheckMs + tuning.pollIntervalMs + prompt;
      await pause(every);
      const recent = answers.heardFrom().filter((heard) => heard.at > world.time - every);
      if (recent.length === 0 && world.time - start >= every)
        fail(`idle: no process asked the platform in the last ${every} ms`);
      const latest = recent.at(-1)?.heardWall;
      const kept = link().lastContactAt;
      if (latest !== undefined && (kept === null || kept < latest - 1000))
        fail(`idle: the sync state keeps the last contact ${kept}, not ${latest}`);
    },
    /** A refused sale waits for a person; fixed, it is sent at once. */
    async fixed() {
      const { sale, from } = await sell('fixed', true);
      await within(
        prompt,
        `fixed: sale #${sale} was not parked after its refusal`,
        () => saleState(sale) === 'refused',
      );
      if (heardSince(sale, from).length === 0) return;
      await pause(between(500, 5000));
      const saved = world.time;
      fixSale(sale);
      await within(
        prompt,
        `fixed: sale #${sale} waited on after a person fixed it`,
        () => sentSince(sale, saved).length > 0,
      );
      successWritten('fixed', await synced('fixed', sale));
    },
  };
}
