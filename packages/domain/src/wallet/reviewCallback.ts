/**
 * The callback data of the operator's Approve / Reject buttons on a withdrawal's review message
 * (Telegram, 64 bytes at most): core writes it on the buttons, the bot reads it from the tap. One
 * spelling for both sides: "wd:a:<id>" approves withdrawal <id>, "wd:r:<id>" asks for the reason
 * to reject it.
 */
export type ReviewDecision = 'approve' | 'reject';

const PREFIX: Record<ReviewDecision, string> = { approve: 'wd:a:', reject: 'wd:r:' };

/** The button's callback data for a decision on withdrawal `withdrawalId`. */
export const reviewCallbackData = (decision: ReviewDecision, withdrawalId: number): string => `${PREFIX[decision]}${withdrawalId}`;

/** Matches the callback data of one decision; its first group is the withdrawal's id. */
export const reviewCallbackPattern = (decision: ReviewDecision): RegExp => new RegExp(`^${PREFIX[decision]}(\\d+)$`);

/** The decision and withdrawal a button's callback data names, or undefined for other data. */
export function parseReviewCallback(data: string): { decision: ReviewDecision; withdrawalId: number } | undefined {
  for (const decision of Object.keys(PREFIX) as ReviewDecision[]) {
    const match = reviewCallbackPattern(decision).exec(data);
    if (match) return { decision, withdrawalId: Number(match[1]) };
  }
  return undefined;
}
