// A structural checker for the site's JSON-LD (issue 11, "Structured data"): each block must be
// a schema.org node of a known type with only that type's schema.org properties, carry what
// Google's review-snippet and breadcrumb rules require, and survive being embedded in HTML.
// The builders are typed with schema-dts (src/review/structured-data.ts); this checks the
// output, which types alone cannot: values, ranges, URLs, positions.

/** The JSON text of every <script type="application/ld+json"> of a page, as written. */
export function jsonLdScripts(html: string): string[] {
  const out: string[] = [];
  const open = /<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>/gi;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    // The HTML tokenizer ends a script at the first "</script", whatever the JSON says.
    const start = m.index + m[0].length;
    const end = html.toLowerCase().indexOf('</script', start);
    out.push(end < 0 ? html.slice(start) : html.slice(start, end));
    open.lastIndex = end < 0 ? html.length : end;
  }
  return out;
}

type Node = Record<string, unknown>;
type Rule = { required: string[]; allowed: string[] };

// Properties are schema.org's own (https://schema.org/<Type>), limited to those this site may
// emit: an unknown property (a typo, a made-up field) is an error, as in a strict validator.
const THING = ['@type', '@id', 'name', 'url', 'image', 'description', 'sameAs'];
const CREATIVE_WORK = [...THING, 'author', 'datePublished', 'dateModified', 'publisher', 'inLanguage', 'headline'];
export const RULES: Record<string, Rule> = {
  Review: {
    required: ['author', 'itemReviewed', 'reviewRating', 'datePublished'],
    allowed: [...CREATIVE_WORK, 'itemReviewed', 'reviewRating', 'reviewBody'],
  },
  Product: {
    required: ['name', 'image'],
    allowed: [...THING, 'offers', 'review', 'aggregateRating', 'brand', 'sku', 'productID', 'category'],
  },
  Offer: {
    required: ['price', 'priceCurrency'],
    allowed: [
      ...THING,
      'price',
      'priceCurrency',
      'availability',
      'itemCondition',
      'seller',
      'shippingDetails',
      'hasMerchantReturnPolicy',
    ],
  },
  // Issue 45: an offer's shipping and return policy (Google's merchant listing properties).
  OfferShippingDetails: {
    required: ['shippingRate', 'shippingDestination'],
    allowed: ['@type', 'shippingRate', 'shippingDestination', 'deliveryTime'],
  },
  MonetaryAmount: { required: ['value', 'currency'], allowed: ['@type', 'value', 'currency'] },
  DefinedRegion: { required: ['addressCountry'], allowed: ['@type', 'addressCountry'] },
  ShippingDeliveryTime: { required: [], allowed: ['@type', 'handlingTime', 'transitTime'] },
  QuantitativeValue: {
    required: ['minValue', 'maxValue', 'unitCode'],
    allowed: ['@type', 'minValue', 'maxValue', 'unitCode'],
  },
  MerchantReturnPolicy: {
    required: ['applicableCountry', 'returnPolicyCategory'],
    allowed: [
      '@type',
      'applicableCountry',
      'returnPolicyCountry',
      'returnPolicyCategory',
      'merchantReturnDays',
      'returnMethod',
      'returnFees',
      'returnShippingFeesAmount',
    ],
  },
  Rating: { required: ['ratingValue'], allowed: ['@type', 'ratingValue', 'bestRating', 'worstRating'] },
  AggregateRating: {
    required: ['ratingValue', 'reviewCount'],
    allowed: ['@type', 'ratingValue', 'bestRating', 'worstRating', 'reviewCount', 'ratingCount'],
  },
  Person: { required: ['name'], allowed: THING },
  Organization: { required: ['name'], allowed: [...THING, 'logo', 'address', 'telephone'] },
  Brand: { required: ['name'], allowed: THING },
  BreadcrumbList: { required: ['itemListElement'], allowed: [...THING, 'itemListElement'] },
  ListItem: { required: ['position', 'name', 'item'], allowed: ['@type', 'position', 'name', 'item'] },
  WebSite: { required: ['name', 'url'], allowed: [...THING, 'potentialAction', 'inLanguage'] },
  VideoObject: {
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    allowed: [...CREATIVE_WORK, 'thumbnailUrl', 'uploadDate', 'contentUrl', 'duration', 'embedUrl'],
  },
};

