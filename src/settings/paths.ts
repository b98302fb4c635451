// The URLs of the settings pages.
export const SETTINGS_PATH = '/settings';
/** The session is also GraphiQL's (/graphql), so its cookies are the whole site's. */
export const SETTINGS_COOKIE_PATH = '/';
export const SIGN_IN_PATH = `${SETTINGS_PATH}/sign-in`;
export const SIGN_OUT_PATH = `${SETTINGS_PATH}/sign-out`;
export const API_TOKENS_PATH = `${SETTINGS_PATH}/api-tokens`;

export function revokeTokenPath(tokenId: number): string {
  return `${API_TOKENS_PATH}/${tokenId}/revoke`;
}
