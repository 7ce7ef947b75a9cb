/** "12 of 40 Telegram chats (2 failed, 1 blocked)": a broadcast's delivery as a sentence. */
export function deliveryProgress(telegram: Record<string, number>): string {
  const count = (status: string) => telegram[status] ?? 0;
  const chats = Object.entries(telegram)
    .filter(([status]) => status !== 'none')
    .reduce((sum, [, n]) => sum + n, 0);
  if (chats === 0) return 'No linked Telegram chats';
  const problems = [count('failed') ? `${count('failed')} failed` : '', count('blocked') ? `${count('blocked')} blocked` : ''].filter(
    Boolean,
  );
  return `${count('sent')} of ${chats} Telegram chats${problems.length ? ` (${problems.join(', ')})` : ''}`;
}
