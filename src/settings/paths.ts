// The URLs of the settings pages.
export const SETTINGS_PATH = '/settings';
export const SETTINGS_COOKIE_PATH = SETTINGS_PATH;
export const SIGN_IN_PATH = `${SETTINGS_PATH}/sign-in`;
export const SIGN_OUT_PATH = `${SETTINGS_PATH}/sign-out`;
export const API_TOKENS_PATH = `${SETTINGS_PATH}/api-tokens`;

export function revokeTokenPath(tokenId: number): string {
  return `${API_TOKENS_PATH}/${tokenId}/revoke`;
}
