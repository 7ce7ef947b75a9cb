/**
 * The short room tests play in: 10 s sessions, betting closed for the last 3 s. An operator adds it
 * (the defaults are minute-long rooms), so a test that waits for a draw waits seconds, not a minute.
 * Form fields, as the console's API takes them.
 */
export const SHORT_ROOM = {
  level: '4',
  levelName: '10 s',
  sessionSeconds: '10',
  betCloseSeconds: '3',
  betBaseAmounts: '1,10',
  betMultiples: '1,5,10',
} as const;
