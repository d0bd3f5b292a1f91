import * as React from 'react';
import { Link } from 'gatsby';
import { ContentPage } from '../components/content/ContentPage';
import { helpPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { siteConfig } from '../site-config';

const { brandName, company } = siteConfig;

const stages: Array<[string, string, string]> = [
  ['海外仓处理', '1-3 个工作日', '商家备货、入库质检、打包称重并生成国际运单'],
  ['国际干线运输', '3-7 个工作日', '从美国或欧洲航空运输至国内口岸（上海、杭州、广州等）'],
  ['海关清关', '2-5 个工作日', '三单对碰、申报与缴税，遇海关查验时会延长'],
  ['国内配送', '1-4 个工作日', '清关放行后由国内快递派送，偏远地区可能延长'],
];

/** /logistics/: international shipping details (linked from the footer, spec section 2). */
export default function LogisticsPage() {
  return (
    <ContentPage
      page={SITE_PAGES.logistics}
      description={`${brandName}国际物流说明：海外直邮的运输阶段与时效、运费计算方式、阳光清关流程、包裹追踪与异常处理。`}
      updated="2025-11-01"
    >
      <p>
        {brandName}
        的商品由海外商家从境外仓库直邮发货，以跨境电商零售进口方式正规申报清关（阳光清关），全程可追踪。一般在支付后 10
        到 20 个工作日送达。
      </p>

      <h2>一、运输阶段与时效</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">阶段</th>
            <th scope="col">参考时效</th>
            <th scope="col">说明</th>
          </tr>
        </thead>
        <tbody>
          {stages.map(([name, time, note]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{time}</td>
              <td>{note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        「黑色星期五」、圣诞节、春节等高峰期，以及天气、航班调整和海关抽查等情况，可能使时效延长 5 到 10
        个工作日，请您耐心等待。
      </p>

      <h2>二、运费</h2>
      <ul>
        <li>国际运费按包裹预估重量（磅）计算，同一商家的商品合并为一个包裹计费，结算页显示每个包裹的运费。</li>
        <li>商品的预估重量参考品类默认值，例如 T 恤约 0.5 磅、外套约 3 磅、双肩包约 3 磅、行李箱约 18 磅。</li>
        <li>部分商家提供满额包邮；包裹实际重量超出预估时，差额由我们承担，不会向您补收。</li>
      </ul>

      <h2>三、阳光清关</h2>
      <p>
        所有包裹均按跨境电商零售进口监管要求向海关如实申报：订单、支付单和物流单信息由平台、支付机构和物流企业分别推送海关，三单信息一致后办理放行。
        税费已在下单时代收，清关时无需您另行缴纳。请确保订购人实名信息真实有效，否则包裹将无法清关并被退回。
      </p>

      <h2>四、包裹追踪</h2>
      <p>
        在「我的订单 -
        查看物流」中可以查看包裹在海外仓、国际运输、清关和国内派送各阶段的轨迹。国际段信息更新频率较低，航班在途期间 2
        到 3 天没有新轨迹属正常情况。
      </p>

      <h2>五、异常处理</h2>
      <ul>
        <li>
          <strong>包裹破损或丢失</strong>：签收时请当面检查外包装，破损可拒收；确认丢失的，我们将为您补发或全额退款。
        </li>
        <li>
          <strong>清关异常</strong>：如因实名信息不一致导致清关失败，客服会联系您更正；无法更正的订单将取消并全额退款。
        </li>
        <li>
          <strong>超时未送达</strong>：支付后 30 个工作日仍未送达的，可联系客服申请退款，核实后全额退还。
        </li>
      </ul>
      <p>
        更多问题请查看<Link to={helpPath()}>帮助中心</Link>或拨打客服热线 {company.phone}。
      </p>
    </ContentPage>
  );
}
