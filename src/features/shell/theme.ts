/** The theme preference: kept in the profile, mirrored in a cookie so the server renders it (no flash). */
export type ThemeChoice = "system" | "light" | "dark";

export function applyTheme(theme: ThemeChoice) {
  document.cookie = `tl-theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function currentTheme(): ThemeChoice {
  const match = /(?:^|;\s*)tl-theme=(light|dark|system)/.exec(document.cookie);
  return (match?.[1] as ThemeChoice) ?? "system";
}
