import { archiveNow } from './backup.mjs';
import { startCore } from './core.mjs';
import { restartPgbouncer } from './pgbouncer.mjs';
import { startServer } from './postgres.mjs';
import { killGroup, PG_BIN, run, waitFor } from './proc.mjs';
import { readState, writeState } from './state.mjs';
import { failover, recordGroups, standby } from './topology.mjs';
import type { ClusterState } from './types.d.mts';

/** What each fault took, for the summary. */
export interface FaultReport {
  /** Fault name -> seconds it took, and the round it began in (all must begin while users act). */
  done: { name: string; round: number; seconds: number; duringTraffic: boolean }[];
  /** The moment the restore test restores to: after some money moved, before the failover. */
  markedAt?: string;
  /** From pg_ctl promote, and from the kill, until a write commits through PgBouncer. */
  failoverSeconds?: number;
  outageSeconds?: number;
  /** Building the new standby after the failover (pg_basebackup, streaming, synchronous). */
  standbySeconds?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Step = { name: string; run: (state: ClusterState, report: FaultReport) => Promise<void> };

/** kill -9 of core 2: HAProxy routes around it (health check), then it starts again. */
const killCore: Step = {
  name: 'kill -9 core 2, restart it',
  async run(state) {
    killGroup(state.cores[1]?.pid, 'SIGKILL');
    await pause(3_000);
    const entry = state.cores[1];
    if (entry) entry.pid = await startCore(state, 1);
    writeState(state);
  },
};

const bouncer: Step = {
  name: 'restart PgBouncer',
  async run(state) {
    state.pgbouncer.pid = await restartPgbouncer(state.pgbouncer.pid, {
      dir: state.pgbouncer.dir,
      port: state.ports.pgbouncer,
      primaryPort: state.primary.port,
    });
    writeState(state);
  },
};

/** The synchronous standby away for a few seconds: commits wait, then go on. */
const replica: Step = {
  name: 'restart the replica',
  async run(state) {
    const standby = state.replica;
    if (!standby) throw new Error('no replica');
    run(`${PG_BIN}/pg_ctl`, ['stop', '-m', 'fast', '-w', '-D', standby.dir], { asPostgres: true });
    await pause(3_000);
    standby.pid = await startServer({ dir: standby.dir, port: standby.port, log: `${standby.dir}.log` });
    writeState(state);
    await waitFor(
      'the replica to be synchronous again',
      () =>
        run('psql', [
          '-h',
          '127.0.0.1',
          '-p',
          String(state.primary.port),
          '-U',
          'postgres',
          '-Atc',
          'select sync_state from pg_stat_replication',
        ]).trim() === 'sync',
      60_000,
    );
  },
};

/** A moment to restore to later; the WAL up to a little after it is then archived. */
const mark: Step = {
  name: 'mark the restore point',
  async run(state, report) {
    report.markedAt = new Date().toISOString();
    await pause(2_000);
    await archiveNow(state);
  },
};

const primary: Step = {
  name: 'kill -9 the primary, fail over',
  async run(state, report) {
    const { seconds, outageSeconds } = await failover(state.base, { kill: true });
    report.failoverSeconds = seconds;
    report.outageSeconds = outageSeconds;
    Object.assign(state, readState(state.base));
    recordGroups(state);
  },
};

/** After the failover, under traffic: a new synchronous standby built from the promoted primary. */
const newStandby: Step = {
  name: 'build a new standby for the promoted primary',
  async run(state, report) {
    report.standbySeconds = (await standby(state.base)).seconds;
    Object.assign(state, readState(state.base));
    recordGroups(state);
  },
};

/** The faults, one after another, each begun at its round of the simulation (not awaited by it). */
export function createFaults(state: ClusterState, rounds: number[]) {
  const steps = [killCore, bouncer, replica, mark, primary, newStandby];
  const report: FaultReport = { done: [] };
  let chain: Promise<void> = Promise.resolve();
  let next = 0;
  let round = 0;
  let finishing = false;
  const begin = (step: Step) => {
    chain = chain.then(async () => {
      const began = performance.now();
      const at = round;
      const duringTraffic = !finishing;
      console.log(`round ${at}: ${step.name}...`);
      await step.run(state, report);
      report.done.push({ name: step.name, round: at, seconds: Math.round((performance.now() - began) / 100) / 10, duringTraffic });
    });
  };
  return {
    report,
    atRound(current: number) {
      round = current;
      while (next < steps.length && current >= (rounds[next] ?? Number.POSITIVE_INFINITY)) begin(steps[next++] as Step);
    },
    /** Any fault not begun yet begins now (and is reported as after the traffic); all are awaited. */
    async finish() {
      finishing = true;
      while (next < steps.length) begin(steps[next++] as Step);
      await chain;
      return { ...report };
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
