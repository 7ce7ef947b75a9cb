/**
 * Grey placeholders in the shape of the screen that is loading (a wallet's
 * balances, a list, the game, a form), so the page does not jump when the data
 * arrives. Decorative: PageLoading around it says "Loading" to screen readers.
 */
export type SkeletonShape = 'balances' | 'list' | 'game' | 'form' | 'card';

/** Each shape as rows of blocks: a block's height in rem, side by side when a row has several. */
const SHAPES: Record<SkeletonShape, number[][]> = {
  balances: [[2.25], [5.5], [4.5, 4.5], [4.5, 4.5], [5, 5, 5, 5], [8]],
  list: [[2.75], [4], [4], [4], [4], [4]],
  game: [[2.75], [7.5], [3, 3, 3], [3, 3, 3, 3, 3], [3, 3, 3, 3, 3], [10]],
  form: [[5.5, 5.5], [3], [3.25], [3.25], [3.25], [3]],
  card: [[9]],
};

export function Skeleton({ shape }: { shape: SkeletonShape }) {
  return (
    <div className="skeleton stack" aria-hidden="true" data-shape={shape}>
      {SHAPES[shape].map((row, rowIndex) => (
        <div key={rowIndex} className="skeleton-row">
          {row.map((height, index) => (
            <span key={index} className="skeleton-block" style={{ blockSize: `${height}rem` }} />
          ))}
        </div>
      ))}
    </div>
  );
}
