/**
 * Light/dark theme: the user's choice is kept in localStorage; without one the system setting
 * (prefers-color-scheme) decides. The resolved theme is `data-theme` on <html>, which the CSS
 * variables and Monaco's theme follow.
 */
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'floe.theme';

/** A stored value only counts when it is one of the two themes. */
export const storedTheme = (raw: string | null): Theme | null => (raw === 'light' || raw === 'dark' ? raw : null);

export const resolveTheme = (stored: Theme | null, systemDark: boolean): Theme => stored ?? (systemDark ? 'dark' : 'light');

export const otherTheme = (t: Theme): Theme => (t === 'dark' ? 'light' : 'dark');

/**
 * Run in <head> before the first paint (inline script), so a dark page never flashes light.
 * Kept as source text built from the same key; it must not throw where storage is blocked.
 */
export const themeBootScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.dataset.theme=t}catch(e){}`;
