import { z } from 'zod';
import { userIdSchema } from './ids';
import { text } from './text-rules';

export const themes = ['system', 'light', 'dark'] as const;
export const fontSizes = ['small', 'medium', 'large'] as const;
export const messageHistoryOptions = [50, 100, 200, 500] as const;

/** User preferences of spec section 3, in the snake_case the calls carry. */
export const preferencesSchema = z.object({
  theme: z.enum(themes),
  /** A catalog model id, or null to let the server choose (the router). */
  default_model: text({ label: 'Default model', max: 200 }).nullable(),
  font_size: z.enum(fontSizes),
  notifications: z.boolean(),
  sound_effects: z.boolean(),
  message_history: z.union(
    messageHistoryOptions.map((option) => z.literal(option)) as [
      z.ZodLiteral<50>,
      z.ZodLiteral<100>,
      z.ZodLiteral<200>,
      z.ZodLiteral<500>,
    ],
  ),
  auto_save: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /preferences/user/{id}: any subset of the fields. */
export const updatePreferencesRequestSchema = preferencesSchema.partial();

/** Preference calls name the caller. */
export const preferencesPathSchema = z.object({ id: userIdSchema });
export const deleteHistoryResponseSchema = z.object({ success: z.boolean(), deletedCount: z.number().int() });

/**
 * Spec section 9's defaults, except the default model: the spec's 'gpt-4' is not a model this
 * product offers, so no preference means the server picks (docs/decisions/007).
 */
export const defaultPreferences: Preferences = {
  theme: 'system',
  default_model: null,
  font_size: 'medium',
  notifications: true,
  sound_effects: true,
  message_history: 100,
  auto_save: true,
};
