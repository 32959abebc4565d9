import type { ChatFinishReason, ChatMessage } from '../chat-provider';

/** One generation as the local provider asks for it. */
export interface GenerationRequest {
  messages: readonly ChatMessage[];
  maxOutputTokens: number;
  temperature: number | undefined;
  /** Stops the generation; the engine then resolves with what it produced so far. */
  signal: AbortSignal;
  /** Receives the reply's text as it is generated, in order. */
  onText: (text: string) => void;
}

/** What a finished (or stopped) generation cost and why it ended. */
export interface GenerationResult {
  /** Prompt tokens the model evaluated. */
  inputTokens: number;
  /** Tokens the model generated, its end-of-turn token included. */
  outputTokens: number;
  finishReason: ChatFinishReason;
}

/**
 * Where the model is on its way to answering: not asked for yet, its file being prepared (the
 * bundled model is assembled on first use), loading into memory (`progress` 0..1), ready, or
 * failed to load (the next request tries again).
 */
type LocalModelState = 'not_loaded' | 'preparing' | 'loading' | 'ready' | 'failed';

export interface LocalModelStatus {
  state: LocalModelState;
  /** Share of the model loaded while `state` is 'loading'. */
  progress?: number;
}

/**
 * Runs one generation at a time on a local model (the provider's queue guarantees that).
 * `generate` resolves, never rejects, when its signal aborts it; failures reject with a
 * GatewayError.
 */
export interface GenerationEngine {
  /** Loads the model now instead of on the first generation; concurrent calls share one load. */
  load(): Promise<void>;
  status(): LocalModelStatus;
  generate(request: GenerationRequest): Promise<GenerationResult>;
  /** Frees the model and its context; waits for a load in progress. */
  close(): Promise<void>;
}
