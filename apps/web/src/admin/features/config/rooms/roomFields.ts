import type { FieldSpec } from '../shared/formState';

/** A room's form, in the names POST game/levels takes (the row carries the lists as text under other names). */
export const ROOM_FIELDS: readonly FieldSpec[] = [
  { name: 'level', label: 'Room number', kind: 'number', always: true },
  { name: 'levelName', label: 'Name' },
  { name: 'enableFlag', label: 'Open to players', kind: 'checkbox' },
  { name: 'sessionSeconds', label: 'Session length (s)', kind: 'number', hint: 'Only before the room first runs' },
  { name: 'betCloseSeconds', label: 'Betting closes (s before the end)', kind: 'number' },
  { name: 'betBaseAmounts', label: 'Base amounts', hint: 'Comma-separated, e.g. 1,10,100' },
  { name: 'betMultiples', label: 'Multiples', hint: 'Comma-separated, e.g. 1,5,10' },
  { name: 'chipMinLimit', label: 'Smallest bet' },
  { name: 'chipMaxLimit', label: 'Largest bet' },
  { name: 'betAmountMax', label: 'Most per session' },
  { name: 'feeBps', label: 'Fee (basis points)', kind: 'number' },
];

/** The row under the form's names. */
export function roomFormRow(room: {
  betBaseAmountStr: string;
  betMultipleStr: string;
  updatedAt: string;
}): Record<string, unknown> & { updatedAt: string } {
  return { ...room, betBaseAmounts: room.betBaseAmountStr, betMultiples: room.betMultipleStr };
}
