// A participant's result stream (GET /api/user/events/{pgId}, Server-Sent Events) read as the
// dashboard's EventSource reads it: each `results` event's JSON handed to `onResults`.
import { participantFetch } from './participant-sessions.mjs';

export async function openResultsStream(baseUrl, pgId, onResults) {
  const controller = new AbortController();
  const res = await participantFetch(`${baseUrl}/api/user/events/${pgId}`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`the result stream answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim();
          const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
          if (event === 'results' && data) onResults(JSON.parse(data));
        }
      }
    } catch (err) {
      if (err.name !== 'AbortError') throw err;
    }
  })();
  return {
    close: async () => {
      controller.abort();
      await reading.catch(() => undefined);
    },
  };
}
