import type { chatMessages } from '../db/schema';

// A conversation is a tree (docs/decisions/054): each message names the one before it in its branch,
// user messages with the same parent are versions of one message, and one version of each is shown.

type BranchNode = Pick<
  typeof chatMessages.$inferSelect,
  'id' | 'role' | 'parentMessageId' | 'version' | 'supersededAt' | 'createdAt'
>;

/** Which version of a user message is shown (from 1) and how many there are. */
export interface VersionPlace {
  shown: number;
  count: number;
}

/**
 * The messages of the branch shown, in the order given: those not set aside whose chain of parents
 * is shown too. A parent that is not among the rows counts as shown.
 */
export function shownBranch<Row extends { message: BranchNode }>(rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.message.id, row.message]));
  const known = new Map<string, boolean>();
  const isShown = (start: BranchNode): boolean => {
    const chain: BranchNode[] = [];
    let answer: boolean | undefined;
    for (let node: BranchNode | undefined = start; node; ) {
      const cached = known.get(node.id);
      if (cached !== undefined) {
        answer = cached;
        break;
      }
      chain.push(node);
      if (node.supersededAt !== null) {
        answer = false;
        break;
      }
      node = node.parentMessageId === null ? undefined : byId.get(node.parentMessageId);
    }
    const result = answer ?? true;
    // Everything on the walked chain up to the first set-aside message shares its answer.
    for (const node of chain) known.set(node.id, result);
    return result;
  };
  return rows.filter((row) => isShown(row.message));
}

/** Versions of a user message: the user messages of the session with the same parent, by version. */
export function versionsOf<Node extends BranchNode>(nodes: readonly Node[], message: Node): Node[] {
  return nodes
    .filter((node) => node.role === 'user' && node.parentMessageId === message.parentMessageId)
    .sort((first, second) => first.version - second.version || first.createdAt.getTime() - second.createdAt.getTime());
}

/** Every user message's place among its versions. */
export function versionPlaces(nodes: readonly BranchNode[]): Map<string, VersionPlace> {
  const groups = new Map<string | null, BranchNode[]>();
  for (const node of nodes) {
    if (node.role !== 'user') continue;
    const group = groups.get(node.parentMessageId) ?? [];
    group.push(node);
    groups.set(node.parentMessageId, group);
  }
  const places = new Map<string, VersionPlace>();
  for (const group of groups.values()) {
    group.sort(
      (first, second) => first.version - second.version || first.createdAt.getTime() - second.createdAt.getTime(),
    );
    const shown = group.findIndex((node) => node.supersededAt === null) + 1;
    for (const node of group) places.set(node.id, { shown, count: group.length });
  }
  return places;
}
