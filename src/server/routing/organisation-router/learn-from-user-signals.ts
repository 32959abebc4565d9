import type { Logger } from 'pino';
import { findMessage } from '../../conversations/chat-message-repository';
import type { Executor } from '../../db/database';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import type { CalibrationDirection } from '../calibration/calibration-rule';
import type { OrganisationRouters } from './organisation-routers';
import { labelOfDirection } from './verdict-labels';

/** A user's verdict on a reply the router sent to a cheaper tier: a rating, or asking a stronger model again. */
interface UserSignal {
  orgId: string;
  userId: string;
  decision: { globalRouterScore: number | null; userMessageId: string | null };
  /** `stronger`: the cheaper tier was not enough; `cheaper`: it was (calibrationMoveOf's direction). */
  direction: CalibrationDirection;
  /** The prompt answered, when the caller has it at hand; otherwise read from the decision's user message. */
  question?: string;
}

export type LearnUserSignal = (signal: UserSignal) => void;

interface LearningDependencies {
  db: Executor;
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
  const { db, logger, inFlight } = dependencies;
  const routers = dependencies.routing.organisationRouters;
  return (signal) => {
    const { globalRouterScore, userMessageId } = signal.decision;
    // A decision from before scores were kept, or one no router scored, has nothing for the learner to read.
    if (!routers || globalRouterScore === null || (signal.question === undefined && !userMessageId)) return;
    const learn = async () => {
      const question = signal.question ?? (await findMessage(db, signal, userMessageId!))?.content;
      if (!question) return;
      await routers.learn(signal.orgId, question, globalRouterScore, labelOfDirection(signal.direction));
    };
    void inFlight.track(
      learn().catch((error: unknown) =>
        logger.warn({ err: error, orgId: signal.orgId }, "the organisation's router could not learn a user's signal"),
      ),
    );
  };
}
