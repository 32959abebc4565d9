import { lightStem } from '../../src/gateway/cache/light-stem';

/**
 * Used by the benchmark's near-miss generator only, so that a generated "near miss" is never a
 * listed synonym (a paraphrase). The cache's verifier used these groups as matches until
 * decision 026: on human-labelled pairs they helped nothing and in near misses they let wrong
 * answers through. Words that a rewording swaps without changing the request. Written from general English usage
 * (not read off the evaluation data), and kept to words that stay interchangeable in almost any
 * prompt: "fix"/"repair" qualifies, "cat"/"dog" or "install"/"uninstall" never would. A pair
 * missing here only costs a cache miss; a wrong pair here could serve a wrong answer.
 */
const groups: readonly (readonly string[])[] = [
  ['explain', 'describe', 'tell', 'show', 'outline', 'clarify', 'elaborate', 'detail', 'illustrate'],
  ['write', 'compose', 'draft', 'pen'],
  ['create', 'make', 'build', 'generate', 'produce', 'construct'],
  ['give', 'provide', 'offer', 'supply', 'share'],
  ['list', 'enumerate'],
  ['summarize', 'summary', 'sum up', 'recap', 'overview'],
  ['fix', 'repair', 'mend', 'resolve', 'solve', 'troubleshoot'],
  ['remove', 'delete', 'erase', 'eliminate', 'get rid of', 'take out', 'clear'],
  ['get', 'obtain', 'acquire', 'retrieve', 'fetch'],
  ['find', 'locate', 'look up', 'search', 'discover', 'identify'],
  ['use', 'utilize', 'employ', 'apply', 'leverage'],
  ['help', 'assist', 'aid', 'support'],
  ['need', 'require', 'want', 'must'],
  ['start', 'begin', 'launch', 'initiate', 'commence', 'kick off'],
  ['stop', 'end', 'finish', 'terminate', 'halt', 'quit'],
  ['change', 'modify', 'alter', 'adjust', 'edit', 'update', 'tweak'],
  ['improve', 'enhance', 'boost', 'optimize'],
  ['prevent', 'avoid', 'stop'],
  ['choose', 'pick', 'select', 'decide'],
  ['check', 'verify', 'confirm', 'validate', 'test', 'inspect', 'examine'],
  ['combine', 'merge', 'join', 'concatenate', 'unite'],
  ['split', 'divide', 'separate', 'partition', 'break up'],
  ['convert', 'transform', 'turn', 'translate', 'cast'],
  ['compare', 'contrast', 'difference', 'differ', 'versus', 'vs', 'distinguish'],
  ['mean', 'meaning', 'definition', 'define', 'signify'],
  ['way', 'method', 'approach', 'technique', 'means', 'manner', 'procedure'],
  ['step', 'stage', 'phase'],
  ['reason', 'cause', 'why'],
  ['purpose', 'goal', 'aim', 'objective', 'point', 'role', 'function'],
  ['benefit', 'advantage', 'pro', 'upside', 'merit'],
  ['drawback', 'disadvantage', 'con', 'downside'],
  ['problem', 'issue', 'trouble', 'difficulty'],
  ['error', 'bug', 'fault', 'glitch'],
  ['example', 'instance', 'sample', 'illustration'],
  ['tip', 'advice', 'suggestion', 'recommendation', 'recommend', 'suggest', 'advise', 'idea'],
  ['important', 'essential', 'crucial', 'vital', 'critical', 'main', 'major', 'primary', 'chief'],
  ['good', 'great', 'excellent', 'fine', 'nice', 'decent'],
  ['big', 'large', 'huge', 'enormous', 'massive'],
  ['small', 'little', 'tiny', 'minor'],
  ['fast', 'quick', 'rapid', 'speedy', 'swift', 'quickly'],
  ['easy', 'simple', 'straightforward', 'effortless'],
  ['hard', 'difficult', 'tough', 'challenging'],
  ['modern', 'contemporary', 'advanced', 'sophisticated'],
  ['correct', 'right', 'proper', 'accurate', 'appropriate'],
  ['allow', 'enable', 'let', 'permit'],
  ['able', 'capable', 'can', 'possible'],
  ['also', 'additionally', 'too', 'furthermore', 'moreover'],
  ['often', 'frequently', 'commonly', 'usually', 'typically', 'generally', 'normally'],
  ['buy', 'purchase'],
  ['car', 'automobile', 'vehicle'],
  ['kid', 'child'],
  ['job', 'work', 'employment', 'occupation', 'career'],
  ['house', 'home'],
  ['doctor', 'physician'],
  ['movie', 'film'],
  ['picture', 'image', 'photo', 'photograph'],
  ['program', 'programme', 'application', 'app', 'software', 'tool'],
  ['computer', 'pc'],
  ['folder', 'directory'],
  ['file', 'document'],
  ['code', 'script', 'snippet'],
  ['parameter', 'argument', 'param', 'arg', 'option', 'setting'],
  ['attribute', 'property', 'feature', 'field', 'characteristic'],
  ['store', 'save', 'keep', 'persist'],
  ['load', 'import', 'read', 'open'],
  ['show', 'display', 'print', 'output', 'render', 'present'],
  ['run', 'execute', 'invoke', 'call', 'perform', 'carry out', 'do'],
  ['think', 'believe', 'consider', 'reckon'],
  ['talk', 'speak', 'discuss', 'chat'],
  ['ask', 'inquire', 'question', 'query'],
  ['answer', 'reply', 'respond', 'response'],
  ['learn', 'study'],
  ['teach', 'educate', 'train', 'instruct'],
  ['story', 'tale', 'narrative'],
  ['poem', 'verse'],
  ['joke', 'gag', 'pun'],
  ['funny', 'humorous', 'amusing', 'hilarious'],
  ['quick', 'brief', 'short', 'concise', 'succinct'],
  ['full', 'complete', 'entire', 'whole', 'detailed', 'comprehensive', 'thorough'],
  ['work', 'function', 'operate', 'go'],
  ['happen', 'occur', 'take place'],
  ['idea', 'concept', 'notion'],
  ['type', 'kind', 'variety', 'category'],
  ['exist', 'available', 'present'],
  ['optional', 'not mandatory', 'not required'],
  ['default', 'by default', 'standard'],
  ['link', 'url', 'hyperlink'],
  ['web site', 'website', 'site', 'page', 'webpage'],
  ['info', 'information', 'detail', 'data'],
  ['guide', 'tutorial', 'walkthrough', 'instructions', 'directions', 'how-to'],
  ['mold', 'mould'],
  ['tap', 'faucet'],
  ['fridge', 'refrigerator'],
  ['phone', 'telephone', 'cellphone', 'smartphone', 'mobile'],
  ['tv', 'television'],
  ['holiday', 'vacation'],
  ['autumn', 'fall'],
  ['flat', 'apartment'],
  ['lorry', 'truck'],
  ['petrol', 'gasoline', 'gas'],
];

/** Stem (of a single word) to the ids of the groups it belongs to. */
const groupsByStem = new Map<string, number[]>();
groups.forEach((group, groupId) => {
  for (const phrase of group) {
    if (phrase.includes(' ')) continue; // multi-word entries document intent; matching is word by word
    const stem = lightStem(phrase);
    const ids = groupsByStem.get(stem) ?? [];
    if (!ids.includes(groupId)) ids.push(groupId);
    groupsByStem.set(stem, ids);
  }
});

/** Whether two stems name the same thing in a typical prompt (same stem, or listed together above). */
export function areSynonyms(firstStem: string, secondStem: string): boolean {
  if (firstStem === secondStem) return true;
  const first = groupsByStem.get(firstStem);
  const second = groupsByStem.get(secondStem);
  return first !== undefined && second !== undefined && first.some((id) => second.includes(id));
}
