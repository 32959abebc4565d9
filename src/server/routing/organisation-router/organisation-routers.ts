import type { Logger } from 'pino';
import {
  encoderWindow,
  learnedThresholdForQuality,
  learnOnlineRouter,
  scoreOnlineRouter,
  type LearnedThreshold,
  type RouterLabel,
  type SentenceEncoder,
} from '../../../gateway';
import type { Database } from '../../db/database';
import {
  decidingLabels,
  emptyRouterState,
  changeRouterState,
  readRouterState,
  routerWindowCharacters,
} from './router-state-repository';
import type { StoredRouterState } from './router-state-repository';

/** How the organisation's own router chose a tier for a prompt. */
interface OrganisationRouterChoice {
  /** The organisation router's score (0-1, higher: more need of the strongest tier). */
  score: number;
  /** The score from which the strongest tier answers; 1 when its labels say no prompt needs it. */
  threshold: number;
  tier: number;
  /** Labels it has learned. */
  labels: number;
}

export interface OrganisationRouters {
  /**
   * The organisation's router's choice among `tiers` when it decides (enough labels for its own
   * threshold), else undefined: the global router decides. Reads this instance's copy of the state.
   */
  choose(
    orgId: string,
    prompt: string,
    globalScore: number,
    qualityTarget: number,
    tiers: readonly number[],
  ): Promise<OrganisationRouterChoice | undefined>;
  /** Learns one labelled prompt into the stored state (read, learned and written in one locked transaction). */
  learn(orgId: string, prompt: string, globalScore: number, label: RouterLabel): Promise<void>;
  /** Takes a state this instance has just written (a reset) as its copy. */
  remember(orgId: string, stored: StoredRouterState): void;
  readonly encoder: Pick<SentenceEncoder, 'id' | 'dimensions'>;
}

export interface OrganisationRoutersOptions {
  db: Database;
  encoder: SentenceEncoder;
  logger: Logger;
  /** A copy older than this is read again in the background, while requests go on using it. Defaults to 30 s. */
  maxAgeMs?: number;
  /** Organisations whose copy is held; the one read longest ago is dropped first. Defaults to 1,000. */
  capacity?: number;
}

interface Copy {
  stored: Pick<StoredRouterState, 'state' | 'version'>;
  readAt: number;
  thresholds: Map<number, LearnedThreshold | undefined>;
  refreshing?: boolean;
}

/**
 * Each organisation's online router on this instance (docs/decisions/068). A request never waits
 * for the database except the first for an organisation: the copy is refreshed in the background
 * once older than `maxAgeMs`, and replaced at once by what this instance writes.
 */
export function createOrganisationRouters(options: OrganisationRoutersOptions): OrganisationRouters {
  const { db, encoder, logger } = options;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const capacity = options.capacity ?? 1000;
  const copies = new Map<string, Copy>();
  const loading = new Map<string, Promise<Copy>>();

  function keep(orgId: string, stored: Copy['stored']): Copy {
    const held = copies.get(orgId);
    if (held && held.stored.version > stored.version) return held;
    const copy: Copy = { stored, readAt: Date.now(), thresholds: new Map() };
    copies.delete(orgId);
    copies.set(orgId, copy);
    if (copies.size > capacity) copies.delete(copies.keys().next().value!);
    return copy;
  }

  const read = async (orgId: string) =>
    (await readRouterState(db, orgId, encoder, logger)) ?? { state: emptyRouterState(encoder), version: 0 };

  function refreshInBackground(orgId: string, copy: Copy): void {
    if (copy.refreshing || Date.now() - copy.readAt < maxAgeMs) return;
    copy.refreshing = true;
    read(orgId)
      .then((stored) => {
        if (stored.version > copy.stored.version) keep(orgId, stored);
        else copy.readAt = Date.now();
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, orgId }, "the organisation's router could not be read again"),
      )
      .finally(() => {
        copy.refreshing = false;
      });
  }

  async function copyOf(orgId: string): Promise<Copy> {
    const held = copies.get(orgId);
    if (held) {
      refreshInBackground(orgId, held);
      return held;
    }
    let pending = loading.get(orgId);
    if (!pending) {
      pending = read(orgId)
        .then((stored) => keep(orgId, stored))
        .finally(() => loading.delete(orgId));
      loading.set(orgId, pending);
    }
    return pending;
  }

  function thresholdOf(copy: Copy, qualityTarget: number): LearnedThreshold | undefined {
    if (!copy.thresholds.has(qualityTarget))
      copy.thresholds.set(qualityTarget, learnedThresholdForQuality(copy.stored.state, qualityTarget, decidingLabels));
    return copy.thresholds.get(qualityTarget);
  }

  const embed = async (prompt: string) => (await encoder.embed([encoderWindow(prompt, routerWindowCharacters)]))[0]!;

  return {
    encoder,
    async choose(orgId, prompt, globalScore, qualityTarget, tiers) {
      const copy = await copyOf(orgId);
      const learned = thresholdOf(copy, qualityTarget);
      if (!learned) return undefined;
      const { state } = copy.stored;
      const { score } = scoreOnlineRouter(state, { embedding: await embed(prompt), staticScore: globalScore });
      const strong = learned.threshold !== null && score >= learned.threshold;
      const sorted = [...tiers].sort((first, second) => first - second);
      return {
        score,
        threshold: learned.threshold ?? 1,
        tier: strong ? sorted.at(-1)! : sorted[0]!,
        labels: state.labels,
      };
    },
    async learn(orgId, prompt, globalScore, label) {
      // Embedded before the row is locked: the lock is held only for the learning itself.
      const embedding = await embed(prompt);
      const saved = await changeRouterState(db, orgId, encoder, logger, (state) =>
        learnOnlineRouter(state, { embedding, staticScore: globalScore }, label),
      );
      keep(orgId, saved);
    },
    remember: (orgId, stored) => void keep(orgId, stored),
  };
}
