import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { type Column, DataTable } from '../../../components/DataTable';

interface Point {
  date: string;
  value: number;
}

interface DailyBarChartProps {
  title: string;
  coin: string;
  points: readonly Point[];
}

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 10, right: 10, bottom: 30, left: 64 };

const tableColumns = (coin: string): Column<Point>[] => [
  { id: 'date', header: 'Day (UTC)', cell: (p) => p.date },
  { id: 'value', header: coin, cell: (p) => p.value.toFixed(2), numeric: true },
];

/**
 * One figure per UTC day as bars (positive up, negative down, from zero). The SVG is decoration
 * for the eye (aria-hidden); the same figures are in the table below it, which screen readers read.
 */
export function DailyBarChart({ title, coin, points }: DailyBarChartProps) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = points.map((p) => p.value);
  const x = scaleBand<string>({ domain: points.map((p) => p.date), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [Math.min(0, ...values), Math.max(0, ...values, 1)], range: [innerHeight, 0], nice: true });
  const zero = y(0);
  const every = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure className="admin-chart">
      <figcaption>
        {title} ({coin})
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" aria-hidden="true">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((p) => {
            const top = y(Math.max(0, p.value));
            return (
              <Bar
                key={p.date}
                x={x(p.date) ?? 0}
                y={top}
                width={x.bandwidth()}
                height={Math.abs(y(p.value) - zero)}
                className={p.value < 0 ? 'admin-bar-negative' : 'admin-bar'}
              />
            );
          })}
          <AxisLeft scale={y} numTicks={5} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={points.filter((_, i) => i % every === 0).map((p) => p.date)}
            tickFormat={(d) => d.slice(5)}
          />
        </Group>
      </svg>
      <details>
        <summary>{title} as a table</summary>
        <DataTable
          caption={`${title} per day (${coin})`}
          columns={tableColumns(coin)}
          rows={points}
          rowKey={(p) => p.date}
          empty="No days"
        />
      </details>
    </figure>
  );
}
