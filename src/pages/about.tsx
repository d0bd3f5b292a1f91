import * as React from 'react';
import { ContentPage } from '../components/content/ContentPage';
import { helpPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { Link } from 'gatsby';
import { siteConfig } from '../site-config';

const { company } = siteConfig;

/** /about/: contact us and business cooperation (spec section 2). */
export default function AboutPage() {
  return (
    <ContentPage
      page={SITE_PAGES.about}
      description={`联系${siteConfig.brandName}：客服热线、邮箱与公司地址，品牌入驻、商家合作与媒体合作洽谈方式。`}
    >
      <p>
        {siteConfig.brandName}（{company.name}）成立于 {company.copyrightStartYear}{' '}
        年，是一家专注欧美正品直邮的跨境电商平台。
        我们与海外品牌官网、授权经销商和百货商店直接合作，为国内消费者提供服饰、箱包、美妆、母婴、营养保健、食品与数码潮玩等品类的海外好物，
        并通过{siteConfig.siteName}社区分享真实买家的购物心得与实拍晒单。
      </p>

      <h2>客户服务</h2>
      <div className="doc__card">
        <p>
          客服热线：<a href={`tel:${company.phone}`}>{company.phone}</a>（{company.serviceHours}）
        </p>
        <p>
          客服邮箱：<a href={`mailto:${company.serviceEmail}`}>{company.serviceEmail}</a>（一般在 1 个工作日内回复）
        </p>
        <p>
          在线客服：
          <a href={siteConfig.customerServiceChat} target="_blank" rel="noopener">
            点击进入在线客服
          </a>
          ，或在 APP「我的 - 联系客服」中咨询
        </p>
      </div>
      <p>
        咨询订单问题时，请提供下单手机号和订单编号，便于客服快速为您查询。常见问题（下单、关税、物流时效、退换货、实名认证）可先查看
        <Link to={helpPath()}>帮助中心</Link>。
      </p>

      <h2>商务合作</h2>
      <p>
        我们欢迎以下合作，请将合作方案发送至{' '}
        <a href={`mailto:${company.cooperationEmail}`}>{company.cooperationEmail}</a>，邮件标题注明「合作类型 +
        公司名称」，我们会在 3 个工作日内与您联系。
      </p>
      <ul>
        <li>
          <strong>品牌入驻</strong>：海外品牌方或其授权的中国区总代理，请附品牌授权链路、商标注册证明及主营品类。
        </li>
        <li>
          <strong>商家合作</strong>：海外零售商、百货与买手店，请附公司注册文件、经营年限、SKU 规模与发货仓所在地。
        </li>
        <li>
          <strong>物流与供应链</strong>：国际干线、清关与仓储服务商，请附资质文件与服务线路报价。
        </li>
        <li>
          <strong>内容与媒体</strong>：达人、KOL、媒体与品牌联合活动，请附账号主页与过往合作案例。
        </li>
        <li>
          <strong>企业采购</strong>：员工福利、节日礼品等批量采购需求，请注明品类、数量与预算。
        </li>
      </ul>

      <h2>公司信息</h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">公司名称</th>
            <td>{company.name}</td>
          </tr>
          <tr>
            <th scope="row">办公地址</th>
            <td>
              {company.address}（邮编 {company.postcode}）
            </td>
          </tr>
          <tr>
            <th scope="row">联系电话</th>
            <td>{company.phone}</td>
          </tr>
          <tr>
            <th scope="row">ICP 备案号</th>
            <td>{company.icp}</td>
          </tr>
          <tr>
            <th scope="row">增值电信业务经营许可证</th>
            <td>{company.telecomLicence}</td>
          </tr>
        </tbody>
      </table>

      <h2>廉正举报</h2>
      <p>
        如发现本公司员工在合作过程中存在索贿、受贿等违规行为，请发送邮件至{' '}
        <a href={`mailto:${company.cooperationEmail}`}>{company.cooperationEmail}</a> 并注明「廉正举报」。
        我们对举报人信息严格保密。
      </p>
    </ContentPage>
  );
}
