import { programChatMessages } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { RoutedRequest } from '../routing/route-request';
import { byCost } from '../routing/reference-model';
import type { UsableModel } from '../usage/usable-model';
import { invalidParameter } from './openai-chat-request';
import type { ProgramCapability, ProgramRequest } from './program-request';

// What each model can do with a program's request. The AI SDK drops what a provider lacks with a
// warning; the API for programs refuses it instead, naming the parameter (docs/decisions/055).

/** Catalog models that read no images. */
const textOnlyModels = new Set(['openai/o3-mini']);

/** What the embedded model cannot do: it takes text turns and a temperature only. */
const localLacks: ProgramCapability[] = [
  'tools',
  'images',
  'responseFormat',
  'jsonWithoutSchema',
  'topP',
  'stop',
  'seed',
];

/** The first capability the request asks for that the model lacks, if any. */
function missingCapability(model: CatalogModel, asked: ProgramRequest['asked']): ProgramCapability | undefined {
  const lacks = new Set<ProgramCapability>();
  if (model.provider === 'local') for (const capability of localLacks) lacks.add(capability);
  // Anthropic's Messages API has no seed, and JSON output only with a schema.
  if (model.provider === 'anthropic') {
    lacks.add('seed');
    lacks.add('jsonWithoutSchema');
  }
  if (!model.acceptsTemperature) lacks.add('temperature');
  if (textOnlyModels.has(model.id)) lacks.add('images');
  return (Object.keys(asked) as ProgramCapability[]).find((capability) => lacks.has(capability));
}

/**
 * The route with models that can do what the request asks: a named model that cannot is a 400
 * naming the parameter; Auto's choice that cannot gives way to the cheapest capable model the key
 * may use, of its tier or above when there is one; a backup that cannot is left out.
 */
export function fitRouteToRequest(
  route: RoutedRequest,
  usable: readonly UsableModel[],
  request: ProgramRequest,
): RoutedRequest {
  const capable = (model: CatalogModel) => missingCapability(model, request.asked) === undefined;
  let primary = route.primary;
  const missing = missingCapability(primary.model, request.asked);
  if (missing) {
    const param = request.asked[missing]!;
    if (route.mode === 'forced')
      throw invalidParameter(programChatMessages.unsupportedParameter(param, primary.model.id), param);
    const candidates = usable
      .filter((candidate) => capable(candidate.model))
      .sort((first, second) => byCost(first.model, second.model));
    const replacement =
      candidates.find((candidate) => candidate.model.tier >= route.primary.model.tier) ?? candidates.at(-1);
    if (!replacement) throw invalidParameter(programChatMessages.noCapableModel(param), param);
    primary = replacement;
  }
  const backup =
    route.backup && capable(route.backup.model) && route.backup.model.id !== primary.model.id
      ? route.backup
      : undefined;
  const cap = request.options.maxOutputTokens;
  const capped = (model: UsableModel) =>
    cap ? { ...model, replyTokenCap: Math.min(model.replyTokenCap, cap) } : model;
  return {
    ...route,
    primary: capped(primary),
    backup: backup && capped(backup),
    ...(primary === route.primary
      ? {}
      : {
          reasonText: `${route.reasonText}; ${primary.model.id} instead of ${route.primary.model.id}, which cannot do what the request asks`,
        }),
  };
}
