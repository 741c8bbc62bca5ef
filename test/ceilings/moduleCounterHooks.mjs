let port;
export function initialize(data) {
  port = data.port;
}
export async function load(url, context, next) {
  if (url.includes('/src/')) port.postMessage(url);
  return next(url, context);
}
