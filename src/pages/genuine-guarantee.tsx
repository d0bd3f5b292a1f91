import * as React from 'react';
import { Link } from 'gatsby';
import { ContentPage } from '../components/content/ContentPage';
import { aboutPath, logisticsPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { siteConfig } from '../site-config';

const { company, brandName } = siteConfig;

/** /genuine-guarantee/: the genuine-goods promise (linked from the footer, spec section 2). */
export default function GenuineGuaranteePage() {
  return (
    <ContentPage
      page={SITE_PAGES.genuineGuarantee}
      description={`${brandName}正品保障：海外官方渠道采购、全程可追溯的直邮清关、假一赔十承诺与鉴定流程。`}
      updated="2025-11-01"
    >
      <div className="doc__card">
        <p>
          <strong>
            我们承诺：{brandName}
            销售的每一件商品都是海外正品。如经权威鉴定为假货，我们将退还货款并按商品实付金额的十倍赔偿。
          </strong>
        </p>
      </div>

      <h2>一、正规渠道采购</h2>
      <ul>
        <li>
          <strong>品牌直供</strong>：与品牌方或其官方授权的海外分销商签订供货协议，直接从品牌仓发货。
        </li>
        <li>
          <strong>官网与百货</strong>：从品牌海外官网、Nordstrom、Macy's、Saks 等知名百货和授权零售商采购。
        </li>
        <li>
          <strong>入驻审核</strong>
          ：入驻商家须提交海外公司注册文件、品牌授权或采购凭证，并接受定期抽检；发现售假立即清退并冻结保证金。
        </li>
      </ul>

      <h2>二、全程可追溯</h2>
      <p>
        商品从海外仓发货后，经国际干线运输、海关申报查验、国内配送送达。每个包裹都有对应的海关申报单，订单详情中可查看清关状态和完整物流轨迹，
        直邮路径详见<Link to={logisticsPath()}>国际物流说明</Link>。
      </p>

      <h2>三、质检与抽检</h2>
      <ul>
        <li>海外仓入库时核对品牌、型号、批次与采购单据，出库前再次检查外观与包装。</li>
        <li>我们每月委托第三方检测机构对美妆、母婴、营养保健等品类进行随机抽检，抽检结果纳入商家考核。</li>
        <li>食品、保健品与美妆商品严格管理保质期，临期商品会在商品页明确标注。</li>
      </ul>

      <h2>四、对商品有疑问怎么办</h2>
      <ol>
        <li>签收后如对商品真伪有疑问，请保留商品、包装与快递面单，在 30 天内联系客服。</li>
        <li>客服会协助您将商品送至品牌方或具有资质的第三方鉴定机构鉴定，鉴定费用先由我们垫付。</li>
        <li>经鉴定为假货的，我们退还全部货款并按实付金额十倍赔偿，鉴定与往返运费由我们承担。</li>
        <li>经鉴定为正品的，商品寄回给您，鉴定费用由我们承担。</li>
      </ol>

      <h2>五、说明</h2>
      <p>
        同一品牌在不同国家和地区销售的商品，可能因产地、批次不同而在包装、标签、颜色和气味上略有差异，这不影响其正品属性。海外商品的说明书和标签一般为外文，进口商品无中文标签属正常情况。
      </p>
      <p>
        如需反馈商品或商家问题，请拨打 {company.phone} 或查看<Link to={aboutPath()}>联系我们</Link>。
      </p>
    </ContentPage>
  );
}
