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

/**
 * What a fresh database shows until the operator writes the pages: words for players (the page is
 * being prepared), never instructions. How to set a page is in docs/operations.md
 * ("Introduction pages"). English only: other languages fall back to it until the operator sets them.
 */
export const DEFAULT_CONTENT: Record<ContentType, { title: string; content: string }> = {
  project: {
    title: 'Project and background',
    content:
      '## About this project\nThis page is being prepared. Please check back soon.\n\n- What the project offers\n- Why it was started\n- Where it is going',
  },
  guide: {
    title: 'Newcomer guide',
    content:
      '## Getting started\n1. Create an account or open the app from Telegram.\n2. Bind a wallet under Personal.\n3. Recharge, then explore the tasks.\n\nA fuller guide is being prepared.',
  },
  about: {
    title: 'About us',
    content: '## Who we are\nA small team building this app. This page is being prepared. Please check back soon.',
  },
  role: {
    title: 'Role in the company',
    content: '## Your role\nMembers help the community grow by inviting friends and taking part. This page is being prepared.',
  },
  market: {
    title: 'Market entry',
    content: '## Markets\nThe plan for new markets will be published here. This page is being prepared.',
  },
};

/**
 * The texts earlier versions seeded (they told players to run an operator command): a database
 * still holding one of them, untouched by the operator, gets DEFAULT_CONTENT's text at start-up.
 */
export const FORMER_DEFAULT_CONTENT: Record<ContentType, string> = {
  project:
    '## About this project\nThis is demo text. The operator replaces it with `npm run ops -- content set project en-US`.\n\n- What the project offers\n- Why it was started\n- Where it is going',
  guide:
    '## Getting started\n1. Create an account or open the app from Telegram.\n2. Bind a wallet under Personal.\n3. Recharge, then explore the tasks.\n\nThis is demo text.',
  about: '## Who we are\nA small team building this app. This is demo text that the operator replaces.',
  role: '## Your role\nMembers help the community grow by inviting friends and taking part. This is demo text.',
  market: '## Markets\nThe plan for new markets is published here. This is demo text.',
};
