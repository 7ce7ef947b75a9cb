import { HttpClient } from '@prism/client';
import { type GameLevel, type GameSessionDetail, type VerifyState, verifySessionProof } from '@prism/domain';
import { loadQuicknetVerifier } from '../modules/game';
import { verifyLiabilitiesFile } from './verifyLiabilities';

const LABEL: Record<VerifyState, string> = { ok: 'OK  ', fail: 'FAIL', external: 'EXT ', info: 'INFO' };

/**
 * `npm run verify -- <periodId> [--url http://localhost:3000]`: fetches a past
 * session's published data and recomputes everything from it (docs/fairness.md).
 * Exits 0 only when every check is ok (a void or undrawn session has nothing to
 * verify, so it exits 1 too). `npm run verify -- liabilities <proof file>` checks a proof of
 * inclusion offline (verifyLiabilities.ts).
 */
async function main(args: string[]): Promise<number> {
  if (args[0] === 'liabilities') {
    const { code, lines } = await verifyLiabilitiesFile(args[1]);
    for (const line of lines) console.log(line);
    return code;
  }
  const periodId = args.find((a) => /^\d{14}$/.test(a));
  const at = args.indexOf('--url');
  const url = (at >= 0 ? args[at + 1] : undefined) ?? process.env.PRISM_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  if (!periodId) {
    console.log('Usage: npm run verify -- <periodId (14 digits)> [--url http://localhost:3000]');
    return 2;
  }
  const http = new HttpClient({ baseURL: `${url.replace(/\/$/, '')}/core/` });
  const proof = await http.get<GameSessionDetail>('/app/game/luckyLottery/sessionDetail', { periodId });
  const level = (await http.get<GameLevel[]>('/app/game/luckyLottery/getLevelList')).find((l) => l.level === proof.level);
  if (!level) throw new Error(`room ${proof.level} is not listed`);
  const checks = verifySessionProof(proof, {
    timing: { level: level.level, sessionSeconds: level.sessionSeconds, betCloseSeconds: level.betCloseSeconds },
    verifyDrand: await loadQuicknetVerifier(),
  });
  console.log(`Session ${proof.periodId} (room ${proof.level}): result ${proof.lotteryResult ?? '-'}, seed ${proof.seed ?? '-'}`);
  console.log(`beacon ${proof.beaconName} round ${proof.beaconRound}: ${proof.beaconValue ?? '-'}`);
  for (const check of checks) console.log(`${LABEL[check.state]} ${check.name} (${check.detail})`);
  const { voided, sessions, reasons } = proof.voidSummary;
  console.log(`voided sessions: ${voided} of ${sessions}${reasons.map((r) => `, ${r.count} ${r.reason}`).join('')}`);
  const ok = checks.every((c) => c.ok);
  console.log(ok ? 'verified: the published result is the only possible one' : 'NOT verified');
  return ok ? 0 : 1;
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  });
