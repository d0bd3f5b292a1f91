// The package ships JavaScript only: the part tests/helpers/rich-results.ts uses.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    debug: boolean;
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
    }): Promise<unknown[]>;
  }
}
