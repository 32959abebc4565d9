/** One prompt to score, as read from the input file. */
export interface ScoreRequest {
  id: string;
  prompt: string;
}

/**
 * Parses the JSON Lines input of router:score: every non-blank line must be an object with a
 * string `id` and a string `prompt`. Throws on the first bad line, naming it (1-based).
 */
export function parseScoreRequests(text: string): ScoreRequest[] {
  const requests: ScoreRequest[] = [];
  text.split('\n').forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '');
    if (line.trim() === '') return;
    const where = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: not valid JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`${where}: expected an object {"id": string, "prompt": string}`);
    const { id, prompt } = value as Record<string, unknown>;
    if (typeof id !== 'string') throw new Error(`${where}: "id" must be a string`);
    if (typeof prompt !== 'string') throw new Error(`${where}: "prompt" must be a string`);
    requests.push({ id, prompt });
  });
  return requests;
}
