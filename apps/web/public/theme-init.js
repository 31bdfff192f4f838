// Runs before the app bundle so the first paint already has the visitor's theme.
// The key and colours mirror src/lib/storage.ts and the Ant Design layout background tokens.
(function () {
  var theme;
  try {
    theme = window.localStorage.getItem('crimsonhost.theme');
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
})();
