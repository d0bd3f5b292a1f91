// The search results page's early requests (issue 43, Lighthouse >= 95): an inline script in the
// head of /search/ only (gatsby-ssr.tsx) that, while the HTML is still parsing, reads the state
// from the URL as src/search/query.ts readSearchParams does, asks the API for the first page of
// reviews and the product cards exactly as src/hooks/use-search.ts would (the same URLs, body and
// headers: the session's X-Session-Key / X-Session-User from the same stored keys, a guest id
// created and stored as session.ts creates it, X-Client-Agent), keeps each request on
// `window.__earlySearch` for use-search to take once (src/search/early.ts), and, once an answer
// is in and the page has painted, starts loading the pictures of the first result cards a phone
// shows without scrolling.
// Without it the answer was asked for only after the runtime had booted and hydrated.
//
// Safe by construction: nothing of an answer is ever written into the document. The only values
// it takes from an answer are picture URLs, accepted only as safe-url.ts accepts them (http(s) or
// root-relative), and given to detached `Image` objects (src, and srcset only for URLs of the
// media server's strict pattern, as src/common/media-variants.ts builds it). Any failure (no
// fetch, no usable localStorage, a network error, a status that is not 2xx, bad JSON, 10 s) is
// the normal path's: use-search then asks itself. The page's CSP allows it by its hash
// (src/site-inline-scripts.ts, publish/site-policy.ts); its body is the same on every build, the
// API's origin (GATSBY_STOREFRONT_API_URL, when set) is its `data-api` attribute.
//
// Node and the SSR bundle only: the browser's page takes the answers with src/search/early.ts.
import { ID_SOURCE } from '../common/coerce';
import { MEDIA_URL_RE, PICTURE_VARIANT_WIDTHS, SQUARE_SIZES } from '../common/media-variants';
import { GRID_CARD_SIZES } from '../components/listing/card-sizes';
import { PRODUCT_SEARCH_PATH } from '../storefront/products';
import { CLIENT_NAME, CLIENT_VERSION, DEFAULT_TIMEOUT_MS } from '../storefront/request-url';
import { REVIEW_SEARCH_PATH } from '../storefront/search';
import { STORAGE_PREFIX } from '../storefront/storage';
import { SEARCH_QUERY_MAX_CHARS } from '../storefront/wire/search-limits';
import { EARLY_SEARCH_SLOT } from './early';
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, SEARCH_PRODUCT_COUNT, SEARCH_SORTS } from './query';

/** The script's id (src/site-inline-scripts.ts knows it by this id and its exact body). */
export const EARLY_SEARCH_ID = 'early-search';

/**
 * How many result pictures a 375 px phone shows without scrolling, as the page lays them out
 * (search.css, listing.css; at 375x812 the product rows start at 198, 436 and 673 px, the
 * reviews of a search without products at 332, 453, 574 and 695 px; tests/e2e/search-early.test.ts
 * checks it): the first three rows of product cards (2 columns); without product cards, the
 * first four reviews' pictures. With product cards the reviews start below the fold.
 */
export const EARLY_PRODUCT_PICTURES = 6;
export const EARLY_REVIEW_PICTURES = 4;
/**
 * The first pictures (the first row of products, the first two reviews) are asked for with a
 * high priority: the page's largest paint is the first of them; the others at the browser's
 * (low, delayable) priority for pictures, behind the page's scripts.
 */
export const EARLY_FIRST_PICTURES = 2;

const j = JSON.stringify;

