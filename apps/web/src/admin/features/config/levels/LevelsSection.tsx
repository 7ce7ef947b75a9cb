import { ASSETS, LEVEL_TASK_KINDS } from '@prism/domain';
import type { Column } from '../../../components/DataTable';
import { ConfigForm } from '../shared/ConfigForm';
import type { FieldSpec } from '../shared/formState';
import { QueryState } from '../shared/QueryState';
import { RowsEditor } from '../shared/RowsEditor';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { type LevelTaskRow, levelsKey, saveLevel, saveLevelTask, useLevels, useLevelTasks } from './api';

const LEVEL_FIELDS: readonly FieldSpec[] = [
  { name: 'level', label: 'Level', kind: 'number', always: true },
  { name: 'name', label: 'Name', always: true },
  { name: 'promotion', label: 'Unlocks the promotion reward', kind: 'checkbox' },
];

const TASK_FIELDS: readonly FieldSpec[] = [
  { name: 'level', label: 'Level', kind: 'number' },
  { name: 'kind', label: 'Kind', kind: 'select', options: LEVEL_TASK_KINDS },
  { name: 'target', label: 'Target', hint: 'An amount, or a number of invitations' },
  { name: 'asset', label: 'Reward coin', kind: 'select', options: ASSETS },
  { name: 'reward', label: 'Reward' },
  { name: 'enabled', label: 'Counts', kind: 'checkbox' },
];

const TASK_COLUMNS: Column<LevelTaskRow>[] = [
  { id: 'level', header: 'Level', cell: (t) => t.level, numeric: true },
  { id: 'kind', header: 'Kind', cell: (t) => t.kind },
  { id: 'target', header: 'Target', cell: (t) => t.target, numeric: true },
  { id: 'reward', header: 'Reward', cell: (t) => `${t.reward} ${t.asset}`, numeric: true },
  { id: 'on', header: 'Counts', cell: (t) => (t.enabled ? 'Yes' : 'No') },
];

/** Levels (names, which unlocks the promotion reward) and their upgrade tasks. */
export function LevelsSection() {
  const levels = useLevels();
  const refresh = useSaveAndRefresh(levelsKey);
  return (
    <>
      <section aria-labelledby="levels-title">
        <h2 id="levels-title">Levels</h2>
        <QueryState isLoading={levels.isLoading} error={levels.error} />
        <div className="admin-form-grid">
          {levels.data?.map((level) => (
            <ConfigForm
              key={level.level}
              title={`Level ${level.level}`}
              fields={LEVEL_FIELDS}
              row={level}
              save={(body) => refresh(() => saveLevel(body))}
              onReload={() => void levels.refetch()}
            />
          ))}
          <ConfigForm title="New level" fields={LEVEL_FIELDS} save={(body) => refresh(() => saveLevel(body))} submitLabel="Add" />
        </div>
      </section>
      <RowsEditor
        title="Upgrade tasks"
        query={useLevelTasks()}
        queryKey={levelsKey}
        columns={TASK_COLUMNS}
        fields={TASK_FIELDS}
        save={saveLevelTask}
      />
    </>
  );
}
