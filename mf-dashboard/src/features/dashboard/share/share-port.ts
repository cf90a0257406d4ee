/** What a participant shares: the post text (share text and hashtags) and the study's address. */
export interface ShareMessage {
  text: string;
  url: string;
}

/**
 * How the post left: through the device's own share sheet, through the social network's share
 * dialog in a new window, not at all because the participant cancelled, or not at all because
 * nothing could share it (logged only, product.md section 8).
 */
export type ShareOutcome = 'shared' | 'dialog' | 'cancelled' | 'unavailable';

/** Shares a result on a social network; never throws. */
export interface SharePort {
  share(message: ShareMessage): Promise<ShareOutcome>;
}

/** The parts of the browser the share port uses; tests hand in their own. */
export interface ShareEnvironment {
  navigator?: { share?: (data: { text?: string; url?: string; title?: string }) => Promise<void> };
  open?: (url: string, target: string, features: string) => unknown;
  log?: (message: string, detail?: unknown) => void;
}

/** The social network's share dialog, opened only when a participant asks to share. */
export function shareDialogUrl({ text, url }: ShareMessage): string {
  const query = new URLSearchParams({ u: url, quote: text });
  return `https://www.facebook.com/sharer/sharer.php?${query.toString()}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * The device's share sheet (Web Share API) when there is one, else the social network's share
 * dialog in a new window. Nothing is loaded before the participant asks, and a failure is only
 * logged: the dashboard goes on as before.
 */
export function browserSharePort(environment?: ShareEnvironment): SharePort {
  return {
    async share(message) {
      // Read at the moment of sharing, so nothing of the browser is touched before it is needed.
      const env = environment ?? defaultEnvironment();
      const log = env.log ?? ((text: string, detail?: unknown) => console.warn(text, detail));
      const nativeShare = env.navigator?.share;
      if (typeof nativeShare === 'function') {
        try {
          await nativeShare.call(env.navigator, { text: message.text, url: message.url });
          return 'shared';
        } catch (error) {
          if (isAbort(error)) return 'cancelled';
          log('The share sheet failed; trying the share dialog instead.', error);
        }
      }
      if (typeof env.open !== 'function') {
        log('Sharing is not available in this browser.');
        return 'unavailable';
      }
      try {
        // With noopener browsers answer null even when the window opened, so the answer tells nothing.
        env.open(shareDialogUrl(message), '_blank', 'noopener,width=600,height=500');
        return 'dialog';
      } catch (error) {
        log('The share dialog could not be opened.', error);
        return 'unavailable';
      }
    },
  };
}

function defaultEnvironment(): ShareEnvironment {
  if (typeof window === 'undefined') return {};
  return {
    navigator: window.navigator as ShareEnvironment['navigator'],
    open: (url, target, features) => window.open(url, target, features),
  };
}
