import * as React from 'react';
import type { SizeChartView } from '../../listing/facts';

/**
 * The merchant's size chart as a table; `mark` is the size a reviewer bought, a row's label
 * (src/listing/bought-size.ts): its row is marked for the eye (a tint and the words 晒单买家所购)
 * and for assistive technology (aria-current). A phone scrolls a wide chart sideways: the
 * wrapper takes focus so the keyboard can too.
 */
export function SizeChart({ chart, mark }: { chart: SizeChartView; mark?: string | null }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="pd-chart" role="region" aria-label={chart.name} tabIndex={0}>
      <table>
        <caption>
          {chart.name}
          {chart.unit && `（单位：${chart.unit}）`}
        </caption>
        <thead>
          <tr>
            {chart.header.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((r, i) => {
            const bought = mark != null && r[0] === mark;
            return (
              <tr
                key={i}
                className={bought ? 'pd-chart__bought' : undefined}
                aria-current={bought ? 'true' : undefined}
              >
                {r.map((c, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {c}
                      {bought && <span className="pd-chart__mark">（晒单买家所购）</span>}
                    </th>
                  ) : (
                    <td key={j}>{c}</td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {chart.note && <p className="pd-chart__note">{chart.note}</p>}
    </div>
  );
}
