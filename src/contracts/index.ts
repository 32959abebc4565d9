export * from './auth';
export * from './errors';
export * from './messages';
export * from './organisations';
export * from './password-strength';
export * from './plans';
export * from './scopes';
