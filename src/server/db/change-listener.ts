/** What a listener for the database's change notifications tells its owner. */
export interface ChangeListenerHandlers {
  /** A committed change named this payload (an organisation id). */
  notified(payload: string): void;
  /** Listening (again): from now on no change goes unannounced. */
  connected(): void;
  /** The listening connection failed: changes may have been missed until `connected` is called again. */
  lost(): void;
}

/** The channel the caller-state triggers notify (migration 0041, docs/decisions/066). */
export const callerStateChannel = 'tokenwise_caller_state';
