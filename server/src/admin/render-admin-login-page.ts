/** The sign-in form of the admin pages: it posts the token, so that it never sits in a URL. */
export function renderAdminLoginPage({ action, failed }: { action: string; failed: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Baton admin: sign in</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}input,button{font:inherit;padding:.4rem;width:100%;box-sizing:border-box;margin:.3rem 0}p.error{color:#b00020}</style>
</head>
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
