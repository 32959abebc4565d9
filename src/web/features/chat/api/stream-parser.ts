import { parseStreamBody, streamMarkers, type StreamError, type StreamMetadata } from '@contracts';

export interface StreamParser {
  /** Takes the next decoded piece of the body; returns the reply text that is now safe to show. */
  push: (chunk: string) => string;
  /** Ends the body; returns the text still held back and the closing line, if one arrived. */
  finish: () => { text: string; metadata?: StreamMetadata; error?: StreamError };
}

const markers = Object.values(streamMarkers);

/**
 * Reads the framing of decision 007 incrementally. Text that might be the start of a closing
 * line is held back until it can be told apart from reply text, so a marker split across
 * chunks never flashes on screen.
 */
export function createStreamParser(): StreamParser {
  let received = '';
  let shownLength = 0;

  function safeEnd(): number {
    let searchFrom = shownLength;
    for (;;) {
      const markerStart = findMarker(received, searchFrom);
      if (markerStart < 0) return received.length - partialMarkerLength(received, shownLength);
      const lineEnd = received.indexOf('\n', markerStart + 1);
      // The closing line is still arriving: hold everything from the marker on.
      if (lineEnd < 0) return markerStart;
      const closing = parseStreamBody(received.slice(markerStart, lineEnd + 1));
      if (closing.metadata || closing.error) return markerStart;
      // A marker-looking line that is not a valid closing line is part of the reply.
      searchFrom = markerStart + 1;
    }
  }

  return {
    push(chunk) {
      received += chunk;
      const end = Math.max(shownLength, safeEnd());
      const text = received.slice(shownLength, end);
      shownLength = end;
      return text;
    },
    finish() {
      const parsed = parseStreamBody(received.slice(shownLength));
      shownLength = received.length;
      return parsed;
    },
  };
}

function findMarker(text: string, from: number): number {
  const positions = markers.map((marker) => text.indexOf(marker, from)).filter((position) => position >= 0);
  return positions.length > 0 ? Math.min(...positions) : -1;
}

/** How many characters at the end of the text could be the beginning of a marker. */
function partialMarkerLength(text: string, notBefore: number): number {
  let longest = 0;
  for (const marker of markers) {
    for (let length = Math.min(marker.length - 1, text.length - notBefore); length > longest; length -= 1) {
      if (text.endsWith(marker.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