/** The inline script's body (no markup in it: safe inside <script>). */
export function earlySearchScript(): string {
  const sorts = SEARCH_SORTS.map((s) => s.value);
  const agent = `${CLIENT_NAME}/${CLIENT_VERSION} (web)`;
  const body = [
    '(function(){try{',
    'var w=window,d=document,l=location,U=w.URLSearchParams,S=w.localStorage,C=w.crypto,s=d.currentScript;',
    'if(!w.fetch||!U||!w.Promise||!w.Image||!w.requestAnimationFrame||!S||!C||!C.randomUUID||!Array.from)return;',
    // The state, as readSearchParams reads it.
    'var P=new U(l.search),r=(P.get("q")||"").slice(0,1000),c=Array.from(r);',
    `var q=(c.length>${SEARCH_QUERY_MAX_CHARS}?c.slice(0,${SEARCH_QUERY_MAX_CHARS}).join(""):r).trim();`,
    'if(!q)return;',
    `var o=P.get("sort");if(${j(sorts)}.indexOf(o)<0)o="relevance";`,
    'var n=Number(P.get("score"));n=Number.isInteger(n)&&n>=1&&n<=5?n:null;',
    `var g=Number(P.get("page"));g=Number.isInteger(g)&&g>=1?Math.min(g,${SEARCH_MAX_PAGE}):1;`,
    `var f=(g-1)*${SEARCH_PAGE_SIZE};`,
    // The identity, as session.ts identity() gives it (the same keys, JSON values).
    `function G(k){var v=S.getItem(${j(STORAGE_PREFIX)}+k);if(v==null)return;try{return JSON.parse(v)}catch(e){}}`,
    `function T(k,v){S.setItem(${j(STORAGE_PREFIX)}+k,JSON.stringify(v))}`,
    'var t=G("sessionStart");if(typeof t!=="number"||!isFinite(t))T("sessionStart",Date.now());',
    'var u=G("userId"),k=G("userKey");',
    'if(!(typeof u==="string"&&u&&typeof k==="string"&&k)){k="";u=G("guestId");',
    'if(typeof u!=="string"||!u){u=C.randomUUID();T("guestId",u)}}',
    'var B=((s&&s.getAttribute("data-api"))||l.origin).replace(/\\/+$/,"");',
    'if(!/^https?:\\/\\/[^/]/.test(B))return;',
    'var E=w[' + j(EARLY_SEARCH_SLOT) + ']={},I=E.pictures=[];',
    // One request: its answer's JSON, or a rejection on any failure.
    'function A(x,url,b,then){',
    `var h={"Accept":"application/json","X-Session-Key":k,"X-Session-User":u,"X-Client-Agent":${j(agent)}};`,
    'if(b!=null)h["Content-Type"]="application/json";',
    'var a=w.AbortController?new AbortController():null,',
    `z=a&&setTimeout(function(){a.abort()},${DEFAULT_TIMEOUT_MS.browser});`,
    'var p=fetch(url,{method:b==null?"GET":"POST",headers:h,body:b,signal:a?a.signal:void 0})',
    '.then(function(r){if(!r.ok)throw Error("HTTP "+r.status);return r.json()});',
    'var e=E[x]={url:url,body:b,answer:p};',
    'p.then(function(v){clearTimeout(z);e.value=v;e.ok=true;try{then(v)}catch(y){}},function(){clearTimeout(z)})}',
    // Picture URLs as safe-url.ts accepts them; srcset as media-variants.ts builds it.
    'function V(x){if(typeof x!=="string")return null;x=x.trim();',
    'if(!x||/[\\u0000-\\u001f\\u007f]/.test(x))return null;',
    'if(x.charAt(0)==="/")return /^\\/[\\/\\\\]/.test(x)?null:x;',
    'try{var y=new URL(x)}catch(e){return null}return /^https?:$/.test(y.protocol)?y.href:null}',
    `var M=new RegExp(${j(MEDIA_URL_RE.source)});`,
    'function W(x){var m=M.exec(x);if(!m)return null;var a=+m[4],b=+m[5],v=[],i;',
    `if(m[2]==="picture"){var pw=${j(PICTURE_VARIANT_WIDTHS)};for(i=0;i<pw.length;i++)if(pw[i]!==a)v.push([pw[i],Math.max(1,Math.round(pw[i]*b/a))])}`,
    `else if(a===b&&${j(SQUARE_SIZES)}.indexOf(a)>=0){var sq=${j(SQUARE_SIZES)};for(i=0;i<sq.length;i++)if(sq[i]!==a)v.push([sq[i],sq[i]])}`,
    'if(!v.length)return null;v=v.map(function(z){return{u:m[1]+"/media/"+m[2]+"/"+m[3]+"/"+z[0]+"x"+z[1]+"."+m[6],w:z[0]}});',
    'v.push({u:x,w:a});v.sort(function(p,q){return p.w-q.w});',
    'return v.map(function(z){return z.u+" "+z.w+"w"}).join(", ")}',
    // Pictures loaded into the cache the result cards' <img> find them in, once the page has
    // painted (its stylesheet first: no picture delays the first paint); the first ones first.
    'function L(a){w.requestAnimationFrame(function(){setTimeout(function(){a.forEach(function(p){',
    `var i=new Image();if(I.length<${EARLY_FIRST_PICTURES})i.fetchPriority="high";`,
    'if(p[1]){i.sizes=p[2];i.srcset=p[1]}i.src=p[0];I.push(i)})},0)})}',
    `var D=new RegExp(${j(`^${ID_SOURCE}$`)});`,
    'function N(v){return typeof v==="string"&&D.test(v.trim())||typeof v==="number"&&Number.isInteger(v)}',
    'function Q(a){return a&&typeof a==="object"&&Array.isArray(a)?a:[]}',
    // The product cards' pictures: toProductCard's first thumbnail (listing/view.ts).
    'var K=0;',
    'function PD(v){var ps=Q(v&&v.products).filter(function(p){return p&&typeof p==="object"&&N(p.id)});',
    `var a=[];K=ps.length;ps.slice(0,${EARLY_PRODUCT_PICTURES}).forEach(function(p){var im=Q(p.images),i,x;`,
    'for(i=0;i<im.length;i++){var e=im[i],z=e==null?void 0:e.thumbnail!=null?e.thumbnail:e.full!=null?e.full:e.thumbnail;',
    'x=V(typeof z==="string"?z:z&&typeof z==="object"?z.url:null);if(x)break}',
    `if(x)a.push([x,W(x),${j(GRID_CARD_SIZES)}])});if(a.length)L(a)}`,
    // The reviews' pictures (FoundReview): shown without scrolling when there is no product card.
    'function RD(v){var cs=Q(v&&v.comments);E.products.answer.then(function(){},function(){}).then(function(){if(K)return;',
    `var a=[];cs.filter(function(c){return c&&typeof c==="object"&&N(c.productId)&&N(c.commentId)}).slice(0,${EARLY_REVIEW_PICTURES}).forEach(function(c){`,
    'var x=c.image;if(typeof x==="string"&&/^\\/|^https?:\\/\\//i.test(x)&&V(x))a.push([x])});if(a.length)L(a)})}',
    `A("products",new URL(B+${j(PRODUCT_SEARCH_PATH)}).href,JSON.stringify({q:q,f:0,t:${SEARCH_PRODUCT_COUNT}}),PD);`,
    'var R=new U();R.append("q",q);R.append("f",f);R.append("t",f+' + SEARCH_PAGE_SIZE + ');R.append("sort",o);',
    'if(P.get("media")==="1")R.append("media","any");if(n!=null)R.append("score",n);',
    `A("reviews",new URL(B+${j(REVIEW_SEARCH_PATH)}+"?"+R).href,null,RD);`,
    '}catch(e){}})()',
  ];
  return body.join('');
}
