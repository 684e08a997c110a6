import { renderHtmlHead } from "../html/render-html-head.js";

const LOGIN_PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}input,button{font:inherit;padding:.4rem;width:100%;box-sizing:border-box;margin:.3rem 0}p.error{color:#b00020}";

/** The sign-in form of the admin pages: it posts the token, so that it never sits in a URL. */
export function renderAdminLoginPage({ action, failed }: { action: string; failed: boolean }): string {
  return `${renderHtmlHead({ title: "Baton admin: sign in", style: LOGIN_PAGE_STYLE })}
<body>
<h1>Baton queues</h1>
${failed ? '<p class="error">That token is not right.</p>' : ""}
<form method="post" action="${action}">
<label for="token">Admin token (BATON_ADMIN_TOKEN)</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Sign in</button>
</form>
</body>
</html>
`;
}
