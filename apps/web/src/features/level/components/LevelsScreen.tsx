import { type LevelTaskKind, type LevelTaskView, type LevelView, routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { QueryView } from '../../../components/QueryView';
import { RewardsRule } from '../../../components/RewardsRule';
import { StatusBadge, type StatusTone } from '../../../components/StatusBadge';
import { errorMessage } from '../../../lib/api';
import { useIntent } from '../../../lib/intent';
import { haptics } from '../../../lib/native';
import { useNavigation } from '../../../lib/navigation';
import { useThrottled } from '../../../lib/throttle';
import { toast, toastError } from '../../../lib/toast';
import { useCollectLevelTask, useLevels } from '../api/levels';

/** Where "go to complete" leads for each kind of task. */
const GO_TO: Record<LevelTaskKind, string> = {
  recharge: routes.recharge,
  invite: routes.team,
  bet: routes.game,
  power: routes.doubleInvest,
};

const TONE: Record<LevelView['state'], StatusTone> = { completed: 'good', upgrade: 'wait', locked: 'bad' };

/** Levels page (from the Personal tab and the top bar): the current level, then every level with its upgrade tasks. */
export function LevelsScreen() {
  const { t } = useTranslation();
  const levels = useLevels();
  return (
    <QueryView query={levels}>
      {(list) => (
        <div className="stack">
          <Card title={t('level.current')}>
            <p className="level-current" data-testid="level-current">
              {list.levelName}
            </p>
            <PromotionNote levels={list.levels} active={list.promotion} />
            <RewardsRule />
          </Card>
          {list.levels.map((level) => (
            <LevelCard key={level.level} level={level} />
          ))}
        </div>
      )}
    </QueryView>
  );
}

/** Whether the subordinate promotion reward is unlocked, or from which level it will be. */
function PromotionNote({ levels, active }: { levels: LevelView[]; active: boolean }) {
  const { t } = useTranslation();
  const from = levels.find((level) => level.promotion)?.levelName;
  if (!active && !from) return null;
  return <p className="muted">{active ? t('level.promotionActive') : t('level.promotionFrom', { name: from })}</p>;
}

function LevelCard({ level }: { level: LevelView }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={level.levelName} data-testid={`level-${level.level}`}>
      <div className="level-head">
        <h2 className="card-title">{level.levelName}</h2>
        <StatusBadge tone={TONE[level.state]} testId="level-state">
          {t(`level.state.${level.state}`)}
        </StatusBadge>
      </div>
      {level.promotion && <p className="muted">{t('level.promotion')}</p>}
      {level.tasks.length === 0 ? (
        <p className="muted">{t('level.noTasks')}</p>
      ) : (
        <ul className="level-tasks">
          {level.tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TaskRow({ task }: { task: LevelTaskView }) {
  const { t } = useTranslation();
  const target = Number(task.target);
  const percent = target > 0 ? Math.min(100, (100 * Number(task.progress)) / target) : 0;
  const name = t(`level.kind.${task.kind}`);
  return (
    <li className="level-task" data-testid="level-task" data-kind={task.kind} data-state={task.state}>
      <div className="tap-row">
        <span>{name}</span>
        <span dir="ltr" data-testid="level-task-progress">
          {task.progress} / {task.target}
        </span>
      </div>
      <div
        className="tap-bar"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Number(task.progress)}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="tap-row">
        <span className="muted">{t('level.reward', { amount: task.reward, asset: task.asset })}</span>
        <TaskButton task={task} />
      </div>
      {task.kind === 'invite' && task.state === 'go' && <p className="muted">{t('level.inviteHint')}</p>}
    </li>
  );
}

function TaskButton({ task }: { task: LevelTaskView }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const collect = useCollectLevelTask();
  const intent = useIntent();
  const submit = useThrottled(() => {
    collect.mutate(
      { taskId: task.id, idempotencyKey: intent.keyFor(task.id) },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          toast(t('level.collected', { amount: result.reward, asset: result.asset }));
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          toastError(errorMessage(error));
        },
      },
    );
  });

  if (task.state === 'collect') {
    return (
      <button type="button" className="btn btn-primary btn-small" disabled={collect.isPending} onClick={submit} data-testid="level-collect">
        {t('level.collect')}
      </button>
    );
  }
  if (task.state === 'go') {
    return (
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigateTo(GO_TO[task.kind])} data-testid="level-go">
        {t('level.go')}
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-ghost btn-small" disabled data-testid={`level-${task.state}`}>
      {t(task.state === 'finished' ? 'level.finished' : 'level.locked')}
    </button>
  );
}
