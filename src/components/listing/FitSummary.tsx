import * as React from 'react';
import { FIT_LABEL, MIN_FOR_VERDICT, type Fit, type FitSummary as Summary } from '../../listing/fit';

const ORDER: Fit[] = ['large', 'true', 'small'];

/** 偏大 / 正好 / 偏小 with counts from the reviews' words (src/listing/fit.ts), and how they are read. */
export function FitSummary({ fit }: { fit: Summary }) {
  return (
    <div className="pd-fit" data-counted={fit.counted}>
      <p className="pd-fit__verdict">
        {fit.counted === 0
          ? '暂无买家提到尺码'
          : fit.verdict
            ? `多数买家认为尺码${FIT_LABEL[fit.verdict]}（${fit.counted} 条晒单提到尺码）`
            : `${fit.counted} 条晒单提到尺码`}
      </p>
      <ul className="pd-fit__counts" aria-label="买家尺码反馈">
        {ORDER.map((k) => (
          <li key={k} data-fit={k}>
            {FIT_LABEL[k]} <b>{fit[k]}</b>
          </li>
        ))}
      </ul>
      <details className="pd-fit__rule">
        <summary>怎么统计的</summary>
        <p>
          读每条晒单的文字（没有时读标签）：说「拍小一码」「买大了」「偏大」的算偏大，说「拍大一码」「买小了」「偏小」「挤脚」的算偏小，
          说「尺码正」「合身」「不大不小」的算正好；提问的句子不算，一条晒单里说法矛盾的不算。超过半数且至少{' '}
          {MIN_FOR_VERDICT} 条提到尺码时给出结论。
        </p>
      </details>
    </div>
  );
}
