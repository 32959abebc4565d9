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
import { createOrganisationCopies } from '../organisation-copies';

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

type Copy = Pick<StoredRouterState, 'state' | 'version'>;

/**
 * Each organisation's online router on this instance (docs/decisions/068). A request never waits
 * for the database except the first for an organisation: the copy is refreshed in the background
 * once older than `maxAgeMs`, and replaced at once by what this instance writes.
 */
export function createOrganisationRouters(options: OrganisationRoutersOptions): OrganisationRouters {
  const { db, encoder, logger } = options;
  const copies = createOrganisationCopies<Copy>({
    read: async (orgId) =>
      (await readRouterState(db, orgId, encoder, logger)) ?? { state: emptyRouterState(encoder), version: 0 },
    logger,
    what: "the organisation's router",
    maxAgeMs: options.maxAgeMs,
    capacity: options.capacity,
  });
  // The threshold is computed once per copy and quality target (a new copy is a new object).
  const thresholds = new WeakMap<Copy, Map<number, LearnedThreshold | undefined>>();

  function thresholdOf(copy: Copy, qualityTarget: number): LearnedThreshold | undefined {
    const known = thresholds.get(copy) ?? new Map<number, LearnedThreshold | undefined>();
    thresholds.set(copy, known);
    if (!known.has(qualityTarget))
      known.set(qualityTarget, learnedThresholdForQuality(copy.state, qualityTarget, decidingLabels));
    return known.get(qualityTarget);
  }

  const embed = async (prompt: string) => (await encoder.embed([encoderWindow(prompt, routerWindowCharacters)]))[0]!;

  return {
    encoder,
    async choose(orgId, prompt, globalScore, qualityTarget, tiers) {
      const copy = await copies.copyOf(orgId);
      const learned = thresholdOf(copy, qualityTarget);
      if (!learned) return undefined;
      const { state } = copy;
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
      copies.keep(orgId, saved);
    },
    remember: (orgId, stored) => copies.keep(orgId, stored),
  };
}
