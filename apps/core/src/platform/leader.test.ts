import { describe, expect, it } from 'vitest';
import { createLeadership, lockKeyOf } from './leader';
import { silentLogger } from './logger';

describe('leader election without PostgreSQL (PGlite: one process owns the database)', () => {
  it('runs every job at once and stops them on stop', async () => {
    const election = createLeadership({ logger: silentLogger, checkMs: 100 });
    const events: string[] = [];
    await election.runAsLeader(
      'a',
      () => void events.push('start a'),
      () => void events.push('stop a'),
    );
    await election.runAsLeader(
      'b',
      () => void events.push('start b'),
      async () => {
        events.push('stop b');
        throw new Error('a failing stop does not keep the others running');
      },
    );
    expect(election.held()).toEqual(['a', 'b']);
    await election.stop();
    expect(events).toEqual(['start a', 'start b', 'stop b', 'stop a']);
    expect(election.held()).toEqual([]);
  });

  it('tells onChange (the metrics) of each job registered, taken and given up', async () => {
    const changes: string[] = [];
    const election = createLeadership({ logger: silentLogger, checkMs: 100, onChange: (job, held) => void changes.push(`${job} ${held}`) });
    await election.runAsLeader(
      'a',
      () => undefined,
      () => undefined,
    );
    await election.stop();
    expect(changes).toEqual(['a false', 'a true', 'a false']);
  });

  it('gives each job name its own stable lock key', () => {
    expect(lockKeyOf('telegram-polling')).toBe(lockKeyOf('telegram-polling'));
    expect(lockKeyOf('telegram-polling')).not.toBe(lockKeyOf('maintenance'));
    expect(Number.isInteger(lockKeyOf('x'))).toBe(true);
  });
});
