import * as React from 'react';
import { Link } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { PlainHead } from '../components/review/ReviewHead';
import { haulPath, homePath } from '../paths';

/** The heading of a taken-down review's page (server/site/taken-down.ts). */
const GONE_HEADING = '该晒单已下架';

/**
 * What a taken-down review's URL shows (issue 21 item 6): the site's shell, the notice and ways
 * onward, never indexed. Built as a page of its own; the site server answers a taken-down
 * review's URL with this page's HTML, without its scripts, and status 410
 * (server/site/taken-down.ts): the shell's links and styles work without JavaScript.
 */
export default function ReviewGonePage() {
  return (
    <Layout>
      <PlainHead title={GONE_HEADING} noindex />
      <div className="status-page review-gone">
        <h1>{GONE_HEADING}</h1>
        <p className="status-page__message">这条晒单已被删除或下架，去看看其他买家的真实晒单吧。</p>
        <ul className="review-gone__links">
          <li>
            <Link to={haulPath()}>逛逛晒单广场</Link>
          </li>
          <li>
            <Link to={homePath()}>返回首页</Link>
          </li>
        </ul>
      </div>
    </Layout>
  );
}
