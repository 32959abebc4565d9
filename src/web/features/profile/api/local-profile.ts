import type { User } from '@contracts';
import { z } from 'zod';

/**
 * The server has no call to update a profile, so (as the spec's profile save, which makes no
 * server call) the edited details are kept in this browser, per user.
 */
export const localProfileSchema = z.object({
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
});
export type LocalProfile = z.infer<typeof localProfileSchema>;

export const localProfileKey = (userId: string) => `profile:${userId}`;

export function readLocalProfile(user: User): LocalProfile {
  const fromServer: LocalProfile = {
    username: user.username,
    email: user.email,
    firstName: user.first_name ?? '',
    lastName: user.last_name ?? '',
    phone: user.phone ?? '',
  };
  try {
    const stored = localStorage.getItem(localProfileKey(user.id));
    const parsed = stored ? localProfileSchema.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : fromServer;
  } catch {
    return fromServer;
  }
}

export function saveLocalProfile(userId: string, profile: LocalProfile): void {
  localStorage.setItem(localProfileKey(userId), JSON.stringify(profile));
}
