import type { ApiKeyKind } from '../../contracts';
import { isAddressAllowed } from '../organisations/sign-in-rules';

/** What a key's use is judged on, as the database says on this request. */
export interface ApiKeyUse {
  kind: ApiKeyKind;
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** The status of the user the key acts as: 'active' for a person, 'service' for a service key's principal. */
  userStatus: string;
  apiAccessEnabled: boolean;
  /** The organisation's addresses for keys; empty: its sign-in restrictions apply. */
  apiIpRestrictions: readonly string[];
  signInIpRestrictions: readonly string[];
  clientAddress: string;
  now: number;
}

export type ApiKeyVerdict =
  | { outcome: 'allowed' }
  | { outcome: 'revoked' }
  | { outcome: 'expired' }
  | { outcome: 'owner_removed' }
  | { outcome: 'api_access_disabled' }
  | { outcome: 'address_refused' };

/**
 * Whether a key whose secret matched may be used for this request. The key itself first (revoked,
 * expired, its person removed: 401), then the organisation's rules (API access off, an address
 * outside its networks: 403), the same address rules as sign-ins' (sign-in-rules.ts).
 */
export function judgeApiKeyUse(use: ApiKeyUse): ApiKeyVerdict {
  if (use.revokedAt) return { outcome: 'revoked' };
  if (use.expiresAt && use.expiresAt.getTime() <= use.now) return { outcome: 'expired' };
  if (use.userStatus !== (use.kind === 'service' ? 'service' : 'active')) return { outcome: 'owner_removed' };
  if (!use.apiAccessEnabled) return { outcome: 'api_access_disabled' };
  const restrictions = use.apiIpRestrictions.length > 0 ? use.apiIpRestrictions : use.signInIpRestrictions;
  if (!isAddressAllowed(use.clientAddress, restrictions)) return { outcome: 'address_refused' };
  return { outcome: 'allowed' };
}
