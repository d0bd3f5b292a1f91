// The whole mega-menu, built from the catalogue. Imported dynamically (nav-source.ts) so it
// becomes its own chunk.
import { buildMegaMenu, getCatalogue } from '../../catalogue';

export const megaMenu = () => buildMegaMenu(getCatalogue());
