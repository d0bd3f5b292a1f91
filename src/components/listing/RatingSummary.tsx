import * as React from 'react';
import { formatAverage, type RatingSummary as Summary } from '../../listing/rating';
import { Stars } from '../review/Stars';

/**
 * The product hub's rating summary (issue 22): the average to one decimal, the number of rated
 * reviews and a 5-to-1 histogram. The Product JSON-LD's aggregateRating is made from the same
 * summary (src/listing/product-structured-data.ts); the e2e test compares the two.
 */
export function RatingSummary({ summary }: { summary: Summary }) {
  if (!summary.count || summary.average == null) return null;
  // Each bar is its score's share of the ratings (issue 44), not its size next to the largest.
  const total = summary.histogram.reduce((a, b) => a + b, 0);
  return (
    <div className="rsum" data-average={formatAverage(summary.average)} data-count={summary.count}>
      <div className="rsum__score">
        <span className="rsum__avg">{formatAverage(summary.average)}</span>
        <Stars score={summary.average} />
        <span className="rsum__count">{summary.count}条评分</span>
      </div>
      <ul className="rsum__bars" aria-label="评分分布">
        {[5, 4, 3, 2, 1].map((s) => {
          const n = summary.histogram[s - 1];
          return (
            <li key={s} data-score={s} data-n={n}>
              <span className="rsum__label">{s}星</span>
              <span className="rsum__bar" aria-hidden="true">
                <span style={{ width: `${total ? Math.round((n / total) * 100) : 0}%` }} />
              </span>
              <span className="rsum__n">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
