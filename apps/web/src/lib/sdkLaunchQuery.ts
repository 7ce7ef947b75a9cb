// Its own module, imported by telegramSdk.ts only: it comes in the SDK's chunk, which a browser never downloads.

/**
 * The launch query the SDK's strict parser accepts: an empty `signature` is added to launch data
 * that has none (the SDK only checks that the field is a string; the server never sees this copy).
 */
export function sdkCompatibleQuery(query: string): string {
  const params = new URLSearchParams(query);
  const initData = params.get('tgWebAppData');
  if (!initData) return query;
  const data = new URLSearchParams(initData);
  if (data.has('signature')) return query;
  data.set('signature', '');
  params.set('tgWebAppData', data.toString());
  return params.toString();
}
