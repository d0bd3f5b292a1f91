import * as React from 'react';
import { ErrorPage } from '../components/common/ErrorPage';

/**
 * The page Gatsby's runtime shows when a page's data answers 500 (it loads /500.html's page
 * data instead; without this page it reloaded the URL). Gatsby copies it to /500.html.
 */
export default function ServerErrorPage() {
  return (
    <ErrorPage
      className="server-error"
      title="页面出错了"
      heading="服务器开小差了"
      message="页面暂时无法打开，请稍后再试。（错误代码 500）"
    />
  );
}
