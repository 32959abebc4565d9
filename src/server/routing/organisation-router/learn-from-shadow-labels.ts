import type { Logger } from 'pino';
import type { ShadowLabelled } from '../shadow/shadow-evaluator';
import type { OrganisationRouters } from './organisation-routers';
import { labelOfVerdict } from './verdict-labels';

/**
 * What shadow evaluation does with each verdict it stores: the organisation's router learns it.
 * It runs in the evaluation's background task, after the user's reply; a failure is logged and
 * loses only this label (the verdict itself is stored).
 */
export function learnFromShadowLabels(routers: OrganisationRouters, logger: Logger) {
  return async ({ label, candidate }: ShadowLabelled): Promise<void> => {
    // A reply the router did not score (the policy's routing was off) has nothing for the learner to read.
    if (candidate.globalScore === undefined) return;
    try {
      await routers.learn(label.orgId, candidate.question, candidate.globalScore, labelOfVerdict(label.verdict));
    } catch (error) {
      logger.warn({ err: error, orgId: label.orgId }, "the organisation's router could not learn a label");
    }
  };
}
