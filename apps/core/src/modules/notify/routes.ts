import { isPlayerTimeZone, isReminderTime } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { NotificationSettings } from './settings';

/** A switch: JSON true/false or the form's "true"/"false". */
const flag = z
  .union([z.boolean({ error: 'FIELD_INVALID' }), field.oneOf(['true', 'false'])], { error: 'FIELD_INVALID' })
  .transform((value) => value === true || value === 'true');

const choiceBody = z.object({
  results: flag,
  income: flag,
  reminder: flag,
  notices: flag,
  reminderTime: field.text(5).refine(isReminderTime, { error: 'FIELD_INVALID' }),
  timeZone: field.text(64).refine(isPlayerTimeZone, { error: 'FIELD_INVALID' }),
  /** Confirms a reminder time in the quiet hours (22:00 to 08:00). */
  night: flag.optional(),
});

/** /app/user/notifications: the player's notification choices (docs/api.md, "Notifications"). */
export function notifyRoutes({ settings }: { settings: NotificationSettings }): Router {
  const router = Router();
  router.use('/app/user/notifications', requireAuth);

  router.get('/app/user/notifications', async (req, res) => {
    ok(res, await settings.view(caller(req).userId));
  });

  router.post('/app/user/notifications', async (req, res) => {
    const input = parseInput(choiceBody, req.body);
    const { results, income, reminder, notices, reminderTime, timeZone } = input;
    ok(
      res,
      await settings.save(caller(req).userId, {
        topics: { results, income, reminder, notices },
        reminderTime,
        timeZone,
        night: input.night ?? false,
      }),
    );
  });

  return router;
}
