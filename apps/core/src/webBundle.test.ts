import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { errorCatalogue, messageTables } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No operator code reaches players (docs/decisions.md, entry 26): the web build is made into a
 * scratch directory, and every chunk a player's page can load — from index.html and from the early
 * entry, following static and dynamic imports in .vite/manifest.json — is checked for a module
 * under src/admin, and for the console's own strings. The console is built apart
 * (.vite/admin-manifest.json) and loads none of the players' chunks.
 */
type Chunk = { file: string; name?: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const run = promisify(execFile);
let dist: string;
let manifest: Record<string, Chunk>;
let adminManifest: Record<string, Chunk>;

/** What only console code contains: the session's CSRF cookie and the console's page title string. */
const CONSOLE_MARKERS = ['prism_ops_csrf', 'Prism operator console'];

/** The manifest keys reachable from `roots` through static and (unless `staticOnly`) dynamic imports. */
function reachable(chunks: Record<string, Chunk>, roots: string[], staticOnly = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const key = queue.pop() as string;
    if (seen.has(key) || !chunks[key]) continue;
    seen.add(key);
    queue.push(...(chunks[key].imports ?? []), ...(staticOnly ? [] : (chunks[key].dynamicImports ?? [])));
  }
  return seen;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'prism-bundle-'));
  await run(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir']);
  manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  adminManifest = JSON.parse(await readFile(path.join(dist, '.vite/admin-manifest.json'), 'utf8')) as Record<string, Chunk>;
}, 240_000);
afterAll(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

/**
 * What a player's page loads first: the chunks index.html names (the build writes the players' entry
 * as script tags, and the manifest has no key for it), and the early entry that core adds.
 */
async function playerRoots(): Promise<string[]> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
  const roots = Object.entries(manifest)
    .filter(([, chunk]) => files.has(chunk.file))
    .map(([key]) => key);
  return [...roots, 'src/earlyEntry.ts', 'index.html'];
}

describe("the players' bundle", () => {
  it('holds no module of the operator console', async () => {
    expect(adminManifest['admin.html']?.isEntry, 'the console is built').toBe(true);
    const players = reachable(manifest, await playerRoots());
    // The first page's chunks, and through their dynamic imports every route of the app.
    expect([...players].filter((key) => key.startsWith('src/app/routes/')).length).toBeGreaterThan(20);
    expect(players.has('admin.html')).toBe(false);
    for (const key of players) {
      const chunk = manifest[key] as Chunk;
      expect(chunk.src ?? '', `${chunk.file} comes from the console`).not.toMatch(/(^|\/)src\/admin\//);
      if (!chunk.file.endsWith('.js')) continue;
      const code = await readFile(path.join(dist, chunk.file), 'utf8');
      for (const marker of CONSOLE_MARKERS) expect(code.includes(marker), `${chunk.file} contains "${marker}"`).toBe(false);
    }
  });

  it("would see console code: the console's own chunks have it, and none of the players' chunks", async () => {
    const consoleKeys = reachable(adminManifest, ['admin.html']);
    const files = [...consoleKeys].map((key) => (adminManifest[key] as Chunk).file).filter((file) => file.endsWith('.js'));
    const texts = await Promise.all(files.map((file) => readFile(path.join(dist, file), 'utf8')));
    for (const marker of CONSOLE_MARKERS)
      expect(
        texts.some((text) => text.includes(marker)),
        marker,
      ).toBe(true);
    // Not the players' first-page chunk (it holds main.tsx, which starts the Mini App on import), nor any other.
    const playerFiles = new Set([...reachable(manifest, await playerRoots())].map((key) => (manifest[key] as Chunk).file));
    expect(files.filter((file) => playerFiles.has(file))).toEqual([]);
    const html = await readFile(path.join(dist, 'admin.html'), 'utf8');
    expect(
      [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]).filter((file) => playerFiles.has(file as string)),
    ).toEqual([]);
  });
});

/**
 * Code the login page does not need to draw itself, each found by a string of its own: the error
 * catalogue's English texts (pages beyond login translate its keys; the server sends its errors
 * translated), the signed-in pages' endpoints and icons, the contrast check of Telegram's palette,
 * and the event streams of the game and the support chat (docs/performance.md, "The web app", 2026-11-28).
 */
const LATER = {
  'error catalogue': errorCatalogue.NOTIFY_QUIET_HOURS.message,
  'signed-in endpoints': '/app/user/cashRecharge/recharge',
  'app icons': 'M5 4h14v16H5zM9 9h6',
  'contrast check': '.04045',
  'event streams': 'event stream refused',
};

/** The JavaScript of `keys`' chunks, by file. */
async function codeOf(keys: Iterable<string>): Promise<Map<string, string>> {
  const files = [...new Set([...keys].map((key) => (manifest[key] as Chunk).file))].filter((file) => file.endsWith('.js'));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dist, file), 'utf8')] as const)));
}

describe("the login page's files", () => {
  it('hold none of the code that only later pages or Telegram use', async () => {
    const login = await codeOf(reachable(manifest, await playerRoots(), true));
    expect(login.size).toBeGreaterThan(2);
    for (const [what, marker] of Object.entries(LATER)) {
      for (const [file, code] of login) expect(code.includes(marker), `${file} holds the ${what}`).toBe(false);
    }
  });

  // Another language's messages come in two parts (lib/messages.ts, lib/errorMessages.ts): its login page
  // loads the validation part, which must bring neither the catalogue's texts nor a chunk of the pages beyond
  // login (until 2026-11-28 a whole table imported the English catalogue, which sat in the chunk 'home').
  it.each(['zh-TW', 'vi', 'fa', 'ar'] as const)("%s: the forms' messages bring the validation texts alone", async (locale) => {
    const key = `../../packages/domain/src/messages/validation/${locale}.ts`;
    expect(manifest[key], key).toBeDefined();
    const login = reachable(manifest, await playerRoots(), true);
    expect([...reachable(manifest, [key], true)].filter((chunk) => !login.has(chunk))).toEqual([key]);
    const [code = ''] = (await codeOf([key])).values();
    expect(code).toContain(messageTables[locale].PHONE_REQUIRED);
    expect(code).not.toContain(messageTables[locale].CUSTOMER_SERVICE_NOT_SET);
    const catalogue = `../../packages/domain/src/messages/catalogue/${locale}.ts`;
    expect([...(await codeOf([catalogue])).values()].join('')).toContain(messageTables[locale].CUSTOMER_SERVICE_NOT_SET);
  });

  it('leave it to the chunks that use it: the pages beyond login, the Telegram SDK, the game and support pages', async () => {
    // The layouts of the pages beyond login (layouts/FullLayout) are in vite.config.ts's chunk group 'home'.
    const layouts = Object.keys(manifest).find((key) => manifest[key]?.name === 'home') ?? 'the home group';
    const later = {
      'error catalogue': [layouts],
      'signed-in endpoints': [layouts],
      'app icons': [layouts],
      'contrast check': ['src/lib/telegramSdk.ts'],
      'event streams': ['src/app/routes/game.tsx', 'src/app/routes/support.tsx'],
    } satisfies Record<keyof typeof LATER, string[]>;
    for (const [what, roots] of Object.entries(later)) {
      for (const root of roots) {
        expect(manifest[root], root).toBeDefined();
        const code = [...(await codeOf(reachable(manifest, [root], true))).values()];
        expect(
          code.some((text) => text.includes(LATER[what as keyof typeof LATER])),
          `${root} loads the ${what} with it`,
        ).toBe(true);
      }
    }
  });
});
