import { siteConfig } from '../../site-config';

/** "© 2016-2026 company 版权所有": the end year is the build's, so server HTML and hydration agree. */
export function copyrightLine(buildYear: number) {
  const { copyrightStartYear: start, name } = siteConfig.company;
  const end = Number.isFinite(buildYear) ? Math.max(start, buildYear) : start;
  return `© ${start}-${end} ${name} 版权所有`;
}
