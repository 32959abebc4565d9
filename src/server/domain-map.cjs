/**
 * The domain map of src/server (docs/decisions/070-domain-map.md): every folder is one domain in one
 * layer and names the domains it may import. Imports point down the layers (or sideways within one)
 * and never round in a cycle: the architecture test checks the map is acyclic and covers every folder,
 * and .dependency-cruiser.cjs turns it into one rule per domain. The files at the top of src/server
 * (app.ts, server.ts, main.ts, ...) compose the domains and are imported by none.
 */
module.exports = {
  layers: ['foundations', 'records', 'money', 'identity', 'models', 'surfaces'],
  domains: {
    // foundations
    db: {
      layer: 'foundations',
      owns: 'The database: drizzle tables, migrations, the PGlite or PostgreSQL connection, transactions.',
      imports: [],
    },
    config: {
      layer: 'foundations',
      owns: 'Environment variables read once and validated.',
      imports: [],
    },
    shared: {
      layer: 'foundations',
      owns: 'Small helpers with no domain: ids, background tasks, interval jobs, retries, constraint-violation checks.',
      imports: [],
    },
    email: {
      layer: 'foundations',
      owns: 'Sending mail (SMTP or the log) and the mail templates.',
      imports: [],
    },
    cache: {
      layer: 'foundations',
      owns: 'The semantic reply cache store and its embeddings.',
      imports: ['db'],
    },
    'caller-state': {
      layer: 'foundations',
      owns: 'The caller state held in memory across requests (docs/decisions/066).',
      imports: ['db'],
    },
    http: {
      layer: 'foundations',
      owns: 'Framework helpers: the API router, errors, request context, body and path checks, draining, and request guards on the caller (http/access).',
      imports: ['db'],
    },
    observability: {
      layer: 'foundations',
      owns: 'Metrics, tracing, request and HTTP observation.',
      imports: [],
    },
    // records
    'system-messages': {
      layer: 'records',
      owns: "Messages shown to an organisation's administrators.",
      imports: ['db', 'http'],
    },
    audit: {
      layer: 'records',
      owns: 'Writing the audit log: administrative changes and actor changes, recorded in the same transaction.',
      imports: ['db', 'http'],
    },
    analytics: {
      layer: 'records',
      owns: 'The read side of usage records: totals and reports by user, model, source and key, routing savings, the billing cycle.',
      imports: ['db', 'http'],
    },
    // money
    wallet: {
      layer: 'money',
      owns: 'The prepaid wallet: ledger, top-ups, automatic top-up, empty-wallet notice.',
      imports: ['db', 'config', 'http', 'system-messages', 'audit', 'analytics'],
    },
    billing: {
      layer: 'money',
      owns: 'Plans, subscriptions, invoices, renewals and dunning, plan features and allowances.',
      imports: ['db', 'shared', 'http', 'system-messages', 'audit', 'analytics', 'wallet'],
    },
    // identity
    users: {
      layer: 'identity',
      owns: 'The records of people: users and organisation members, account standing, the last administrator, stored preferences.',
      imports: ['db', 'http'],
    },
    roles: {
      layer: 'identity',
      owns: "The records of roles: scopes, per-model permissions and limits, default roles, a person's usage against them.",
      imports: ['db', 'http', 'analytics', 'users'],
    },
    organisations: {
      layer: 'identity',
      owns: 'Organisations and their settings (with the sign-in rules they hold), reading their audit log.',
      imports: ['db', 'caller-state', 'http', 'audit', 'billing', 'users'],
    },
    auth: {
      layer: 'identity',
      owns: 'Sign-up, sign-in, sessions, tokens, passwords, second factor, recovery codes, secrets at rest.',
      imports: ['db', 'shared', 'email', 'http', 'audit', 'wallet', 'users', 'roles', 'organisations'],
    },
    'single-sign-on': {
      layer: 'identity',
      owns: 'OpenID Connect single sign-on: providers, enforcement, role synchronisation.',
      imports: ['db', 'config', 'shared', 'http', 'audit', 'users', 'roles', 'organisations', 'auth'],
    },
    scim: {
      layer: 'identity',
      owns: 'SCIM provisioning of users and groups.',
      imports: ['db', 'shared', 'http', 'audit', 'users', 'auth', 'single-sign-on'],
    },
    'api-keys': {
      layer: 'identity',
      owns: 'API keys for programs: creation, rules, budgets, last use.',
      imports: ['db', 'caller-state', 'http', 'audit', 'roles', 'organisations'],
    },
    administration: {
      layer: 'identity',
      owns: "Administrators' services and routes over the records below: people (administration, invitations, profiles, the e-mail domain rule), roles (their routes and service) and the organisation's router.",
      imports: [
        'db',
        'shared',
        'email',
        'http',
        'audit',
        'users',
        'roles',
        'organisations',
        'auth',
        'single-sign-on',
        'api-keys',
      ],
    },
    pricing: {
      layer: 'money',
      owns: "The versioned price table: the price book in memory, the operator's prices file (docs/decisions/071).",
      imports: ['db'],
    },
    // models
    'provider-keys': {
      layer: 'models',
      owns: 'Provider keys and the models an organisation has enabled.',
      imports: ['db', 'http', 'auth'],
    },
    usage: {
      layer: 'models',
      owns: 'Token usage, limits and the room left under them; model access (the models a caller may use, the usable-model type, the reply reserve).',
      imports: [
        'db',
        'caller-state',
        'http',
        'pricing',
        'wallet',
        'users',
        'organisations',
        'api-keys',
        'provider-keys',
      ],
    },
    'metered-calls': {
      layer: 'models',
      owns: 'The one metered path for model calls: reserve, call with a deadline, record, settle (docs/decisions/037); the routing decision of each call; the model-call metrics observer.',
      imports: ['db', 'http', 'observability', 'pricing', 'wallet', 'billing', 'provider-keys', 'usage'],
    },
    routing: {
      layer: 'models',
      owns: 'Choosing the model for a prompt: policies, scoring, the organisation router, the reply cache and its judge, shadow evaluation; the routing dependencies.',
      imports: [
        'db',
        'config',
        'shared',
        'cache',
        'caller-state',
        'pricing',
        'http',
        'audit',
        'analytics',
        'billing',
        'organisations',
        'provider-keys',
        'usage',
        'metered-calls',
      ],
    },
    conversations: {
      layer: 'models',
      owns: 'Chat sessions and messages, sending a message, the chat models a caller may use.',
      imports: [
        'db',
        'shared',
        'cache',
        'http',
        'observability',
        'pricing',
        'users',
        'organisations',
        'auth',
        'provider-keys',
        'usage',
        'metered-calls',
        'routing',
      ],
    },
    // surfaces
    feedback: {
      layer: 'surfaces',
      owns: 'Ratings of answers and what calibration learns from them.',
      imports: ['db', 'shared', 'http', 'billing', 'metered-calls', 'routing', 'conversations'],
    },
    preferences: {
      layer: 'surfaces',
      owns: "A person's preferences and deleting their own data (history, feedback, preferences).",
      imports: ['db', 'http', 'users', 'conversations', 'feedback'],
    },
    'program-api': {
      layer: 'surfaces',
      owns: 'The /v1 endpoints for programs (OpenAI-compatible) and their OpenAPI paths.',
      imports: ['db', 'http', 'auth', 'api-keys', 'usage', 'metered-calls', 'routing', 'conversations', 'feedback'],
    },
    retention: {
      layer: 'surfaces',
      owns: "Deleting conversations past the organisation's retention period.",
      imports: ['db', 'shared', 'conversations'],
    },
  },
};
