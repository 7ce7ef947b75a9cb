import { describe, expect, it } from 'vitest';
import { changedFields, type FieldSpec, formBody, initialValues, toFormValue } from './formState';

const fields: FieldSpec[] = [
  { name: 'level', label: 'Room', always: true },
  { name: 'levelName', label: 'Name' },
  { name: 'enableFlag', label: 'Enabled', kind: 'checkbox' },
  { name: 'feeBps', label: 'Fee', kind: 'number' },
];
const row = { level: 1, levelName: 'Fast', enableFlag: true, feeBps: 200, updatedAt: '2026-11-27T10:00:00.000Z' };

describe('configuration form state', () => {
  it('holds every value as text', () => {
    expect(toFormValue(true)).toBe('true');
    expect(toFormValue(null)).toBe('');
    expect(toFormValue([1, 5, 10])).toBe('1,5,10');
    expect(initialValues(fields, row)).toEqual({ level: '1', levelName: 'Fast', enableFlag: 'true', feeBps: '200' });
    expect(initialValues(fields, undefined)).toEqual({ level: '', levelName: '', enableFlag: 'false', feeBps: '' });
  });

  it('sends what changed, the keys, and the stamp it was read at', () => {
    const initial = initialValues(fields, row);
    const current = { ...initial, levelName: ' Faster ', enableFlag: 'false' };
    expect(changedFields(fields, initial, current)).toEqual(['levelName', 'enableFlag']);
    expect(formBody(fields, initial, current, row.updatedAt)).toEqual({
      level: '1',
      levelName: 'Faster',
      enableFlag: 'false',
      expectedUpdatedAt: row.updatedAt,
    });
  });

  it('sends every filled field of a new row, without a stamp', () => {
    const initial = initialValues(fields, undefined);
    const current = { ...initial, level: '4', levelName: 'New' };
    expect(formBody(fields, initial, current, undefined)).toEqual({ level: '4', levelName: 'New', enableFlag: 'false' });
  });
});
