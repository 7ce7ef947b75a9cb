import { type APIRequestContext, expect, type Page } from '@playwright/test';

let counter = 0;
/** A ten-digit phone unique to this run. */
export function uniquePhone(): string {
  counter += 1;
  return `8${String(Date.now() % 1e7).padStart(7, '0')}${String(counter).padStart(2, '0')}`;
}

interface OutboxSms {
  phone: string;
  text: string;
}

/** The code in the latest SMS for a phone, read from the developer outbox as a person would. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/core/dev/outbox');
      const body = (await response.json()) as { result: { sms: OutboxSms[] } };
      code = body.result.sms.find((sms) => sms.phone === phone)?.text.match(/\b\d{6}\b/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Registers through the login page's Register panel and lands on home. */
export async function registerThroughUi(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/pages/login/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  await page.getByLabel('Verification code').fill(await smsCode(page.request, phone));
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/pages/home/home');
}

export async function logInThroughUi(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/pages/home/home');
}

/** Holds every request to `url` until the returned function is called (a loading or busy state read while it lasts). */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