const isObj = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const absolute = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+\/\S*$/.test(v);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const CURRENCY = /^[A-Z]{3}$/;
const PRICE = /^\d{1,12}(\.\d{1,2})?$/;

/** Problems of one parsed block (empty when it passes). `where` prefixes each message. */
export function checkJsonLd(block: unknown, where = '$'): string[] {
  const problems: string[] = [];
  const blocks = Array.isArray(block) ? block : [block];
  if (!blocks.length) problems.push(`${where}: empty`);
  blocks.forEach((b, i) => {
    const at = Array.isArray(block) ? `${where}[${i}]` : where;
    if (!isObj(b)) {
      problems.push(`${at}: not an object`);
      return;
    }
    if (b['@context'] !== 'https://schema.org') problems.push(`${at}: @context is not https://schema.org`);
    const { '@context': _c, ...rest } = b;
    if (Array.isArray(rest['@graph']))
      rest['@graph'].forEach((g, j) => checkNode(g, `${at}.@graph[${j}]`, problems, true));
    else checkNode(rest, at, problems, true);
  });
  return problems;
}

function checkNode(v: unknown, at: string, problems: string[], top = false): void {
  if (!isObj(v)) {
    problems.push(`${at}: not an object`);
    return;
  }
  const type = v['@type'];
  if (typeof type !== 'string') {
    problems.push(`${at}: @type missing`);
    return;
  }
  const rule = RULES[type];
  if (!rule) {
    problems.push(`${at}: @type ${type} is not a type this site emits`);
    return;
  }
  for (const k of Object.keys(v)) if (!rule.allowed.includes(k)) problems.push(`${at}: ${type} has no property ${k}`);
  // A Review nested in its Product (Product.review) reviews that Product: no itemReviewed of its own.
  for (const k of rule.required)
    if ((v[k] == null || v[k] === '') && !(k === 'itemReviewed' && !top))
      problems.push(`${at}: ${type}.${k} is required`);
  for (const k of ['name', 'reviewBody', 'description', 'headline'])
    if (k in v && !text(v[k])) problems.push(`${at}: ${k} is not text`);
  for (const k of ['url', 'item'])
    if (k in v && !absolute(v[k])) problems.push(`${at}: ${k} ${JSON.stringify(v[k])} is not an absolute http(s) URL`);
  if ('image' in v) {
    const imgs = Array.isArray(v.image) ? v.image : [v.image];
    if (!imgs.length || !imgs.every(absolute))
      problems.push(`${at}: image ${JSON.stringify(v.image)} is not absolute http(s) URLs`);
  }
  for (const k of ['datePublished', 'dateModified'])
    if (k in v && !(typeof v[k] === 'string' && ISO_DATE.test(v[k] as string)))
      problems.push(`${at}: ${k} is not ISO 8601`);
  const nested = (k: string, types: string[]) => {
    if (v[k] == null) return;
    const list = Array.isArray(v[k]) ? (v[k] as unknown[]) : [v[k]];
    list.forEach((n, i) => {
      const p = list.length > 1 ? `${at}.${k}[${i}]` : `${at}.${k}`;
      if (isObj(n) && !types.includes(n['@type'] as string))
        problems.push(`${p}: @type ${String(n['@type'])} is not one of ${types.join(', ')}`);
      checkNode(n, p, problems);
    });
  };
  switch (type) {
    case 'Review': {
      nested('author', ['Person', 'Organization']);
      nested('publisher', ['Organization', 'Person']);
      nested('itemReviewed', ['Product']);
      nested('reviewRating', ['Rating']);
      break;
    }
    case 'Product': {
      nested('offers', ['Offer']);
      nested('review', ['Review']);
      nested('aggregateRating', ['AggregateRating']);
      nested('brand', ['Brand', 'Organization']);
      // Google's product snippets: a Product on its own needs a review, a rating or an offer.
      if (top && v.review == null && v.aggregateRating == null && v.offers == null)
        problems.push(`${at}: a top-level Product needs review, aggregateRating or offers`);
      break;
    }
    case 'Rating':
    case 'AggregateRating': {
      const best = v.bestRating ?? 5;
      const worst = v.worstRating ?? 1;
      const value = v.ratingValue;
      if (typeof best !== 'number' || typeof worst !== 'number' || worst >= best)
        problems.push(`${at}: worstRating/bestRating ${String(worst)}/${String(best)}`);
      else if (typeof value !== 'number' || !Number.isFinite(value) || value < worst || value > best)
        problems.push(`${at}: ratingValue ${JSON.stringify(value)} not within ${worst}..${best}`);
      if (type === 'AggregateRating' && !(Number.isInteger(v.reviewCount) && (v.reviewCount as number) > 0))
        problems.push(`${at}: reviewCount`);
      break;
    }
    case 'Offer': {
      nested('shippingDetails', ['OfferShippingDetails']);
      nested('hasMerchantReturnPolicy', ['MerchantReturnPolicy']);
      if (!(typeof v.price === 'number' ? v.price >= 0 : typeof v.price === 'string' && PRICE.test(v.price)))
        problems.push(`${at}: price ${JSON.stringify(v.price)}`);
      if (!(typeof v.priceCurrency === 'string' && CURRENCY.test(v.priceCurrency)))
        problems.push(`${at}: priceCurrency ${JSON.stringify(v.priceCurrency)}`);
      break;
    }
    case 'OfferShippingDetails': {
      nested('shippingRate', ['MonetaryAmount']);
      nested('shippingDestination', ['DefinedRegion']);
      nested('deliveryTime', ['ShippingDeliveryTime']);
      break;
    }
    case 'ShippingDeliveryTime': {
      nested('handlingTime', ['QuantitativeValue']);
      nested('transitTime', ['QuantitativeValue']);
      break;
    }
    case 'QuantitativeValue': {
      const { minValue: lo, maxValue: hi } = v;
      if (!(Number.isInteger(lo) && Number.isInteger(hi) && (lo as number) >= 0 && (lo as number) <= (hi as number)))
        problems.push(`${at}: minValue/maxValue ${JSON.stringify(lo)}/${JSON.stringify(hi)}`);
      if (v.unitCode !== 'DAY') problems.push(`${at}: unitCode ${JSON.stringify(v.unitCode)}`);
      break;
    }
    case 'MonetaryAmount': {
      if (!(typeof v.value === 'number' && Number.isFinite(v.value) && v.value >= 0))
        problems.push(`${at}: value ${JSON.stringify(v.value)}`);
      if (!(typeof v.currency === 'string' && CURRENCY.test(v.currency)))
        problems.push(`${at}: currency ${JSON.stringify(v.currency)}`);
      break;
    }
    case 'DefinedRegion':
    case 'MerchantReturnPolicy': {
      const c = type === 'DefinedRegion' ? v.addressCountry : v.applicableCountry;
      if (!(typeof c === 'string' && /^[A-Z]{2}$/.test(c))) problems.push(`${at}: country ${JSON.stringify(c)}`);
      break;
    }
    case 'BreadcrumbList': {
      const items = v.itemListElement;
      if (!Array.isArray(items) || !items.length) {
        problems.push(`${at}: itemListElement is not a non-empty list`);
        break;
      }
      items.forEach((it, i) => {
        const p = `${at}.itemListElement[${i}]`;
        if (isObj(it) && it['@type'] !== 'ListItem') problems.push(`${p}: @type is not ListItem`);
        checkNode(it, p, problems);
        if (isObj(it) && it.position !== i + 1)
          problems.push(`${p}: position ${JSON.stringify(it.position)}, expected ${i + 1}`);
      });
      break;
    }
    case 'VideoObject': {
      for (const k of ['thumbnailUrl', 'contentUrl'])
        if (k in v && !absolute(v[k]))
          problems.push(`${at}: ${k} ${JSON.stringify(v[k])} is not an absolute http(s) URL`);
      if (!(typeof v.uploadDate === 'string' && ISO_DATE.test(v.uploadDate)))
        problems.push(`${at}: uploadDate is not ISO 8601`);
      if ('duration' in v && !(typeof v.duration === 'string' && /^PT\d{1,6}S$/.test(v.duration)))
        problems.push(`${at}: duration ${JSON.stringify(v.duration)} is not an ISO 8601 duration`);
      break;
    }
    default:
  }
}

/** Parses one script body as written in the HTML; an error message when it cannot. */
export function parseJsonLd(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  // Inside <script>, "<!--" and "</script" change how the HTML tokenizer reads the element.
  if (/<!--|<\/script/i.test(raw)) return { ok: false, error: 'contains <!-- or </script' };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
