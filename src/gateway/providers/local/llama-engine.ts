import { availableParallelism } from 'node:os';
import type { ChatHistoryItem, Llama, LlamaChat, LlamaChatResponse, LlamaContext, LlamaModel } from 'node-llama-cpp';
import type { ChatFinishReason, ChatMessage } from '../chat-provider';
import { GatewayError } from '../gateway-error';
import { fitHistory } from './fit-history';
import type { GenerationEngine, GenerationRequest, GenerationResult, LocalModelStatus } from './generation-engine';
import { createSharedResource } from './shared-resource';

/** How to run a GGUF chat model with node-llama-cpp on the CPU. */
export interface LlamaEngineOptions {
  /** Path of the GGUF file, resolved on first use (the bundled model is assembled then). */
  resolveModelPath: () => Promise<string>;
  /** Tokens of prompt and reply together. Defaults to 2048 (TinyLlama's training context). */
  contextSize?: number;
  /** CPU threads for evaluation. Defaults to the machine's available parallelism. */
  threads?: number;
  /** Used when a request gives none. Defaults to 0.7 (greedy decoding makes small models loop). */
  defaultTemperature?: number;
  /** llama.cpp's warnings and errors; dropped when not given, so nothing reaches the console. */
  onLog?: (level: string, message: string) => void;
}

interface LoadedModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  chat: LlamaChat;
}

const defaultContextSize = 2048;
// LlamaChat shifts the context (dropping history) once the next token index reaches contextSize - 1;
// keeping prompt plus reply two tokens short of the context means it never has to.
const contextSafetyTokens = 2;
const minimumOutputTokens = 16;

/**
 * A GenerationEngine over node-llama-cpp's prebuilt CPU binary (`@node-llama-cpp/linux-x64`):
 * it never builds or downloads anything. The model, one context and one LlamaChat are created
 * once, on first use, and reused; each generation clears the context's sequence first, so no
 * conversation sees another's tokens.
 */
export function createLlamaEngine(options: LlamaEngineOptions): GenerationEngine {
  const contextSize = options.contextSize ?? defaultContextSize;
  let status: LocalModelStatus = { state: 'not_loaded' };
  const report = (next: LocalModelStatus) => {
    status = next;
  };
  const resource = createSharedResource(async () => {
    try {
      const loaded = await loadModel(options, contextSize, report);
      report({ state: 'ready' });
      return loaded;
    } catch (error) {
      report({ state: 'failed' });
      throw error;
    }
  }, disposeModel);

  async function generate(request: GenerationRequest): Promise<GenerationResult> {
    const { model, chat } = await resource.get().catch((error: unknown) => {
      throw new GatewayError('unavailable', 'The local model could not be loaded', {
        provider: 'local',
        status: 503,
        cause: error,
      });
    });
    const countPromptTokens = (messages: readonly ChatMessage[]) =>
      chat.chatWrapper
        .generateContextState({ chatHistory: toChatHistory(messages) })
        .contextText.tokenize(model.tokenizer).length;
    const fitted = fitHistory(request.messages, {
      tokenBudget: contextSize - contextSafetyTokens,
      maxOutputTokens: request.maxOutputTokens,
      minimumOutputTokens,
      countPromptTokens,
    });
    if (!fitted) {
      throw new GatewayError(
        'bad_request',
        `The message is too long for the local model's ${contextSize}-token context`,
        { provider: 'local' },
      );
    }
    const sequence = chat.sequence;
    await sequence.clearHistory();
    const meterBefore = sequence.tokenMeter.getState();
    let finishReason: ChatFinishReason = 'aborted';
    try {
      const response = await chat.generateResponse(toChatHistory(fitted.messages), {
        maxTokens: fitted.maxOutputTokens,
        temperature: request.temperature ?? options.defaultTemperature ?? 0.7,
        signal: request.signal,
        stopOnAbortSignal: true,
        onTextChunk: (text) => {
          if (text.length > 0) request.onText(text);
        },
      });
      finishReason = toFinishReason(response.metadata.stopReason);
    } catch (error) {
      // Aborted before the first token (while reading the prompt) LlamaChat throws the reason.
      if (!request.signal.aborted) {
        throw new GatewayError('unknown', 'The local model failed while generating', {
          provider: 'local',
          cause: error,
        });
      }
    }
    // The meter counts the prompt's last token as output (its logits yield the first reply
    // token), so every output token is one sampled token; moving that one back gives the prompt.
    const used = sequence.tokenMeter.diff(meterBefore);
    const promptFinished = used.usedOutputTokens > 0 ? 1 : 0;
    return { inputTokens: used.usedInputTokens + promptFinished, outputTokens: used.usedOutputTokens, finishReason };
  }

  return {
    load: async () => {
      await resource.get();
    },
    status: () => status,
    generate,
    close: () => resource.close(),
  };
}

async function loadModel(
  options: LlamaEngineOptions,
  contextSize: number,
  report: (status: LocalModelStatus) => void,
): Promise<LoadedModel> {
  report({ state: 'preparing' });
  // Imported on first use, so a server with the local model switched off never loads the addon.
  const { getLlama, LlamaChat, LlamaLogLevel } = await import('node-llama-cpp');
  const modelPath = await options.resolveModelPath();
  report({ state: 'loading', progress: 0 });
  const threads = options.threads ?? availableParallelism();
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    progressLogs: false,
    maxThreads: threads,
    logLevel: LlamaLogLevel.warn,
    logger: (level, message) => options.onLog?.(level, message),
  });
  try {
    const model = await llama.loadModel({
      modelPath,
      onLoadProgress: (progress) => report({ state: 'loading', progress: Math.min(1, Math.max(0, progress)) }),
    });
    const context = await model.createContext({ contextSize, sequences: 1, threads });
    const chat = new LlamaChat({ contextSequence: context.getSequence(), autoDisposeSequence: true });
    return { llama, model, context, chat };
  } catch (error) {
    await llama.dispose();
    throw error;
  }
}

async function disposeModel(loaded: LoadedModel): Promise<void> {
  loaded.chat.dispose();
  await loaded.context.dispose();
  await loaded.model.dispose();
  await loaded.llama.dispose();
}

/** Our messages as node-llama-cpp's chat history, ending with the empty reply to generate. */
function toChatHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history = messages.map((message): ChatHistoryItem => {
    if (message.role === 'assistant') return { type: 'model', response: [message.content] };
    // The embedded model has no tools (the API for programs refuses them for it): a result reads as the user's words.
    return { type: message.role === 'tool' ? 'user' : message.role, text: message.content };
  });
  history.push({ type: 'model', response: [] });
  return history;
}

function toFinishReason(stopReason: LlamaChatResponse['metadata']['stopReason']): ChatFinishReason {
  switch (stopReason) {
    case 'eogToken':
    case 'stopGenerationTrigger':
    case 'customStopTrigger':
      return 'stop';
    case 'maxTokens':
      return 'length';
    case 'abort':
      return 'aborted';
    case 'functionCalls':
      return 'tool-calls';
  }
}
