// The sign-in form: email and password, plus the company when the Host does not name one.
import { escapeHtml, csrfInput, layout } from './html.js';
import { SIGN_IN_PATH } from './paths.js';

export interface SignInPageProps {
  csrfToken: string;
  /** Ask for the company slug (the Host has no company subdomain). */
  askCompany: boolean;
  email?: string;
  company?: string;
  /** A message about the whole attempt (wrong credentials, throttling, missing fields). */
  error?: string;
}

export function renderSignInPage(props: SignInPageProps): string {
  const error = props.error ? `<p class="alert" role="alert" id="sign-in-error">${escapeHtml(props.error)}</p>` : '';
  const describedBy = props.error ? ' aria-describedby="sign-in-error"' : '';
  const company = props.askCompany
    ? `<label for="company">Company</label>
<input type="text" id="company" name="company" required autocomplete="organization" autocapitalize="none" spellcheck="false" value="${escapeHtml(props.company ?? '')}"${describedBy}>
<p class="hint">The short name of your company, as in <em>acme</em>.example.com.</p>`
    : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${error}
<form method="post" action="${SIGN_IN_PATH}">
${csrfInput(props.csrfToken)}
${company}
<label for="email">Email</label>
<input type="email" id="email" name="email" required autocomplete="username" value="${escapeHtml(props.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input type="password" id="password" name="password" required autocomplete="current-password"${describedBy}>
<div><button type="submit">Sign in</button></div>
</form>`,
  );
}
