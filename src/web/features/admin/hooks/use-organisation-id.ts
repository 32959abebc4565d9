import { useAuth } from '../../auth/hooks/use-auth';

/** The signed-in person's organisation: every admin call names it. */
export function useOrganisationId(): string {
  return useAuth().user?.org_id ?? '';
}
