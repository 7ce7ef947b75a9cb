import type { MyPlay } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { toSignedMinor } from '../../../lib/money';

const WIDTH = 300;
const HEIGHT = 120;
const MIDDLE = HEIGHT / 2;
/** The tallest bar reaches this far from the zero line, leaving room at the edges. */
const REACH = MIDDLE - 6;

const abs = (value: bigint) => (value < 0n ? -value : value);

/** Each day's net result in `coin`, in minor units, and whether the player bet in it that day. */
function netsOf(play: MyPlay, coin: string): { date: string; net: bigint; played: boolean }[] {
  return play.days.map((day) => {
    const figures = day.coins.find((c) => c.coin === coin);
    return { date: day.date, net: toSignedMinor(figures?.net), played: figures !== undefined };
  });
}

/**
 * The net result per day as bars from a zero line (up: won, down: lost), drawn in SVG with the
 * theme's colours (CSS classes, so both themes and Telegram's palette apply). Time runs in the
 * reading direction: the bars are mirrored in right-to-left layouts (CSS), the dates are HTML
 * and follow the layout. The table below is the accessible alternative: the chart is an image
 * with a label saying so.
 */
export function PlayChart({ play, coin }: { play: MyPlay; coin: string }) {
  const { t } = useTranslation();
  const nets = netsOf(play, coin);
  const biggest = nets.reduce((max, day) => (abs(day.net) > max ? abs(day.net) : max), 0n);
  const step = WIDTH / Math.max(nets.length, 1);
  const barWidth = Math.max(step * 0.7, 1);
  return (
    <figure className="play-chart" data-testid="play-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('myPlay.chartLabel', { coin })} preserveAspectRatio="none">
        <g className="play-chart-bars">
          <line className="play-chart-axis" x1={0} x2={WIDTH} y1={MIDDLE} y2={MIDDLE} />
          {nets.map((day, index) => {
            // Scaled in bigint (per mille of the biggest day), then to the drawing.
            const size = biggest === 0n ? 0 : Number((abs(day.net) * 1000n) / biggest) / 1000;
            // A day with bets and a net of zero still shows: a thin mark on the line.
            const height = day.played ? Math.max(size * REACH, 1.5) : 0;
            if (height === 0) return null;
            const up = day.net >= 0n;
            return (
              <rect
                key={day.date}
                className={up ? 'play-bar-up' : 'play-bar-down'}
                x={index * step + (step - barWidth) / 2}
                y={up ? MIDDLE - height : MIDDLE}
                width={barWidth}
                height={height}
                data-date={day.date}
              />
            );
          })}
        </g>
      </svg>
      <figcaption className="play-chart-dates">
        <span>{nets[0]?.date}</span>
        <span>{nets.at(-1)?.date}</span>
      </figcaption>
    </figure>
  );
}
