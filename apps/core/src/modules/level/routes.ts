import { ASSETS, type Asset, LEVEL_TASK_KINDS } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
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
const levelBody = z.object({ level: field.integer(0, 1000), name: field.text(16).min(1, { error: 'FIELD_INVALID' }), promotion: flag });
const taskBody = z.object({
  id: field.integer(1, 999_999_999).optional(),
  level: field.integer(0, 1000).optional(),
  kind: field.oneOf(LEVEL_TASK_KINDS).optional(),
  target: field.text(24).optional(),
  asset: field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]).optional(),
  reward: field.text(24).optional(),
  enabled: flag,
});

/** /admin/levels: the operator's level configuration (`npm run ops -- levels ...`). */
export function levelAdminRoutes({ levelAdmin: admin }: { levelAdmin: LevelAdmin }): Router {
  const router = Router();
  router.get('/levels', permit('games.manage'), async (_req, res) => {
    ok(res, await admin.list());
  });
  router.post('/levels', permit('games.manage'), async (req, res) => {
    const input = parseInput(levelBody, req.body);
    ok(res, await admin.setLevel({ level: input.level, name: input.name.trim(), promotion: asBool(input.promotion) }));
  });
  router.post('/levels/tasks', permit('games.manage'), async (req, res) => {
    const input = parseInput(taskBody, req.body);
    ok(res, await admin.setTask({ ...input, enabled: asBool(input.enabled) }));
  });
  return router;
}
