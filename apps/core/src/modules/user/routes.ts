import { checkAssetPassword, checkCode, checkNickname, LOCALES, PAGE_NO_MAX, UPLOAD_URL_PREFIX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput, withConfirmedPassword } from '../../http/validate';
import type { UserService } from './service';

const baseInfoBody = z.object({
  nickName: field
    .text(256, 'NICKNAME_LENGTH')
    .optional()
    .superRefine((value, ctx) => {
      const key = value === undefined ? null : checkNickname(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((value) => value?.trim()),
  sex: field
    .oneOf(['0', '1', '2'])
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value))),
  // Avatars must be files uploaded here: no hot-linking arbitrary URLs into other users' screens.
  headUrl: z
    .string({ error: 'FIELD_INVALID' })
    .regex(new RegExp(`^(|${UPLOAD_URL_PREFIX}[a-f0-9]{64}\\.(jpg|png|gif|webp))$`), { error: 'FIELD_INVALID' })
    .optional(),
  // Ours, beside the specification's fields: the language the user picked in the app, which the
  // bot's notices and codes then speak.
  locale: field.oneOf(LOCALES).optional(),
});

/** A page of one level of the caller's own team (never another user's: the caller is the root). */
const teamMembersQuery = z.object({
  level: field.integer(1, 3).optional(),
  pageNo: field.integer(1, PAGE_NO_MAX).optional(),
});

const assetPasswordBody = withConfirmedPassword(
  z.object({
    password: field.checked(checkAssetPassword),
    confirmPassword: field.optionalText(256),
    code: field.checked(checkCode),
  }),
);

export function userRoutes({ users }: { users: UserService }): Router {
  const router = Router();
  router.use('/app/user', requireAuth);

  router.get('/app/user/getUserInfo', async (req, res) => {
    ok(res, await users.getUserInfo(caller(req).userId));
  });

  router.get('/app/user/getUserTeamInfo', async (req, res) => {
    ok(res, await users.getTeamInfo(caller(req).userId));
  });

  router.get('/app/user/getTeamMembers', async (req, res) => {
    const query = parseInput(teamMembersQuery, req.query);
    ok(res, await users.getTeamMembers(caller(req).userId, query.level ?? 1, query.pageNo ?? 1));
  });

  router.post('/app/user/modifyUserBaseInfo', async (req, res) => {
    const change = parseInput(baseInfoBody, req.body);
    ok(res, await users.modifyBaseInfo(caller(req).userId, change), 'Updated Successfully');
  });

  router.post('/app/user/resetAssetPwd', async (req, res) => {
    const input = parseInput(assetPasswordBody, req.body);
    await users.resetAssetPassword(caller(req).userId, input.password, input.code);
    ok(res, null, 'Updated Successfully');
  });

  return router;
}
