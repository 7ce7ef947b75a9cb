import { describe, expect, it } from 'vitest';
import { silentLogger } from './logger';
import { runShutdown } from './shutdown';

describe('runShutdown', () => {
  it('runs every step whatever the others do: a throwing or hanging step is reported, the next still runs', async () => {
    const ran: string[] = [];
    const began = Date.now();
    const report = await runShutdown(
      [
        {
          name: 'bot',
          run: () => {
            ran.push('bot');
            throw new Error('Network request for getUpdates failed');
          },
        },
        { name: 'hangs', run: () => new Promise(() => ran.push('hangs')), timeoutMs: 100 },
        { name: 'http', run: async () => void ran.push('http') },
        { name: 'database', run: async () => void ran.push('database'), essential: true },
      ],
      silentLogger,
    );
    expect(ran).toEqual(['bot', 'hangs', 'http', 'database']);
    expect(report).toEqual({ failed: ['bot', 'hangs'], clean: true });
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('is not clean when an essential step fails', async () => {
    const report = await runShutdown(
      [{ name: 'database', run: () => Promise.reject(new Error('close failed')), essential: true }],
      silentLogger,
    );
    expect(report).toEqual({ failed: ['database'], clean: false });
  });
});
