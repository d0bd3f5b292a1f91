import * as React from 'react';
import { Link } from 'gatsby';
import { ContentPage } from '../components/content/ContentPage';
import { helpPath, privacyPath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { siteConfig } from '../site-config';

const { company, brandName } = siteConfig;

/** /payment-agreement/: terms for paying cross-border orders (linked from the footer, spec section 2). */
export default function PaymentAgreementPage() {
  return (
    <ContentPage
      page={SITE_PAGES.paymentAgreement}
      description={`${brandName}支付协议：跨境订单的支付方式、订购人与支付人一致要求、税费代收代缴、退款规则与支付安全说明。`}
      updated="2025-11-01"
    >
      <p>
        本协议是您与{company.name}（以下简称「我们」）就在{brandName}购买跨境商品时的支付事项所订立的协议。
        您点击「提交订单」并完成支付，即表示您已阅读并同意本协议。
      </p>

      <h2>第一条 支付方式</h2>
      <p>
        本平台支持微信支付、微信小程序支付和支付宝。支付服务由相应的持牌支付机构提供，您在支付过程中还应遵守支付机构的服务协议。我们不会收集或存储您的银行卡号和支付密码。
      </p>

      <h2>第二条 订购人与支付人一致</h2>
      <p>
        根据海关对跨境电商零售进口的监管要求，订单的订购人须与支付账户的实名认证人一致。您应使用订购人本人实名认证的微信或支付宝账户付款。
        使用他人账户支付导致无法清关的，订单将被取消并原路退款。
      </p>

      <h2>第三条 订单金额与税费</h2>
      <ul>
        <li>订单应付金额 = 商品金额 + 国际运费 + 跨境电商综合税 - 优惠券 - 积分抵扣，结算页逐项列明。</li>
        <li>商品以外币标价的，按下单时页面显示的汇率折算为人民币，支付后不因汇率波动调整。</li>
        <li>跨境电商综合税由我们作为代收代缴义务人向您代收，并在清关时向海关缴纳，如需完税凭证请联系客服。</li>
        <li>单次交易金额不得超过人民币 5000 元，订购人年度交易总额不得超过人民币 26000 元（以海关规定为准）。</li>
      </ul>

      <h2>第四条 支付时限</h2>
      <p>
        订单提交后请在 30
        分钟内完成支付，超时未支付的订单将自动取消，所用优惠券与积分退回您的账户。如支付成功后订单仍显示待支付，请勿重复付款，可稍后刷新或联系客服核实。
      </p>

      <h2>第五条 退款</h2>
      <ul>
        <li>
          订单取消、清关失败、缺货或退货成功的，我们将原路退回您实际支付的金额，包括已代收的税费；使用的优惠券在有效期内退回，积分按原路退回。
        </li>
        <li>退款在发起后一般 1 到 7 个工作日到账，具体以支付机构处理时间为准。</li>
        <li>部分退货的，按退货商品实际支付金额（已分摊优惠）计算退款。</li>
      </ul>

      <h2>第六条 分期付款</h2>
      <p>
        支持分期付款的商品会在结算页显示可选的分期期数和手续费，分期服务由支付机构或其合作金融机构提供，手续费以支付页面展示为准。
      </p>

      <h2>第七条 支付安全</h2>
      <p>
        请妥善保管您的账户、验证码和支付密码，不要向任何人透露。我们的客服不会以任何理由要求您提供验证码或向陌生账户转账。
        如发现账户异常或遭遇诈骗，请立即联系支付机构冻结账户，并拨打客服热线 {company.phone}。
      </p>

      <h2>第八条 个人信息</h2>
      <p>
        为完成支付与清关，我们会向支付机构和海关提供订购人姓名、身份证号码与订单信息，具体规则见
        <Link to={privacyPath()}>隐私政策</Link>。
      </p>

      <h2>第九条 争议解决</h2>
      <p>
        本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商；协商不成的，任何一方可向{company.name}
        住所地有管辖权的人民法院提起诉讼。更多常见问题请查看<Link to={helpPath()}>帮助中心</Link>。
      </p>
    </ContentPage>
  );
}
