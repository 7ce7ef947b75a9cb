import type { Locale } from './locales';

/** The introduction pages' content types (getContentByType?type=...), in the order the app shows them. */
export const CONTENT_TYPES = ['project', 'guide', 'about', 'role', 'market'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** One introduction page: its title and body (plain text with a small Markdown subset) in one language. */
export interface ContentPage {
  type: ContentType;
  /** The language the text is in: the asked one, or en-US when it has no translation. */
  locale: Locale;
  title: string;
  content: string;
  updatedAt: string;
}

/** Neutral demo text seeded into a fresh database (English; other languages fall back to it until the operator sets them). */
export const DEFAULT_CONTENT: Record<ContentType, { title: string; content: string }> = {
  project: {
    title: 'Project and background',
    content:
      '## About this project\nThis is demo text. The operator replaces it with `npm run ops -- content set project en-US`.\n\n- What the project offers\n- Why it was started\n- Where it is going',
  },
  guide: {
    title: 'Newcomer guide',
    content:
      '## Getting started\n1. Create an account or open the app from Telegram.\n2. Bind a wallet under Personal.\n3. Recharge, then explore the tasks.\n\nThis is demo text.',
  },
  about: {
    title: 'About us',
    content: '## Who we are\nA small team building this app. This is demo text that the operator replaces.',
  },
  role: {
    title: 'Role in the company',
    content: '## Your role\nMembers help the community grow by inviting friends and taking part. This is demo text.',
  },
  market: {
    title: 'Market entry',
    content: '## Markets\nThe plan for new markets is published here. This is demo text.',
  },
};
