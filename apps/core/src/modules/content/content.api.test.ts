import { CONTENT_TYPES, type ContentPage, DEFAULT_CONTENT, FORMER_DEFAULT_CONTENT } from '@prism/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { contentPages } from './schema';
import { seedContent } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const page = (type: string, language = 'en-US') =>
  ctx.api.get<ContentPage>('/app/platform/info/getContentByType', { type }, { headers: { 'Accept-Language': language } });

describe('getContentByType', () => {
  it('serves the seeded English placeholder for every type, written for players, without a login', async () => {
    for (const type of CONTENT_TYPES) {
      const answer = await page(type);
      expect(answer.code, answer.message).toBe(200);
      expect(answer.result).toMatchObject({ type, locale: 'en-US' });
      expect(answer.result.title.length).toBeGreaterThan(0);
      expect(answer.result.content).toContain('being prepared');
      // Words a player should never see: operator commands, developer paths.
      expect(answer.result.content).not.toMatch(/npm run|ops --|\/core\/dev|docs\/|demo text/);
    }
  });

  it('replaces a former seeded text the operator never edited at start-up, and keeps an edited one', async () => {
    await ctx.db.update(contentPages).set({ content: FORMER_DEFAULT_CONTENT.project }).where(eq(contentPages.type, 'project'));
    await ctx.db.update(contentPages).set({ content: 'Edited, mentions npm run ops.' }).where(eq(contentPages.type, 'role'));
    await seedContent(ctx.db);
    expect((await page('project')).result.content).toBe(DEFAULT_CONTENT.project.content);
    expect((await page('role')).result.content).toBe('Edited, mentions npm run ops.');
  });

  it('falls back to English for a language the operator has not translated', async () => {
    const answer = await page('guide', 'vi');
    expect(answer.code).toBe(200);
    expect(answer.result).toMatchObject({ type: 'guide', locale: 'en-US', title: 'Newcomer guide' });
  });

  it('refuses an unknown or missing type with a clear field error', async () => {
    for (const query of [{ type: 'nope' }, {}] as Record<string, string>[]) {
      const answer = await ctx.api.get<{ field: string }>('/app/platform/info/getContentByType', query);
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/^type: /);
      expect(answer.result.field).toBe('type');
    }
  });

  it('serves the operator edit in its language and leaves the others on their own text', async () => {
    const set = await ctx.api.post<ContentPage>(
      '/admin/content',
      { type: 'about', locale: 'vi', title: 'Về chúng tôi', content: '## Xin chào\nNội dung mới.' },
      asOperator,
    );
    expect(set.code, set.message).toBe(200);
    expect((await page('about', 'vi')).result).toMatchObject({
      locale: 'vi',
      title: 'Về chúng tôi',
      content: '## Xin chào\nNội dung mới.',
    });
    expect((await page('about', 'en-US')).result).toMatchObject({ locale: 'en-US', title: 'About us' });

    const english = await ctx.api.post<ContentPage>(
      '/admin/content',
      { type: 'about', locale: 'en-US', title: 'About', content: 'Edited.' },
      asOperator,
    );
    expect(english.code).toBe(200);
    expect((await page('about', 'ar')).result).toMatchObject({ locale: 'en-US', title: 'About', content: 'Edited.' });
  });

  it('refuses an edit without the operator token, or with a bad type, locale or empty text, and changes nothing', async () => {
    const body = { type: 'market', locale: 'fa', title: 'T', content: 'C' };
    expect((await ctx.api.post('/admin/content', body)).code).not.toBe(200);
    for (const bad of [{ type: 'x' }, { locale: 'de' }, { title: '  ' }, { content: '' }]) {
      expect((await ctx.api.post('/admin/content', { ...body, ...bad }, asOperator)).code).toBe(400);
    }
    expect((await page('market', 'fa')).result.locale).toBe('en-US');
  });
});

describe('npm run ops -- content', () => {
  it('sets a page from a file and shows it', async () => {
    const { HttpClient } = await import('@prism/client');
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { findCommand } = await import('../../cli/commands');
    const http = new HttpClient({ baseURL: `${ctx.url}/core/`, getToken: () => `Ops ${TEST_OPS_TOKEN}` });
    const file = join(await mkdtemp(join(tmpdir(), 'content-')), 'body.md');
    await writeFile(file, '## 新手\n第一步。\n');
    const ops = (args: string[]) => {
      const found = findCommand(args);
      if (!found) throw new Error('no command');
      return found.command.run(found.rest, http);
    };
    await ops(['content', 'set', 'guide', 'zh-TW', '--title', '新手指南', '--file', file]);
    expect(await ops(['content', 'show', 'guide', 'zh-TW'])).toMatchObject({
      locale: 'zh-TW',
      title: '新手指南',
      content: '## 新手\n第一步。',
    });
    await expect(ops(['content', 'set', 'nope', 'en-US', '--title', 'x', '--text', 'y'])).rejects.toThrow(/type/);
  });
});
