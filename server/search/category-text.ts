// What a product's category is searched by (issue 43): the leaf's Chinese name and English term
// and its second-level category's name, so 面霜 finds the products of the 面霜 leaf.
import type { Catalogue } from '../catalogue';
import type { CategoryText } from './index-store';

export function categorySearchText(catalogue: Catalogue): CategoryText {
  return (id) => {
    const leaf = catalogue.leafById.get(id);
    return leaf ? `${leaf.displayTerm} ${leaf.term} ${leaf.parentDisplayTerm}` : '';
  };
}
