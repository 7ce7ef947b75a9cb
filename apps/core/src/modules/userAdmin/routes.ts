import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { userBetsBefore } from '../game';
import { postMessage } from '../message';
import type { ProtectionService } from '../protection';
import { searchUsers } from '../user';
import { userDetail, userLedgerPage } from './detail';
import { changeUserStatus, signUserOut, userOrNotFound } from './status';

export interface UserAdminRouteDeps {
  db: Database;
  clock: Clock;
  protection: ProtectionService;
}

const idParams = z.object({ id: field.integer(1, Number.MAX_SAFE_INTEGER) });
const searchQuery = z.object({ q: field.text(64).refine((q) => q.trim().length > 0, { error: 'FIELD_INVALID' }) });
const pageQuery = z.object({ before: field.integer(1, Number.MAX_SAFE_INTEGER).optional(), limit: field.integer(1, 100).optional() });
const statusBody = z.object({ status: field.oneOf(['enable', 'disable']) });
const messageBody = z.object({
  title: field.text(120).refine((t) => t.trim().length > 0, { error: 'FIELD_INVALID' }),
  content: field.text(4000).refine((t) => t.trim().length > 0, { error: 'FIELD_INVALID' }),
});

/** The console's users: search, one user's state, their ledger and bets (users.read); status, sign-out (users.manage); a message (users.message). */
export function userAdminRoutes({ db, clock, protection }: UserAdminRouteDeps): Router {
  const router = Router();
  router.get('/users/search', permit('users.read'), async (req, res) => {
    ok(res, await searchUsers(db, parseInput(searchQuery, req.query).q));
  });
  router.get('/users/:id', permit('users.read'), async (req, res) => {
    const user = await userOrNotFound(db, parseInput(idParams, req.params).id);
    ok(res, await userDetail(db, protection, user));
  });
  router.get('/users/:id/ledger', permit('users.read'), async (req, res) => {
    const user = await userOrNotFound(db, parseInput(idParams, req.params).id);
    const { before, limit } = parseInput(pageQuery, req.query);
    ok(res, await userLedgerPage(db, user.id, before, limit ?? 50));
  });
  router.get('/users/:id/bets', permit('users.read'), async (req, res) => {
    const user = await userOrNotFound(db, parseInput(idParams, req.params).id);
    const { before, limit } = parseInput(pageQuery, req.query);
    ok(res, await userBetsBefore(db, user.id, before, limit ?? 50));
  });
  router.post('/users/:id/status', permit('users.manage'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { status } = parseInput(statusBody, req.body);
    ok(res, await changeUserStatus(db, clock, actorOf(req), await userOrNotFound(db, id), status), 'Updated Successfully');
  });
  router.post('/users/:id/signOut', permit('users.manage'), async (req, res) => {
    const user = await userOrNotFound(db, parseInput(idParams, req.params).id);
    await signUserOut(db, clock, actorOf(req), user);
    ok(res, { id: user.id }, 'Updated Successfully');
  });
  router.post('/users/:id/message', permit('users.message'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { title, content } = parseInput(messageBody, req.body);
    const user = await userOrNotFound(db, id);
    await db.transaction(async (tx) => {
      // The operator's own words, the same in every language: a personal message in the broadcast's form.
      await postMessage(tx, clock, user.id, 'broadcast', { title: title.trim(), text: content.trim() });
      await recordAudit(tx, clock, actorOf(req), {
        action: 'user.message',
        target: { type: 'user', id: user.id },
        after: { title, content },
      });
    });
    ok(res, { id: user.id }, 'Sent');
  });
  return router;
}
