/**
 * A deliberately light English stemmer for comparing two prompts word by word: folds plurals,
 * verb endings and British/American spellings ("datasets"/"dataset", "organising"/"organize",
 * "colour"/"color") to one form. It never needs to produce a real word, only the same form for
 * the inflections of one word; over-stemming is harmless because both prompts go through it.
 */
const irregular = new Map<string, string>(
  Object.entries({
    children: 'child',
    people: 'person',
    men: 'man',
    women: 'woman',
    mice: 'mouse',
    feet: 'foot',
    teeth: 'tooth',
    made: 'make',
    built: 'build',
    wrote: 'write',
    written: 'write',
    ran: 'run',
    went: 'go',
    gone: 'go',
    got: 'get',
    gotten: 'get',
    took: 'take',
    taken: 'take',
    gave: 'give',
    given: 'give',
    found: 'find',
    kept: 'keep',
    left: 'leave',
    bought: 'buy',
    sold: 'sell',
    sent: 'send',
    spent: 'spend',
    thought: 'think',
    taught: 'teach',
    brought: 'bring',
    chose: 'choose',
    chosen: 'choose',
    broke: 'break',
    broken: 'break',
    knew: 'know',
    known: 'know',
    saw: 'see',
    seen: 'see',
    began: 'begin',
    begun: 'begin',
    did: 'do',
    done: 'do',
    does: 'do',
    has: 'have',
    had: 'have',
    is: 'be',
    are: 'be',
    was: 'be',
    were: 'be',
    been: 'be',
    am: 'be',
    better: 'good',
    best: 'good',
    worse: 'bad',
    worst: 'bad',
  }),
);

const britishToAmerican: readonly [RegExp, string][] = [
  [/isation/g, 'ization'],
  [/is(e|es|ed|ing|er|ers)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/([^aeiou])our(s|ed|ing|ite|ites|able)?$/, '$1or$2'],
  [/([^aeiou])tre(s)?$/, '$1ter$2'],
  [/ogue(s)?$/, 'og$1'],
];

export function lightStem(word: string): string {
  let stem = word.toLowerCase().replace(/['\u2019]s$/, '');
  const known = irregular.get(stem);
  if (known) return lightStem(known);
  if (stem.length <= 3) return stem.length === 3 && stem.endsWith('e') ? stem.slice(0, -1) : stem;
  if (stem.length > 5)
    for (const [pattern, replacement] of britishToAmerican) stem = stem.replace(pattern, replacement);
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (/(sses|xes|ches|shes|zes)$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is|ous)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('ing') && stem.length > 4) stem = stem.slice(0, -3);
  else if (stem.endsWith('ied') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('ed') && stem.length > 3) stem = stem.slice(0, -2);
  if (/(bb|dd|gg|ll|mm|nn|pp|rr|tt)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('e') && stem.length > 2) stem = stem.slice(0, -1);
  if (stem.endsWith('y') && stem.length > 3) stem = `${stem.slice(0, -1)}i`;
  return stem;
}
