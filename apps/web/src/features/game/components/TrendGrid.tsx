import { streakColourOf, type TrendDraw } from '@prism/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The grid's geometry in SVG units: a period column, then numbers 0-9 (Trend.css lines the table up with it). */
const LABEL_WIDTH = 84;
const CELL_WIDTH = 28;
const ROW_HEIGHT = 22;
const RADIUS = 9;
const WIDTH = LABEL_WIDTH + 10 * CELL_WIDTH;

const centre = (draw: TrendDraw, row: number) => ({
  x: LABEL_WIDTH + draw.number * CELL_WIDTH + CELL_WIDTH / 2,
  y: row * ROW_HEIGHT + ROW_HEIGHT / 2,
});

/** A drawn number as a dot in its colour; 0 and 5 carry violet as their right half. */
function Dot({ draw, row }: { draw: TrendDraw; row: number }) {
  const { x, y } = centre(draw, row);
  const violet = draw.colours.includes('Violet');
  return (
    <g data-number={draw.number}>
      <circle cx={x} cy={y} r={RADIUS} className={`trend-dot trend-dot-${streakColourOf(draw.number).toLowerCase()}`} />
      {violet && (
        <path d={`M ${x} ${y - RADIUS} A ${RADIUS} ${RADIUS} 0 0 1 ${x} ${y + RADIUS} Z`} className="trend-dot trend-dot-violet" />
      )}
      <text x={x} y={y} className="trend-dot-text">
        {draw.number}
      </text>
    </g>
  );
}

/**
 * The classic number grid: one row per draw (newest on top), the drawn number marked in its
 * column, a line through the draws' numbers. An image for screen readers (TrendTable is the
 * readable copy); the number axis runs 0-9 left to right in every language.
 */
export const TrendGrid = memo(function TrendGrid({ draws }: { draws: TrendDraw[] }) {
  const { t } = useTranslation();
  const height = draws.length * ROW_HEIGHT;
  const line = draws.map((draw, row) => {
    const { x, y } = centre(draw, row);
    return `${x},${y}`;
  });
  return (
    <svg
      className="trend-grid"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={t('trend.gridLabel', { count: draws.length })}
      data-testid="trend-grid"
    >
      {draws.map((draw, row) => (
        <g key={draw.periodId}>
          {row % 2 === 1 && <rect x={0} y={row * ROW_HEIGHT} width={WIDTH} height={ROW_HEIGHT} className="trend-row-alt" />}
          <text x={LABEL_WIDTH - 6} y={row * ROW_HEIGHT + ROW_HEIGHT / 2} className="trend-period">
            {draw.periodId.slice(-4)}
          </text>
        </g>
      ))}
      {Array.from({ length: 11 }, (_, column) => (
        <line
          key={column}
          x1={LABEL_WIDTH + column * CELL_WIDTH}
          x2={LABEL_WIDTH + column * CELL_WIDTH}
          y1={0}
          y2={height}
          className="trend-column"
        />
      ))}
      <polyline points={line.join(' ')} className="trend-line" data-testid="trend-line" />
      {draws.map((draw, row) => (
        <Dot key={draw.periodId} draw={draw} row={row} />
      ))}
    </svg>
  );
});
