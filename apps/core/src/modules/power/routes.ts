import { ASSETS, type Asset, assertFreshForm, PAGE_NO_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { createRateLimiter } from '../../http/rateLimit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { ProtectionService } from '../protection';
import type { PowerService } from './service';

const idField = field.integer(1, 1_000_000_000);
const buyBody = z.object({ sessionId: idField });
/** The receiver: a ten-digit phone number or an invitation code. */
const giveBody = z.object({ sessionId: idField, account: field.text(32).regex(/\S/, { error: 'FIELD_INVALID' }) });
const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional() });

interface PowerRouteDeps {
  db: Database;
  clock: Clock;
  power: PowerService;
  protection: ProtectionService;
  /** givePower requests per minute, per IP and per user (each looks a receiver up). */
  givePerMinute: number;
}

/**
 * The task platform (specification point 7): /app/powerSession/* (packages, open
 * to anyone; a logged-in caller also sees today's purchase counts) and
 * /app/userPower/* (the caller's power, purchases, gifts and records).
 */
export function powerRoutes({ db, clock, power, protection, givePerMinute }: PowerRouteDeps): Router {
  const router = Router();
  const viewer = (req: Parameters<typeof caller>[0]) => req.auth?.userId;

  router.get('/app/powerSession/config/get', async (_req, res) => ok(res, await power.config()));
  router.get('/app/powerSession/list', async (req, res) => ok(res, await power.list(viewer(req))));
  router.get('/app/powerSession/cateList', async (req, res) => ok(res, await power.cateList(viewer(req))));

  router.use('/app/userPower', requireAuth);
  const givePerIp = createRateLimiter(givePerMinute);
  const givePerUser = createRateLimiter(givePerMinute, (req) => `user:${caller(req).userId}`);
  router.get('/app/userPower/get', async (req, res) => ok(res, await power.userPower(caller(req).userId)));

  router.post('/app/userPower/buyPower', async (req, res) => {
    const input = parseInput(buyBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'userPower.buyPower', input };
    const zone = await power.timeZone();
    const result = await runIdempotent(db, clock, scope, {
      check: () => protection.checkExcluded(userId),
      work: (tx) => power.buy(tx, userId, input.sessionId, zone),
    });
    ok(res, result, 'Purchase Successful');
  });

  router.post('/app/userPower/givePower', givePerIp, givePerUser, async (req, res) => {
    const input = parseInput(giveBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'userPower.givePower', input };
    const zone = await power.timeZone();
    const result = await runIdempotent(db, clock, scope, {
      check: () => protection.checkExcluded(userId),
      work: (tx) => power.give(tx, userId, input.sessionId, input.account.trim(), zone),
    });
    ok(res, result, 'Purchase Successful');
  });

  router.get('/app/userPower/powerRecordPage', async (req, res) => {
    const { pageNo = 1 } = parseInput(pageQuery, req.query);
    ok(res, await power.records(caller(req).userId, pageNo));
  });

  return router;
}

const flag = field.oneOf(['true', 'false']);
const sessionBody = z.object({
  id: idField.optional(),
  cateId: field.integer(1, 1000),
  cateName: field.text(32),
  name: field.text(64),
  coin: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]),
  price: field.money(),
  power: field.money(),
  termDays: field.integer(1, 3650),
  dailyRateBps: field.integer(0, 10_000),
  feeBps: field.integer(0, 10_000),
  dailyLimit: field.integer(0, 1000),
  sort: field.integer(0, 1000).optional(),
  enabled: flag.optional(),
  /** The package's updatedAt as the console's form read it (GET powerSessions); absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});

/**
 * /admin/powerSessions: the operator lists, creates and edits packages (`npm run ops -- power ...`).
 * The power service writes on its own connection, so the audit row follows the change in the same request.
 */
export function powerAdminRoutes({ power, db, clock }: { power: PowerService; db: Database; clock: Clock }): Router {
  const router = Router();
  router.get('/powerSessions', permit('games.manage'), async (_req, res) => ok(res, await power.adminList()));
  router.post('/powerSessions', permit('games.manage'), async (req, res) => {
    const { expectedUpdatedAt, ...input } = parseInput(sessionBody, req.body);
    const before = input.id === undefined ? undefined : (await power.adminList()).find((row) => row.id === input.id);
    if (input.id !== undefined) assertFreshForm(expectedUpdatedAt, before?.updatedAt);
    const { warnings, ...after } = await power.adminSave({ ...input, sort: input.sort ?? 0, enabled: input.enabled !== 'false' });
    const action = before ? 'powerSession.update' : 'powerSession.create';
    await recordAudit(db, clock, actorOf(req), { action, target: { type: 'powerSession', id: after.id }, before, after });
    ok(res, { ...after, warnings });
  });
  return router;
}
