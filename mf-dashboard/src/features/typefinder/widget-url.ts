/** The provider's widget page with the study email filled in (`?email=`), keeping any query it already has. */
export function widgetSource(widgetUrl: string, email: string): string {
  const url = new URL(widgetUrl);
  url.searchParams.set('email', email);
  return url.toString();
}
