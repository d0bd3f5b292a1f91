// Google's rich-result rules over a page's JSON-LD, by a maintained validator
// (@adobe/structured-data-validator: Product, Review, AggregateRating, Offer, BreadcrumbList ...
// as Google documents them). It takes what @marbec/web-auto-extractor would give for JSON-LD:
// the blocks grouped by their @type; the blocks here come from jsonLdScripts + parseJsonLd
// (tests/helpers/json-ld.ts), which also check the embedding. No schema.org vocabulary file is
// passed (it would be fetched from the network): the schema.org property check is json-ld.ts's.

export interface RichResultIssue {
  severity: 'ERROR' | 'WARNING';
  rootType: string;
  issueMessage: string;
  fieldNames?: string[];
}

// An ES module: loaded once, on first use.
let validator: Promise<{ validate(d: object): Promise<unknown[]> }> | null = null;
const load = () =>
  (validator ??= import('@adobe/structured-data-validator').then(({ default: Validator }) => new Validator()));

/** Every issue the validator reports for these top-level JSON-LD blocks. */
export async function richResultIssues(blocks: ReadonlyArray<Record<string, unknown>>): Promise<RichResultIssue[]> {
  const jsonld: Record<string, Array<Record<string, unknown>>> = {};
  for (const b of blocks) {
    const type = String(b['@type']);
    (jsonld[type] ??= []).push(structuredClone(b));
  }
  return (await (await load()).validate({ jsonld, microdata: {}, rdfa: {} })) as RichResultIssue[];
}
