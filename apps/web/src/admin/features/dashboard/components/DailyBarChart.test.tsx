import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DailyBarChart } from './DailyBarChart';

describe('DailyBarChart', () => {
  it('draws a bar per day for the eye and the same figures as a table for screen readers', () => {
    const html = renderToStaticMarkup(
      <DailyBarChart
        title="Net flow"
        coin="CASH"
        points={[
          { date: '2026-11-25', value: 12.5 },
          { date: '2026-11-26', value: -3 },
        ]}
      />,
    );
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/<rect/g)?.length).toBe(2);
    expect(html).toContain('admin-bar-negative');
    expect(html).toContain('<caption>Net flow per day (CASH)</caption>');
    expect(html).toContain('12.50');
    expect(html).toContain('-3.00');
  });
});
