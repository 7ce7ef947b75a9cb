import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { listAudit } from './list';

/** An ISO date or date-time (e.g. 2026-11-27 or 2026-11-27T10:00:00Z). */
const instant = field
  .text(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, { error: 'FIELD_INVALID' })
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), { error: 'FIELD_INVALID' })
  .optional();

const auditQuery = z.object({
  operator: field.optionalText(64),
  action: field.optionalText(64),
  targetType: field.optionalText(64),
  targetId: field.optionalText(128),
  from: instant,
  to: instant,
  before: field.integer(1, 999_999_999).optional(),
  limit: field.integer(1, 200).optional(),
});

/** The audit log for operators, under /admin: read only (nothing in the API edits or deletes a row). */
export function auditAdminRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get('/audit', permit('audit.read'), async (req, res) => {
    const query = parseInput(auditQuery, req.query);
    ok(res, await listAudit(db, { ...query, limit: query.limit ?? 50 }));
  });
  return router;
}
