const domainMap = require('./src/server/domain-map.cjs');
const { domainRules } = require('./src/server/domain-rules.cjs');

/**
 * Dependencies point one way: contracts <- server, web. The web app never reaches into the
 * server and the server never into the web app; contracts depend on nothing of ours.
 */
module.exports = {
  forbidden: [
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      from: { path: '^src/contracts' },
      to: { path: '^src/(server|web|gateway)' },
    },
    {
      name: 'money-stands-alone',
      comment:
        'The money module (docs/decisions/063) is imported by the gateway, the server and the web app: it imports nothing of ours.',
      severity: 'error',
      from: { path: '^src/money' },
      to: { path: '^src/(?!money/)' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: '^src/(server|gateway)' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/web' },
    },
    {
      name: 'gateway-free-of-http-and-database',
      comment: 'Providers, router and cache import neither the HTTP framework nor the database.',
      severity: 'error',
      from: { path: '^src/gateway' },
      to: { path: '^(src/server|node_modules/(hono|@hono|drizzle-orm|pg|@electric-sql))' },
    },
    {
      name: 'models-called-through-metered-calls',
      comment:
        "Every model call on an organisation's behalf is reserved, deadlined, recorded and settled in one place " +
        "(docs/decisions/037): only src/server/metered-calls imports the gateway's model-calling parts " +
        '(ChatProvider, createModelGateway, the provider adapters, the embedded model). The rest of the gateway ' +
        '(catalog, router, cache, embeddings) stays open to all.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(gateway|server/metered-calls)/' },
      to: {
        path: '^src/gateway/(model-calling\\.ts$|providers/(chat-provider|ai-sdk-chat-provider|model-gateway|retry-unanswered|language-model-factories|warm-provider-protocols)\\.ts$|providers/local/)',
      },
    },
    // The domains of src/server import one another only as the domain map allows (docs/decisions/070).
    ...domainRules(domainMap),
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
