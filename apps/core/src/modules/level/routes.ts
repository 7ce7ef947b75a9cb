import { ASSETS, type Asset, assertFreshForm, LEVEL_TASK_KINDS } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { LevelAdmin } from './admin';
import type { LevelService } from './service';

const noInput = z.object({}).strip();
const collectBody = z.object({ taskId: field.integer(1, 999_999_999) });

/** /app/level: the levels with the user's progress, and collecting a met task's reward (ours, in the specification's style). */
export function levelRoutes({ db, clock, levels }: { db: Database; clock: Clock; levels: LevelService }): Router {
  const router = Router();
  router.use('/app/level', requireAuth);

  router.get('/app/level/list', async (req, res) => {
    parseInput(noInput, req.query);
    ok(res, await levels.list(caller(req).userId));
  });

  router.post('/app/level/collect', async (req, res) => {
    const input = parseInput(collectBody, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'level.collect', input };
    ok(res, await runIdempotent(db, clock, scope, (tx) => levels.collect(tx, userId, input.taskId)));
  });

  return router;
}

const flag = field.oneOf(['true', 'false']).optional();
const asBool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
/** The row's updatedAt as the console's form read it (GET levels); absent: overwrite (the CLI). */
const expectedUpdatedAt = field.optionalText(40);
const levelBody = z.object({
  level: field.integer(0, 1000),
  name: field.text(16).min(1, { error: 'FIELD_INVALID' }),
  promotion: flag,
  expectedUpdatedAt,
});
const taskBody = z.object({
  id: field.integer(1, 999_999_999).optional(),
  level: field.integer(0, 1000).optional(),
  kind: field.oneOf(LEVEL_TASK_KINDS).optional(),
  target: field.text(24).optional(),
  asset: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]).optional(),
  reward: field.text(24).optional(),
  enabled: flag,
  expectedUpdatedAt,
});

/**
 * /admin/levels: the operator's level configuration (`npm run ops -- levels ...`). The level admin
 * writes on its own connection (and drops the rules cache, as for the CLI), so each audit row is
 * written right after its change, in the same request.
 */
export function levelAdminRoutes({ levelAdmin: admin, db, clock }: { levelAdmin: LevelAdmin; db: Database; clock: Clock }): Router {
  const router = Router();
  router.get('/levels', permit('games.manage'), async (_req, res) => {
    ok(res, await admin.list());
  });
  router.post('/levels', permit('games.manage'), async (req, res) => {
    const input = parseInput(levelBody, req.body);
    const before = await admin.level(input.level);
    assertFreshForm(input.expectedUpdatedAt, before?.updatedAt);
    const after = await admin.setLevel({ level: input.level, name: input.name.trim(), promotion: asBool(input.promotion) });
    const action = before ? 'level.update' : 'level.create';
    await recordAudit(db, clock, actorOf(req), { action, target: { type: 'level', id: input.level }, before, after });
    ok(res, after);
  });
  router.post('/levels/tasks', permit('games.manage'), async (req, res) => {
    const { expectedUpdatedAt: expected, ...input } = parseInput(taskBody, req.body);
    const before = input.id === undefined ? undefined : await admin.task(input.id);
    if (input.id !== undefined) assertFreshForm(expected, before?.updatedAt);
    const after = await admin.setTask({ ...input, enabled: asBool(input.enabled) });
    const action = before ? 'levelTask.update' : 'levelTask.create';
    await recordAudit(db, clock, actorOf(req), { action, target: { type: 'levelTask', id: after?.id ?? '' }, before, after });
    ok(res, after);
  });
  return router;
}
