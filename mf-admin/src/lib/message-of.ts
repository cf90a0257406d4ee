/** What a caught error says, for a page to show: its message, or the thrown value as text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
