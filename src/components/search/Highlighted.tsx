import * as React from 'react';
import { highlightParts } from '../../search/query';

/** Text with the query's words in <mark>; every part is rendered as text (escaped). */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return <>{highlightParts(text, terms).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}
