/**
 * Turns the domain map (domain-map.cjs, docs/decisions/070) into dependency-cruiser rules and checks
 * the map itself. Plain CommonJS so .dependency-cruiser.cjs can require it and the architecture test
 * can run it on made-up maps.
 */

const escapeForPattern = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every import one domain may make: the ones it is allowed, plus the known edges still to remove. */
function allowedImports(map, domain) {
  const allowed = new Set(map.domains[domain].imports);
  for (const edge of map.toRemove ?? []) if (edge.from === domain) allowed.add(edge.to);
  return [...allowed];
}

/** One forbidden rule per domain: it imports no other domain folder than those the map allows. */
function domainRules(map, root = 'src/server') {
  const base = `^${escapeForPattern(root)}/`;
  const names = Object.keys(map.domains);
  const rules = names.map((domain) => {
    const allowed = [domain, ...allowedImports(map, domain)].map(escapeForPattern).join('|');
    return {
      name: `domain-${domain}`,
      comment: `${domain} imports only the domains the map (${root}/domain-map.cjs) lets it: ${allowedImports(map, domain).join(', ') || 'none'}.`,
      severity: 'error',
      from: { path: `${base}${escapeForPattern(domain)}/` },
      to: { path: `${base}(?!(${allowed})/)[^/]+/` },
    };
  });
  rules.push(
    {
      name: 'domain-unmapped',
      comment: `Every folder under ${root} is a domain of the map; a new folder is added there first.`,
      severity: 'error',
      from: { path: `${base}(?!(${names.map(escapeForPattern).join('|')})/)[^/]+/` },
      to: {},
    },
    {
      name: 'domain-not-composition',
      comment: `The files at the top of ${root} compose the domains; no domain imports them.`,
      severity: 'error',
      from: { path: `${base}[^/]+/` },
      to: { path: `${base}[^/]+$` },
    },
  );
  return rules;
}

/** The cycles of the map's allowed imports (the edges to remove left out): each as a path a -> ... -> a. */
function mapCycles(map) {
  const cycles = [];
  const state = {};
  const stack = [];
  const visit = (domain) => {
    state[domain] = 'open';
    stack.push(domain);
    for (const next of map.domains[domain]?.imports ?? []) {
      if (state[next] === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state[next]) visit(next);
    }
    stack.pop();
    state[domain] = 'done';
  };
  for (const domain of Object.keys(map.domains)) if (!state[domain]) visit(domain);
  return cycles;
}

/** What is wrong with the map itself: unknown domains named, an import of a higher layer, a cycle. */
function mapProblems(map) {
  const problems = [];
  const layerOf = (domain) => map.layers.indexOf(map.domains[domain].layer);
  for (const [domain, entry] of Object.entries(map.domains)) {
    if (layerOf(domain) < 0) problems.push(`${domain} is in no layer (${entry.layer})`);
    for (const imported of entry.imports) {
      if (!map.domains[imported]) problems.push(`${domain} imports ${imported}, which is no domain`);
      else if (layerOf(imported) > layerOf(domain))
        problems.push(
          `${domain} (${entry.layer}) imports ${imported} of a higher layer (${map.domains[imported].layer})`,
        );
    }
  }
  for (const edge of map.toRemove ?? [])
    if (!map.domains[edge.from] || !map.domains[edge.to])
      problems.push(`to remove: ${edge.from} -> ${edge.to} names no domain`);
  for (const cycle of mapCycles(map)) problems.push(`cycle: ${cycle.join(' -> ')}`);
  return problems;
}

module.exports = { domainRules, mapCycles, mapProblems };
