import { Api } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsTexts } from './features/settingsTexts';
import { inviteTexts } from './inviteTexts';
import { configureBotProfile, configureBotProfileUntilSet } from './setup';
import { type FakeBotApi, startFakeBotApi } from './testing/fakeBotApi';
import { botTexts } from './texts';

let fake: FakeBotApi;

afterEach(async () => {
  await fake.stop();
});

describe('configureBotProfile', () => {
  it('sets the command menu in every language and a Mini App menu button', async () => {
    fake = await startFakeBotApi();
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    await configureBotProfile(api, { miniAppUrl: 'https://app.example.com/' });

    expect(await api.getMyCommands()).toEqual([
      { command: 'start', description: 'Open Prism' },
      { command: 'invite', description: 'Share your invite link' },
      { command: 'settings', description: 'Choose your notifications' },
      { command: 'help', description: 'What this bot does' },
    ]);
    for (const language of ['zh', 'vi', 'fa', 'ar'] as const) {
      const commands = await api.getMyCommands({ language_code: language });
      expect(commands.map((command) => command.description)).toEqual([
        botTexts(language).commands.start,
        inviteTexts(language).command,
        settingsTexts(language).command,
        botTexts(language).commands.help,
      ]);
    }
    expect(await api.getMyCommands({ language_code: 'zh' })).toContainEqual({ command: 'help', description: '這個機器人能做什麼' });
    expect(await api.getChatMenuButton()).toEqual({ type: 'web_app', text: 'Open Prism', web_app: { url: 'https://app.example.com/' } });
  });

  it('leaves the menu button alone when the Mini App is not on HTTPS', async () => {
    fake = await startFakeBotApi();
    await configureBotProfile(new Api(fake.token, { apiRoot: fake.apiRoot }), { miniAppUrl: 'http://localhost:5173/' });
    expect(fake.calls.map((call) => call.method)).not.toContain('setChatMenuButton');
    // Why: Telegram refuses a web_app menu button that is not https, and the fake answers as Telegram does.
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    await expect(
      api.setChatMenuButton({ menu_button: { type: 'web_app', text: 'Open Prism', web_app: { url: 'http://localhost:5173/' } } }),
    ).rejects.toMatchObject({ error_code: 400 });
    expect(await api.getChatMenuButton()).toEqual({ type: 'commands' }); // Telegram's default: the command list
    expect(fake.calls.filter((call) => call.method === 'setMyCommands' && call.response?.ok)).toHaveLength(5);
  });

  it('tries again until Telegram takes the command menus, when it was unreachable at start', async () => {
    fake = await startFakeBotApi();
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    fake.setUnreachable(true);
    const failures: number[] = [];
    const setting = configureBotProfileUntilSet(
      api,
      { miniAppUrl: 'https://app.example.com/' },
      { baseDelayMs: 20, maxDelayMs: 80, onFailure: (_error, delay) => failures.push(delay) },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failures.slice(0, 3)).toEqual([20, 40, 80]);
    fake.setUnreachable(false);
    await setting.done;
    expect(await api.getMyCommands({ language_code: 'ar' })).toHaveLength(4);
    expect(await api.getChatMenuButton()).toMatchObject({ type: 'web_app' });
  });

  it('stops trying when stopped (shutdown)', async () => {
    fake = await startFakeBotApi();
    fake.setUnreachable(true);
    const setting = configureBotProfileUntilSet(
      new Api(fake.token, { apiRoot: fake.apiRoot }),
      { miniAppUrl: 'http://x/' },
      { baseDelayMs: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    setting.stop();
    await setting.done;
  });
});
