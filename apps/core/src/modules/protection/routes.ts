import {
  AppError,
  EXCLUSION_PERIODS,
  type ExclusionPeriod,
  exclusionEnd,
  isCalendarDate,
  localDayBounds,
  MY_PLAY_MAX_DAYS,
} from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import type { ProtectionService } from './service';

/** A deposit limit: an amount, or empty / missing for "no limit". */
const limit = field.optionalMoney();
const limitsBody = z.object({ day: limit, week: limit, month: limit });
/** A period, or a last excluded day ("YYYY-MM-DD", to its end in the platform zone). */
const excludeBody = z.object({
  period: field.oneOf(EXCLUSION_PERIODS as unknown as [ExclusionPeriod, ...ExclusionPeriod[]]).optional(),
  until: z.string({ error: 'FIELD_INVALID' }).refine(isCalendarDate, { error: 'FIELD_INVALID' }).optional(),
});
const intervalBody = z.object({ minutes: field.oneOf(['0', '15', '30', '60']) });
const noInput = z.object({}).strip();
/** My play's period: 1 to 30 platform days, today included (30 when not given). */
const myPlayQuery = z.object({ days: field.integer(1, MY_PLAY_MAX_DAYS).optional() });

/** /app/protection: self-exclusion, deposit limits, the reality check and My play (docs/protection.md). */
export function protectionRoutes({ clock, protection }: { clock: Clock; protection: ProtectionService }): Router {
  const router = Router();
  router.use('/app/protection', requireAuth);

  router.get('/app/protection/settings', async (req, res) => {
    ok(res, await protection.settings(caller(req).userId));
  });

  router.post('/app/protection/exclude', async (req, res) => {
    const input = parseInput(excludeBody, req.body);
    if ((input.period === undefined) === (input.until === undefined)) throw AppError.invalid({ period: 'FIELD_INVALID' });
    const { userId } = caller(req);
    const until = input.period
      ? exclusionEnd(clock.now(), input.period)
      : localDayBounds(input.until as string, await protection.timeZone()).end;
    await protection.exclude(userId, until);
    ok(res, await protection.settings(userId));
  });

  router.post('/app/protection/limits', async (req, res) => {
    const input = parseInput(limitsBody, req.body);
    const { userId } = caller(req);
    await protection.setLimits(userId, input);
    ok(res, await protection.settings(userId));
  });

  router.post('/app/protection/realityCheck/interval', async (req, res) => {
    const input = parseInput(intervalBody, req.body);
    const { userId } = caller(req);
    await protection.setRealityCheck(userId, Number(input.minutes));
    ok(res, await protection.settings(userId));
  });

  router.get('/app/protection/realityCheck', async (req, res) => {
    ok(res, await protection.realityCheck(caller(req).userId));
  });

  router.post('/app/protection/realityCheck/acknowledge', async (req, res) => {
    parseInput(noInput, req.body);
    const { userId } = caller(req);
    await protection.acknowledge(userId);
    ok(res, await protection.realityCheck(userId));
  });

  router.post('/app/protection/realityCheck/stopForToday', async (req, res) => {
    parseInput(noInput, req.body);
    const { userId } = caller(req);
    await protection.stopForToday(userId);
    ok(res, await protection.settings(userId));
  });

  // My play (docs/protection.md): here, not under /app/game, because it is the activity statement
  // of responsible play that the reality check links to; the game only hands its figure rows in.
  router.get('/app/protection/myPlay', async (req, res) => {
    const input = parseInput(myPlayQuery, req.query);
    ok(res, await protection.myPlay(caller(req).userId, input.days ?? MY_PLAY_MAX_DAYS));
  });

  return router;
}
