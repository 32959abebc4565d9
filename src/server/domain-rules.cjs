/**
 * Turns the domain map (domain-map.cjs, docs/decisions/070) into dependency-cruiser rules and checks
 * the map itself. Plain CommonJS so .dependency-cruiser.cjs can require it and the architecture test
 * can run it on made-up maps.
 */

const escapeForPattern = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One forbidden rule per domain: it imports no other domain folder than those the map allows. */
function domainRules(map, root = 'src/server') {
  const base = `^${escapeForPattern(root)}/`;
  const names = Object.keys(map.domains);
  const rules = names.map((domain) => {
    const allowed = [domain, ...map.domains[domain].imports].map(escapeForPattern).join('|');
    return {
      name: `domain-${domain}`,
      comment: `${domain} imports only the domains the map (${root}/domain-map.cjs) lets it: ${map.domains[domain].imports.join(', ') || 'none'}.`,
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

/** The cycles among the domains' imports: each as a path a -> ... -> a. */
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
  for (const cycle of mapCycles(map)) problems.push(`cycle: ${cycle.join(' -> ')}`);
  return problems;
}

module.exports = { domainRules, mapCycles, mapProblems };
