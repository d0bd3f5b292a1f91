// World areas (server/seed/world-areas.ts) indexed once: the tree for the list call, one node
// with its subtree, and the check that an address's area ids run from a province down to a
// leaf, each the child of the one before.
import { WORLD_AREA_TREE } from '../seed/world-areas';
import type { WorldArea } from '../../src/storefront/wire/profile';

interface Area {
  id: string;
  name: string;
  parentId: string | null;
  children: Area[];
}

export class WorldAreas {
  private readonly byId = new Map<string, Area>();
  private readonly roots: Area[];

  constructor(tree = WORLD_AREA_TREE) {
    const build = (n: (typeof tree)[number], parentId: string | null): Area => {
      const a: Area = { id: n[0], name: n[1], parentId, children: [] };
      this.byId.set(a.id, a);
      a.children = (n[2] ?? []).map((c) => build(c, a.id));
      return a;
    };
    this.roots = tree.map((n) => build(n, null));
  }

  private toWire(a: Area): WorldArea {
    return {
      id: a.id,
      name: a.name,
      parentId: a.parentId,
      ...(a.children.length ? { children: a.children.map((c) => this.toWire(c) as never) } : {}),
    };
  }

  list(): WorldArea[] {
    return this.roots.map((r) => this.toWire(r));
  }

  get(id: string): WorldArea | undefined {
    const a = this.byId.get(id);
    return a && this.toWire(a);
  }

  /** The Chinese reason an address's area chain is refused, or null. */
  checkChain(ids: string[]): string | null {
    let parent: Area | null = null;
    for (const id of ids) {
      const a = this.byId.get(id);
      if (!a || a.parentId !== (parent?.id ?? null)) return '所在地区无效，请重新选择省、市、区';
      parent = a;
    }
    if (!parent || parent.children.length) return '请选择完整的所在地区（省、市、区）';
    return null;
  }
}
