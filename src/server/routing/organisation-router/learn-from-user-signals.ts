import type { Logger } from 'pino';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import type { CalibrationDirection } from '../calibration/calibration-rule';
import type { OrganisationRouters } from './organisation-routers';
import { labelOfDirection } from './verdict-labels';

/** A user's verdict on a reply the router sent to a cheaper tier: a rating, or asking a stronger model again. */
interface UserSignal {
  orgId: string;
  /** The global router's score of the prompt, as the decision kept it; null: no router scored it, nothing to learn. */
  globalRouterScore: number | null;
  /** `stronger`: the cheaper tier was not enough; `cheaper`: it was (calibrationMoveOf's direction). */
  direction: CalibrationDirection;
  /** The prompt answered (the user's latest turn), read in the background when the label is learned. */
  question: () => Promise<string | undefined>;
}

export type LearnUserSignal = (signal: UserSignal) => void;

interface LearningDependencies {
  logger: Logger;
  inFlight: InFlightCalls;
  routing: { organisationRouters?: OrganisationRouters };
}

/**
 * What a user's rating or regeneration teaches the organisation's router (docs/decisions/072): the
 * same label a judge's verdict would be. It returns at once; the label is learned in the
 * background, after the user's change is saved, and a failure is logged and loses only the label.
 */
export function learnFromUserSignals(dependencies: LearningDependencies): LearnUserSignal {
  const { logger, inFlight } = dependencies;
  const routers = dependencies.routing.organisationRouters;
  return ({ orgId, globalRouterScore, direction, question }) => {
    // A decision from before scores were kept, or one no router scored, has nothing for the learner to read.
    if (!routers || globalRouterScore === null) return;
    const learn = async () => {
      const prompt = await question();
      if (prompt) await routers.learn(orgId, prompt, globalRouterScore, labelOfDirection(direction));
    };
    void inFlight.track(
      learn().catch((error: unknown) =>
        logger.warn({ err: error, orgId }, "the organisation's router could not learn a user's signal"),
      ),
    );
  };
}
