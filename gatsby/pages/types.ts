// What a page creator needs: Gatsby's createPage (a fake in tests records the calls) and the
// template files by name.
export interface PageInput {
  path: string;
  component: string;
  context: Record<string, unknown>;
  matchPath?: string;
}

export interface PageActions {
  createPage(page: PageInput): void;
}

export type TemplateOf = (name: string) => string;
