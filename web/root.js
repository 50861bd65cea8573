// @ts-check
// The site's root URL, whatever its base path. This module sits at the site's root, and so
// does the bundle the build makes of the page's modules (docs/boot.md): either way its own
// URL's folder is the root. Every module that names a file of the site starts from here.
export const ROOT_URL = new URL("./", import.meta.url);
export const ROOT_PATH = ROOT_URL.pathname;
