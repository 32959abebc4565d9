/** The role form's model groups, in the spec's order (section 2). */
export const modelGroups = ['GPT-4', 'GPT-3.5', 'Claude', 'PaLM/Gemini', 'Embedding', 'Image', 'Other'] as const;
export type ModelGroup = (typeof modelGroups)[number];

/** Tried in this order: an embedding or image model of any provider goes to its kind first. */
const groupRules: readonly [ModelGroup, RegExp][] = [
  ['Embedding', /embed/],
  ['Image', /dall-e|gpt-image|imagen|image|stable-diffusion|flux/],
  ['GPT-4', /gpt-4/],
  ['GPT-3.5', /gpt-3\.5/],
  ['Claude', /^anthropic\/|claude/],
  ['PaLM/Gemini', /^google\/|gemini|palm|bison/],
];

/** The group a catalog model id ('openai/gpt-4o', 'anthropic/claude-sonnet-4'...) belongs to. */
export function modelGroupOf(modelId: string): ModelGroup {
  const id = modelId.toLowerCase();
  return groupRules.find(([, pattern]) => pattern.test(id))?.[0] ?? 'Other';
}

/** A readable name for a model the server did not name: the part after the provider. */
export function fallbackModelName(modelId: string): string {
  const separator = modelId.indexOf('/');
  return separator >= 0 ? modelId.slice(separator + 1) : modelId;
}
