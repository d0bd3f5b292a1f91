// Whether React owns a DOM element yet: it has hydrated or rendered it (its fiber is on the
// element). Shared by the HydrateLater gate (./hydrate-later-gate.ts) and the boot's held taps
// (src/boot/engagement.ts); no imports, so the boot's entry chunk stays small.

/** The attribute that names a HydrateLater section's wrapper element in the server markup. */
export const HYDRATE_LATER_ATTR = 'data-hydrate-later';

export const ownedByReact = (el: Element): boolean => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
