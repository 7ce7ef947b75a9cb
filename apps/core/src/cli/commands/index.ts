import type { OpsCommand } from '../command';
import { broadcastCommands } from './broadcast';
import { contentCommands } from './content';
import { engageCommands } from './engage';
import { gameCommands } from './game';
import { generalCommands } from './general';
import { investCommands } from './invest';
import { levelCommands } from './levels';
import { liabilitiesCommands } from './liabilities';
import { operatorCommands } from './operator';
import { powerCommands } from './power';
import { rechargeCommands } from './recharge';
import { telegramCommands } from './telegram';
import { walletCommands } from './wallet';
import { withdrawCommands } from './withdraw';

/** Every `npm run ops` command; a feature adds its file here. */
export const opsCommands: OpsCommand[] = [
  ...generalCommands,
  ...operatorCommands,
  ...walletCommands,
  ...rechargeCommands,
  ...withdrawCommands,
  ...gameCommands,
  ...telegramCommands,
  ...engageCommands,
  ...levelCommands,
  ...broadcastCommands,
  ...contentCommands,
  ...powerCommands,
  ...investCommands,
  ...liabilitiesCommands,
];

/** The command whose words start the arguments, longest match first. */
export function findCommand(args: string[]): { command: OpsCommand; rest: string[] } | undefined {
  const sorted = [...opsCommands].sort((a, b) => b.words.length - a.words.length);
  for (const command of sorted) {
    if (command.words.every((word, i) => args[i] === word)) return { command, rest: args.slice(command.words.length) };
  }
  return undefined;
}

export function opsUsage(): string {
  return ['Usage: npm run ops -- <command>', ...opsCommands.filter((c) => c.usage).map((c) => `  ${c.usage}`)].join('\n');
}
