// Runs before the app bundle so the first paint already has the visitor's theme.
// The key and colours mirror src/lib/storage.ts and the Ant Design layout background tokens.
(function () {
  var theme;
  var signedIn = false;
  var sidebarCollapsed = false;
  try {
    theme = window.localStorage.getItem('crimsonhost.theme');
    // SIDEBAR_COLLAPSED_STORAGE_KEY of src/lib/storage.ts.
    sidebarCollapsed = window.localStorage.getItem('crimsonhost.sidebar-collapsed') === 'true';
    // The access token's keys of src/lib/storage.ts (ACCESS_TOKEN_STORAGE_KEYS).
    signedIn = ['accessToken', 'access_token', 'token'].some(function (key) {
      return window.localStorage.getItem(key) !== null;
    });
  } catch {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    var prefersDark =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = prefersDark ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  root.style.backgroundColor = theme === 'dark' ? '#000000' : '#f5f5f5';
  // A prerendered page (decision 060) is drawn for a visitor who is not signed in: global.css
  // hides it from someone who is, until the app draws their page.
  if (signedIn) root.dataset.session = 'stored';
  // Nor is a wide page drawn with a collapsed sidebar: the page would move when the app draws it.
  if (sidebarCollapsed) root.dataset.sidebar = 'collapsed';
  // The server draws the next page in this theme and layout (FIRST_SCREEN_COOKIES of
  // @crimsonhost/shared/first-screen; the breakpoint is MOBILE_BREAKPOINT_PX).
  var wide = window.matchMedia && window.matchMedia('(min-width: 768px)').matches;
  var cookie = '; path=/; max-age=31536000; samesite=lax';
  document.cookie = 'crimsonhost-theme=' + theme + cookie;
  document.cookie = 'crimsonhost-layout=' + (wide ? 'wide' : 'mobile') + cookie;
})();
