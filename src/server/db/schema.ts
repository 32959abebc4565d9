/** The whole database schema, one file per domain under tables/; drizzle-kit reads it from here. */
export * from './tables/organisations';
export * from './tables/auth';
export * from './tables/api-keys';
export * from './tables/billing';
export * from './tables/conversations';
export * from './tables/preferences';
export * from './tables/provider-keys';
export * from './tables/routing';
export * from './tables/routing-quality';
export * from './tables/organisation-router-states';
export * from './tables/server-instances';
export * from './tables/administration';
export * from './tables/usage-reservations';
export * from './tables/usage-rollups';
export * from './tables/wallet';
export * from './tables/single-sign-on';
export * from './tables/scim';
